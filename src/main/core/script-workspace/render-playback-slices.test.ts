import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RenderResult } from '../../../shared/domain/narration'
import type { WaveSlice } from '../../../shared/domain/render-playback'
import { MAX_AUDIO_CHUNK_BYTES, WAVE_SLICE_SECONDS } from '../../../shared/domain/render-playback'
import type { FinishedRender } from '../../../shared/domain/script-workspace'
import { AppError } from '../../../shared/errors'
import { AAC_FRAME_SAMPLES, silentAdtsFrame, summarizeAdts } from '../narration/assemble/aac-frames'
import { openM4bOutput } from '../narration/assemble/m4b-output'
import { decodeSamples, ffmpegTone } from '../../testing/test-audio'
import { useTempDirs } from '../../testing/temp-dir'
import { RenderPlaybacks } from './render-playback'

const tempDir = useTempDirs('vd-wave-slices-')
const RATE = 24_000
const FRAME_SECONDS = AAC_FRAME_SAMPLES / RATE
/** Silent frames between the tones: long enough that the book needs three slices. */
const GAP_FRAMES = 4700

let dir: string
/** The book as the service's AAC frames and our silent ones: tone, gap, tone, gap, tone. */
let book: Uint8Array[]
let bookFrames: number
/** Where each tone starts, in seconds. */
let toneStarts: number[]

beforeAll(async () => {
  dir = await tempDir()
  // AAC LC, 24 kHz mono ADTS, as the service sends it: 2 s of a tone made by Debian's ffmpeg.
  const tone = ffmpegTone({
    seconds: 2,
    frequency: 330,
    sampleRate: RATE,
    channels: 1,
    args: ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts'],
    extension: 'aac',
  })
  const toneFrames = summarizeAdts(tone, 'the tone').frames
  const silent = silentAdtsFrame()
  const gap = new Uint8Array(silent.byteLength * GAP_FRAMES)
  for (let i = 0; i < GAP_FRAMES; i += 1) gap.set(silent, i * silent.byteLength)
  book = [tone, gap, tone, gap, tone]
  bookFrames = 3 * toneFrames + 2 * GAP_FRAMES
  toneStarts = [0, 1, 2].map((i) => i * (toneFrames + GAP_FRAMES) * FRAME_SECONDS)
})

function finished(path: string, format: RenderResult['format']): FinishedRender {
  return {
    outputName: 'book',
    elapsedSeconds: 1,
    finishedAt: '2026-11-25T07:00:00.000Z',
    result: {
      outputPath: path,
      format,
      sampleRate: RATE,
      durationSeconds: bookFrames * FRAME_SECONDS,
    } as RenderResult,
  }
}

async function writeBook(format: 'aac' | 'm4b'): Promise<string> {
  const path = join(dir, `book.${format}`)
  if (format === 'aac') {
    await writeFile(path, Buffer.concat(book))
  } else {
    const m4b = await openM4bOutput(path)
    for (const part of book) await m4b.write(part)
    await m4b.commit()
  }
  return path
}

/** Every slice of a render, asked for the way the window does: from each slice's end. */
async function allSlices(playbacks: RenderPlaybacks, key: string): Promise<WaveSlice[]> {
  const slices: WaveSlice[] = []
  let from = 0
  for (;;) {
    const slice = await playbacks.waveSlice(key, from)
    slices.push(slice)
    if (slice.last || slices.length > 10) return slices
    from = slice.toSeconds
  }
}

/** The slice decoded by ffmpeg on its own, as a file of its own. */
async function decodeSlice(slice: WaveSlice, name: string): Promise<Int16Array> {
  const path = join(dir, `${name}.aac`)
  await writeFile(path, slice.adts)
  return decodeSamples(path)
}

describe('an AAC or M4B render in waveform slices', () => {
  const decoded: Record<string, Int16Array[]> = {}

  it.each(['aac', 'm4b'] as const)(
    'cuts a %s render into whole ADTS frames that each decode alone and cover the book once',
    async (format) => {
      const path = await writeBook(format)
      const playbacks = new RenderPlaybacks()
      playbacks.remember(format, finished(path, format), null)
      expect(await playbacks.playback(format)).toMatchObject({ peaks: null, waveSlices: true })

      const slices = await allSlices(playbacks, format)
      expect(slices).toHaveLength(3)
      expect(slices.map((s) => s.last)).toEqual([false, false, true])
      expect(slices[0]!.fromSeconds).toBe(0)
      for (let i = 1; i < slices.length; i += 1) {
        // Each stretch starts where the last ended, with two frames before it to warm up on.
        expect(slices[i]!.fromSeconds).toBe(slices[i - 1]!.toSeconds)
        expect(slices[i]!.fromSeconds - slices[i]!.startSeconds).toBeCloseTo(2 * FRAME_SECONDS, 9)
      }
      expect(slices.at(-1)!.toSeconds).toBeCloseTo(bookFrames * FRAME_SECONDS, 6)
      decoded[format] = []
      for (const [i, slice] of slices.entries()) {
        const seconds = slice.toSeconds - slice.fromSeconds
        // Cut at the first frame boundary after the slice's length (the last: the book's end).
        expect(seconds).toBeLessThan(WAVE_SLICE_SECONDS + FRAME_SECONDS)
        if (!slice.last) expect(seconds).toBeGreaterThanOrEqual(WAVE_SLICE_SECONDS)
        expect(slice.adts.byteLength).toBeLessThanOrEqual(MAX_AUDIO_CHUNK_BYTES)
        // A valid ADTS stream of whole frames, and exactly as long as its place on the timeline.
        const frames = summarizeAdts(slice.adts, `slice ${i}`).frames
        expect(frames * FRAME_SECONDS).toBeCloseTo(slice.toSeconds - slice.startSeconds, 6)
        const samples = await decodeSlice(slice, `${format}-${i}`)
        expect(samples.length).toBe(frames * AAC_FRAME_SAMPLES)
        decoded[format].push(samples)
      }
      // The tone is heard in its slice, where the book has it, and nowhere else.
      for (const [i, samples] of decoded[format].entries()) {
        const start = slices[i]!.startSeconds
        const loud = samples.findIndex((s) => Math.abs(s) > 2000)
        const tone = toneStarts.find((t) => t >= slices[i]!.fromSeconds - 0.01)!
        expect(start + loud / RATE).toBeGreaterThanOrEqual(tone)
        expect(start + loud / RATE).toBeLessThan(tone + 0.2)
        const quietFrom = Math.ceil((tone + 3 - start) * RATE)
        expect(samples.subarray(quietFrom).every((s) => s === 0)).toBe(true)
      }
    },
  )

  it('gives the same sound from the M4B as from the ADTS file it was muxed from', () => {
    expect(decoded.m4b).toHaveLength(3)
    const bytes = (samples: Int16Array): Buffer =>
      Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)
    for (const [i, samples] of decoded.m4b!.entries()) {
      expect(samples.length).toBe(decoded.aac![i]!.length)
      // Compared as bytes: a deep equality of millions of samples would take minutes.
      expect(bytes(samples).equals(bytes(decoded.aac![i]!))).toBe(true)
    }
  })

  it('refuses a render whose waveform comes with it, and says when the file has gone', async () => {
    const playbacks = new RenderPlaybacks()
    const wav = join(dir, 'book.wav')
    playbacks.remember('wav', finished(wav, 'wav'), null)
    await expect(playbacks.waveSlice('wav', 0)).rejects.toThrow(
      'The waveform of book.wav comes with the render; only AAC and M4B renders are read in slices.',
    )
    const gone = await writeBook('m4b')
    await rm(gone)
    playbacks.remember('gone', finished(gone, 'm4b'), null)
    const error: unknown = await playbacks.waveSlice('gone', 0).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('NOT_FOUND')
    expect((error as AppError).message).toBe(
      'The waveform of book.m4b cannot be drawn: it is no longer where it was written (moved, renamed or deleted). Render again to play it here with its waveform.',
    )
  })
})
