import { createReadStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import type { RenderFormat } from '../../../shared/domain/speech'
import type { FinishedRender } from '../../../shared/domain/script-workspace'
import type { PlaybackWord, RenderPlayback } from '../../../shared/domain/render-playback'
import {
  MAX_AUDIO_CHUNK_BYTES,
  MAX_TIMELINE_WORDS,
  MAX_WAVEFORM_PEAKS,
} from '../../../shared/domain/render-playback'
import { AppError } from '../../../shared/errors'
import type { RenderTimeline, TimelineWord } from '../narration/assemble/render-timeline'

const MIME_TYPES: Record<RenderFormat, string> = {
  wav: 'audio/wav',
  pcm: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  m4b: 'audio/mp4',
}

/** Where the 16-bit samples of a WAV or raw PCM file are, or null when they are not 16-bit PCM. */
export interface PcmLayout {
  dataOffset: number
  dataBytes: number
  channels: number
  sampleRate: number
}

/**
 * The sample layout of a WAV file from its first bytes (RIFF chunks up to `data`), or null when
 * the header is not 16-bit PCM or not within `head`.
 */
export function wavLayout(head: Uint8Array, fileBytes: number): PcmLayout | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  const tag = (at: number): string => String.fromCharCode(...head.subarray(at, at + 4))
  if (head.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return null
  let channels = 0
  let sampleRate = 0
  let bits = 0
  let at = 12
  while (at + 8 <= head.byteLength) {
    const id = tag(at)
    const size = view.getUint32(at + 4, true)
    if (id === 'fmt ' && at + 24 <= head.byteLength) {
      const format = view.getUint16(at + 8, true)
      channels = view.getUint16(at + 10, true)
      sampleRate = view.getUint32(at + 12, true)
      bits = view.getUint16(at + 22, true)
      // 1 = PCM, 0xfffe = extensible (its sub-format is PCM for what the engine writes).
      if (format !== 1 && format !== 0xfffe) return null
    }
    if (id === 'data') {
      if (bits !== 16 || channels < 1 || sampleRate < 1) return null
      const dataOffset = at + 8
      // A header written before the size was known can say 0 or more than is there.
      const dataBytes = Math.min(size === 0 ? Infinity : size, fileBytes - dataOffset)
      return { dataOffset, dataBytes, channels, sampleRate }
    }
    at += 8 + size + (size % 2)
  }
  return null
}

/**
 * The waveform of 16-bit PCM: the highest absolute level (0..1) of each of `count` equal slices,
 * every channel together. The file is streamed in chunks (never held whole), so an hours-long
 * book costs a few megabytes of memory and the event loop gets a turn between chunks.
 */
export async function measurePeaks(
  path: string,
  layout: PcmLayout,
  count: number,
): Promise<number[]> {
  const frames = Math.floor(layout.dataBytes / (2 * layout.channels))
  const slices = Math.max(1, Math.min(count, frames))
  const peaks = new Array<number>(slices).fill(0)
  if (frames === 0) return []
  const framesPerSlice = frames / slices
  const stream = createReadStream(path, {
    start: layout.dataOffset,
    end: layout.dataOffset + frames * 2 * layout.channels - 1,
    // Small reads: each is measured in well under a millisecond, so the loop is never held.
    highWaterMark: 256 * 1024,
  })
  const channels = layout.channels
  let sample = 0 // samples seen so far, every channel counted
  let carry: number | null = null
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let at = 0
    if (carry !== null && chunk.length > 0) {
      // A sample split across two reads: its low byte ended the last one.
      note([(((chunk[0]! << 8) | carry) << 16) >> 16])
      carry = null
      at = 1
    }
    const usable = (chunk.length - at) & ~1
    if (usable > 0) {
      const start = chunk.byteOffset + at
      // An Int16Array needs an even offset; a read that starts odd is copied once.
      const samples =
        start % 2 === 0
          ? new Int16Array(chunk.buffer, start, usable / 2)
          : new Int16Array(chunk.subarray(at, at + usable).slice().buffer)
      note(samples)
    }
    if (at + usable < chunk.length) carry = chunk[at + usable]!
  }
  return peaks.map((peak) => Math.round(peak * 10_000) / 10_000)

  /** Little-endian hosts only read Int16Array as the file's order; every desktop we ship is. */
  function note(samples: ArrayLike<number>): void {
    let i = 0
    while (i < samples.length) {
      const slice = Math.min(slices - 1, Math.floor(Math.floor(sample / channels) / framesPerSlice))
      // The first sample of the next slice, or the end of what this read holds.
      const sliceEnd = Math.ceil((slice + 1) * framesPerSlice) * channels
      const stop = Math.min(samples.length, i + Math.max(1, sliceEnd - sample))
      let loudest = 0
      for (let j = i; j < stop; j += 1) {
        const value = samples[j]!
        const level = value < 0 ? -value : value
        if (level > loudest) loudest = level
      }
      if (loudest / 32768 > peaks[slice]!) peaks[slice] = loudest / 32768
      sample += stop - i
      i = stop
    }
  }
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
}

function fileGone(path: string): AppError {
  return new AppError(
    'NOT_FOUND',
    `The rendered file ${basename(path)} is no longer where it was written: it was moved, renamed or deleted. Render again to play it here.`,
  )
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
    this.#held.set(key, { finished, timeline, playback: null })
  }

  forget(key: string): void {
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

  /** The spoken words between two times of the finished file (empty without word timings). */
  words(key: string, fromMs: number, toMs: number): PlaybackWord[] {
    return wordsBetween(this.#get(key).timeline?.words ?? [], fromMs, toMs)
  }
}

/** The waveform read from a WAV or raw PCM file; null for any other format. */
async function peaksOfFile(
  path: string,
  size: number,
  result: FinishedRender['result'],
): Promise<number[] | null> {
  let layout: PcmLayout | null = null
  if (result.format === 'pcm') {
    layout = { dataOffset: 0, dataBytes: size, channels: 1, sampleRate: result.sampleRate }
  } else if (result.format === 'wav') {
    layout = wavLayout(await readBytes(path, 0, Math.min(size, 64 * 1024)), size)
  }
  return layout === null ? null : measurePeaks(path, layout, MAX_WAVEFORM_PEAKS)
}

async function readBytes(path: string, offset: number, length: number): Promise<Uint8Array> {
  const file = await open(path, 'r').catch(() => {
    throw fileGone(path)
  })
  try {
    const buffer = new Uint8Array(length)
    const { bytesRead } = await file.read(buffer, 0, length, offset)
    return buffer.subarray(0, bytesRead)
  } finally {
    await file.close()
  }
}
