import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import type { RenderFormat } from '../../../shared/domain/speech'
import type { FinishedRender } from '../../../shared/domain/script-workspace'
import type {
  PlaybackWord,
  RenderPlayback,
  WaveSlice,
} from '../../../shared/domain/render-playback'
import { MAX_AUDIO_CHUNK_BYTES, MAX_TIMELINE_WORDS } from '../../../shared/domain/render-playback'
import { AppError } from '../../../shared/errors'
import type { RenderTimeline, TimelineWord } from '../narration/assemble/render-timeline'
import { fileGone, peaksOfFile, readBytes } from './render-playback-file'
import { AacWaveSlices } from './render-playback-slices'

const MIME_TYPES: Record<RenderFormat, string> = {
  wav: 'audio/wav',
  pcm: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  m4b: 'audio/mp4',
}

/** The words of `words` (in timeline order) heard between `fromMs` and `toMs`, at most `max`. */
export function wordsBetween(
  words: readonly TimelineWord[],
  fromMs: number,
  toMs: number,
  max = MAX_TIMELINE_WORDS,
): PlaybackWord[] {
  let low = 0
  let high = words.length
  while (low < high) {
    const mid = (low + high) >> 1
    if (words[mid]!.endMs <= fromMs) low = mid + 1
    else high = mid
  }
  const found: PlaybackWord[] = []
  for (let i = low; i < words.length && found.length < max; i += 1) {
    const word = words[i]!
    if (word.startMs >= toMs) break
    found.push({
      blockId: word.blockId,
      text: word.text,
      start: word.srcStart,
      end: word.srcEnd,
      startMs: word.startMs,
      endMs: word.endMs,
    })
  }
  return found
}

interface Held {
  finished: FinishedRender
  timeline: RenderTimeline | null
  playback: Promise<RenderPlayback> | null
  /** The AAC or M4B file opened for its waveform slices, on the window's first ask. */
  slices: AacWaveSlices | null
}

/**
 * The finished renders the app's player can play, by document: their size and type, waveform
 * peaks (the ones the render measured as it wrote the file, else measured once from a WAV or
 * PCM file, streamed), chapter marks and word timings, and their bytes
 * chunk by chunk. Why chunks and not the whole file: a book is hours long (hundreds of megabytes
 * as WAV) and one IPC message that size would stall both processes.
 */
export class RenderPlaybacks {
  readonly #held = new Map<string, Held>()

  /** Keeps what the player of a document's last finished render needs. */
  remember(key: string, finished: FinishedRender, timeline: RenderTimeline | null): void {
    this.forget(key)
    this.#held.set(key, { finished, timeline, playback: null, slices: null })
  }

  forget(key: string): void {
    this.#held.get(key)?.slices?.dispose()
    this.#held.delete(key)
  }

  #get(key: string): Held {
    const held = this.#held.get(key)
    if (held === undefined) {
      throw new AppError(
        'NOT_FOUND',
        'There is no finished render to play. Render the script first.',
      )
    }
    return held
  }

  /** What the player shows and needs to fetch the audio; the waveform is measured on first ask. */
  async playback(key: string): Promise<RenderPlayback> {
    const held = this.#get(key)
    // Why kept as a promise: a second ask while the file is measured waits for the same work.
    held.playback ??= this.#measure(held)
    held.playback.catch(() => {
      held.playback = null
    })
    return held.playback
  }

  async #measure(held: Held): Promise<RenderPlayback> {
    const { result, finishedAt } = held.finished
    const path = result.outputPath
    const size = await stat(path).then(
      (s) => s.size,
      () => {
        throw fileGone(path)
      },
    )
    // Measured by the render as it wrote the file, whatever its format; read from the file for a
    // WAV or PCM render that did not (a splice), and none for the rest (the window decodes them).
    const peaks = held.timeline?.peaks ?? (await peaksOfFile(path, size, result))
    return {
      finishedAt,
      durationSeconds: result.durationSeconds,
      bytes: size,
      mimeType: MIME_TYPES[result.format],
      rawPcmRate: result.format === 'pcm' ? result.sampleRate : null,
      peaks,
      waveSlices: peaks === null && hasWaveSlices(result.format),
      chapters: (held.timeline?.chapters ?? []).map((c) => ({
        title: c.title,
        startSeconds: c.startMs / 1000,
      })),
      hasWords: (held.timeline?.words.length ?? 0) > 0,
    }
  }

  /** Up to `length` bytes of the finished file from `offset` (fewer at its end). */
  async audioChunk(key: string, offset: number, length: number): Promise<Uint8Array> {
    const path = this.#get(key).finished.result.outputPath
    return readBytes(path, offset, Math.min(length, MAX_AUDIO_CHUNK_BYTES))
  }

  /**
   * A stretch of an AAC or M4B render as ADTS frames, from `fromSeconds`, for the window to
   * decode for its waveform (see {@link AacWaveSlices}).
   */
  async waveSlice(key: string, fromSeconds: number): Promise<WaveSlice> {
    const held = this.#get(key)
    const { format, outputPath } = held.finished.result
    if (!hasWaveSlices(format)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The waveform of ${basename(outputPath)} comes with the render; only AAC and M4B renders are read in slices.`,
      )
    }
    held.slices ??= new AacWaveSlices(outputPath, format)
    return held.slices.slice(fromSeconds)
  }

  /** The spoken words between two times of the finished file (empty without word timings). */
  words(key: string, fromMs: number, toMs: number): PlaybackWord[] {
    return wordsBetween(this.#get(key).timeline?.words ?? [], fromMs, toMs)
  }
}

function hasWaveSlices(format: RenderFormat): format is 'aac' | 'm4b' {
  return format === 'aac' || format === 'm4b'
}
