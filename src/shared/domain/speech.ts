/** Formats of the non-streaming speech endpoint (`wav` is its default). */
export const SPEECH_FORMATS = ['wav', 'mp3', 'ogg', 'aac', 'pcm'] as const
export type SpeechFormat = (typeof SPEECH_FORMATS)[number]

/**
 * Formats a narration renders to: the speech endpoint's, plus M4B (an audiobook: the service's
 * AAC in MP4, with chapters, tags and cover), which VoiceDesk muxes itself.
 */
export const RENDER_FORMATS = [...SPEECH_FORMATS, 'm4b'] as const
export type RenderFormat = (typeof RENDER_FORMATS)[number]

/** True for the formats whose pieces are the service's AAC frames, joined without re-encoding. */
export function isAacContainer(format: RenderFormat): format is 'aac' | 'm4b' {
  return format === 'aac' || format === 'm4b'
}

/** Codecs of the streaming endpoint (chosen by `Accept`; no WAV over the stream). */
export const STREAM_CODECS = ['mp3', 'ogg', 'aac', 'pcm'] as const
export type StreamCodec = (typeof STREAM_CODECS)[number]

/** Input limits in Unicode code points, SSML tags included (upstream-api.md, "Limits"). */
export const MAX_SPEECH_INPUT = 2000
export const MAX_STREAM_INPUT = 20_000

/** PCM on the wire: 16-bit signed little-endian, mono, 24 kHz, no header. */
export const PCM_SAMPLE_RATE = 24_000
export const PCM_BYTES_PER_SAMPLE = 2

/** Synthesis options the service documents; both are off unless asked for. */
export interface SpeechOptions {
  loudnessNormalization?: boolean
  textNormalization?: boolean
}

/**
 * One timed mark: character offsets into the request's `input` (end exclusive) and times in
 * milliseconds. `value` may differ from the input slice: slice the input by offsets for the text.
 */
export interface SpeechMark {
  type: string
  start: number
  end: number
  startMs: number
  endMs: number
  value: string
}

/** The speech marks of one synthesis: the sentence-level mark and its words, in order. */
export interface SpeechMarks {
  sentence: SpeechMark | null
  words: SpeechMark[]
}

/** The result of one non-streaming synthesis. */
export interface SynthesisResult {
  audio: Uint8Array
  format: SpeechFormat
  billableCharacters: number | null
  speechMarks: SpeechMarks
  requestId: string | null
}

/** How long each phase of a stream took, in milliseconds from the moment it was started. */
export interface StreamTimings {
  /** Time spent waiting in the account-wide scheduler before the request was sent. */
  queuedMs: number
  /** First byte of the response body on the socket, from the send. */
  firstByteMs: number | null
  /** First chunk handed to the listener, from the send. */
  firstChunkMs: number | null
  totalMs: number
}

/** The result of a finished (complete and verified) stream. */
export interface StreamResult {
  bytes: number
  codec: StreamCodec
  requestId: string | null
  timings: StreamTimings
  /** The file written, when the stream went to a file. */
  path: string | null
}
