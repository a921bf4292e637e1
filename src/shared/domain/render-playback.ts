/**
 * What the in-app player of a finished render needs: the file's size and type (its bytes are read
 * in chunks), a waveform drawn from peaks main measured, chapter marks, and the spoken words on the
 * timeline so the one being heard can be shown.
 */

/** The most bytes one `script:renderAudioChunk` call returns (the player asks chunk by chunk). */
export const MAX_AUDIO_CHUNK_BYTES = 4 * 1024 * 1024

/** How many peaks a waveform has at most, whatever the length of the render. */
export const MAX_WAVEFORM_PEAKS = 4000

/** The most words one `script:renderWords` call returns. */
export const MAX_TIMELINE_WORDS = 400

/** A chapter's start on the finished file's timeline. */
export interface PlaybackChapter {
  title: string
  startSeconds: number
}

/** A finished render as the in-app player sees it. */
export interface RenderPlayback {
  /** Changes with every render, so the player knows its bytes are stale. */
  finishedAt: string
  durationSeconds: number
  /** Bytes of the file on disk; read in chunks of at most {@link MAX_AUDIO_CHUNK_BYTES}. */
  bytes: number
  /** The media type the player hands to the audio element. */
  mimeType: string
  /**
   * Raw PCM (no header): the player adds a WAV header of this rate (16-bit mono) before playing;
   * null for every other format.
   */
  rawPcmRate: number | null
  /** Highest absolute level per equal slice of the file (0..1), or null when main cannot decode it. */
  peaks: number[] | null
  /**
   * True for an AAC or M4B render (no peaks: main has no AAC decoder): main can hand the window
   * its frames as ADTS slices (`script:renderWaveSlice`), which the window decodes one at a time.
   */
  waveSlices: boolean
  chapters: PlaybackChapter[]
  /** Whether word timings exist (the service returned speech marks for every piece). */
  hasWords: boolean
}

/** About how much audio one `script:renderWaveSlice` answer holds: a bounded decode in the window. */
export const WAVE_SLICE_SECONDS = 180

/**
 * A stretch of an AAC or M4B render as a stream of ADTS frames cut at frame boundaries, which a
 * decoder takes on its own. It starts a frame or two before `fromSeconds` (the decoder's warm-up:
 * each AAC frame overlaps the one before), so its level counts from `fromSeconds` to `toSeconds`.
 */
export interface WaveSlice {
  adts: Uint8Array
  /** Where the slice's first frame starts on the render's timeline. */
  startSeconds: number
  fromSeconds: number
  /** Where the next slice's `fromSeconds` is; the render's end for the last slice. */
  toSeconds: number
  /** True for the slice that reaches the end of the render. */
  last: boolean
}

/** A spoken word on the finished file's timeline, with where it is in its block's text. */
export interface PlaybackWord {
  blockId: string
  /** The word as written in the script. */
  text: string
  /** UTF-16 range in the block text. */
  start: number
  end: number
  startMs: number
  endMs: number
}
