// A finished render's file on disk, for the player: its bytes from an offset, and the waveform of
// a WAV or raw PCM file measured by streaming its samples.

import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { basename } from 'node:path'
import type { FinishedRender } from '../../../shared/domain/script-workspace'
import { MAX_WAVEFORM_PEAKS } from '../../../shared/domain/render-playback'
import { AppError } from '../../../shared/errors'

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

/** The waveform read from a WAV or raw PCM file; null for any other format. */
export async function peaksOfFile(
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

export function fileGone(path: string): AppError {
  return new AppError(
    'NOT_FOUND',
    `The rendered file ${basename(path)} is no longer where it was written: it was moved, renamed or deleted. Render again to play it here.`,
  )
}

export async function readBytes(path: string, offset: number, length: number): Promise<Uint8Array> {
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
