import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FinishedRender } from '../../../shared/domain/script-workspace'
import type { RenderResult } from '../../../shared/domain/narration'
import { AppError } from '../../../shared/errors'
import { buildRenderTimeline } from '../narration/assemble/render-timeline'
import type { TimedWord } from '../narration/assemble/spoken-words'
import { RenderPlaybacks, wordsBetween } from './render-playback'
import { measurePeaks, wavLayout } from './render-playback-file'

/** A 16-bit mono WAV of `samples`, written the way RIFF lays it out. */
function wav(samples: number[], sampleRate = 24_000, extraChunk = false): Uint8Array {
  const extra = extraChunk ? 8 + 4 : 0
  const bytes = new Uint8Array(44 + extra + samples.length * 2)
  const view = new DataView(bytes.buffer)
  const text = (at: number, value: string): void => {
    for (let i = 0; i < 4; i += 1) bytes[at + i] = value.charCodeAt(i)
  }
  text(0, 'RIFF')
  view.setUint32(4, bytes.length - 8, true)
  text(8, 'WAVE')
  text(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * 2, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  let at = 36
  if (extraChunk) {
    text(at, 'LIST')
    view.setUint32(at + 4, 4, true)
    text(at + 8, 'INFO')
    at += 12
  }
  text(at, 'data')
  view.setUint32(at + 4, samples.length * 2, true)
  samples.forEach((s, i) => view.setInt16(at + 8 + i * 2, s, true))
  return bytes
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vd-playback-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function finished(outputPath: string, format: RenderResult['format'], seconds: number) {
  return {
    outputName: 'book.wav',
    elapsedSeconds: 1,
    finishedAt: '2026-11-24T20:00:00.000Z',
    result: { outputPath, format, sampleRate: 24_000, durationSeconds: seconds } as RenderResult,
  } satisfies FinishedRender
}

describe('wavLayout', () => {
  it('finds the samples after chunks that come before them', () => {
    const bytes = wav([1, 2, 3], 44_100, true)
    expect(wavLayout(bytes, bytes.length)).toEqual({
      dataOffset: 56,
      dataBytes: 6,
      channels: 1,
      sampleRate: 44_100,
    })
  })

  it('refuses what is not 16-bit PCM WAV', () => {
    const bytes = wav([1, 2])
    bytes[34] = 24
    expect(wavLayout(bytes, bytes.length)).toBeNull()
    expect(wavLayout(new TextEncoder().encode('ID3 not a wav file'), 18)).toBeNull()
  })
})

describe('measurePeaks', () => {
  it('gives the loudest sample of each equal slice, across chunk edges', async () => {
    // 3 MB of samples: the stream delivers several chunks, some split inside a sample.
    const count = 1_500_001
    const samples = new Array<number>(count).fill(0)
    samples[10] = -32768 // first slice: full scale
    samples[Math.floor(count / 2) + 5] = 16384 // second slice: half
    const path = join(dir, 'long.wav')
    const bytes = wav(samples)
    await writeFile(path, bytes)
    const layout = wavLayout(bytes.subarray(0, 64), bytes.length)!
    expect(await measurePeaks(path, { ...layout, dataOffset: layout.dataOffset }, 2)).toEqual([
      1, 0.5,
    ])
    // An odd offset puts every sample across a chunk edge at some point.
    const shifted = new Uint8Array(bytes.length + 1)
    shifted.set(bytes, 1)
    await writeFile(join(dir, 'odd.raw'), shifted)
    expect(
      await measurePeaks(join(dir, 'odd.raw'), { ...layout, dataOffset: layout.dataOffset + 1 }, 4),
    ).toEqual([1, 0, 0.5, 0])
  })

  it('never gives more peaks than there are samples', async () => {
    const path = join(dir, 'short.wav')
    const bytes = wav([0, 8192, -8192])
    await writeFile(path, bytes)
    expect(await measurePeaks(path, wavLayout(bytes, bytes.length)!, 4000)).toEqual([0, 0.25, 0.25])
  })
})

const word = (blockIndex: number, text: string, startMs: number, srcStart = 0): TimedWord => ({
  blockIndex,
  text,
  spoken: text,
  srcStart,
  srcEnd: srcStart + text.length,
  startMs,
  endMs: startMs + 200,
})

describe('buildRenderTimeline', () => {
  const blocks = [
    { index: 0, id: 'a', chapter: null },
    { index: 1, id: 'b', chapter: 'One' },
    { index: 2, id: 'c', chapter: 'One' },
    { index: 3, id: 'd', chapter: 'Two' },
  ]

  it('puts words in time order and starts each chapter at its first block', () => {
    const timeline = buildRenderTimeline(
      blocks,
      [word(1, 'later', 1500), word(0, 'first', 100)],
      new Map([
        [0, 50],
        [1, 1400],
        [2, 2000],
        [3, 3100],
      ]),
    )
    expect(timeline.words.map((w) => [w.blockId, w.text, w.startMs])).toEqual([
      ['a', 'first', 100],
      ['b', 'later', 1500],
    ])
    expect(timeline.chapters).toEqual([
      { title: 'Opening', startMs: 0 },
      { title: 'One', startMs: 1400 },
      { title: 'Two', startMs: 3100 },
    ])
  })

  it('has no chapters when the script has no headings', () => {
    const plain = blocks.map((b) => ({ ...b, chapter: null }))
    expect(buildRenderTimeline(plain, [], new Map([[0, 0]])).chapters).toEqual([])
  })
})

describe('wordsBetween', () => {
  const { words } = buildRenderTimeline(
    [{ index: 0, id: 'a', chapter: null }],
    [0, 1, 2, 3, 4].map((i) => word(0, `w${i}`, i * 1000, i * 3)),
    new Map(),
  )

  it('gives the words heard in a window, with their place in the block', () => {
    expect(wordsBetween(words, 1100, 3000)).toEqual([
      { blockId: 'a', text: 'w1', start: 3, end: 5, startMs: 1000, endMs: 1200 },
      { blockId: 'a', text: 'w2', start: 6, end: 8, startMs: 2000, endMs: 2200 },
    ])
    expect(wordsBetween(words, 0, 10_000, 2).map((w) => w.text)).toEqual(['w0', 'w1'])
    expect(wordsBetween(words, 5000, 6000)).toEqual([])
  })
})

describe('RenderPlaybacks', () => {
  it('describes a finished WAV with its waveform, and reads it in chunks', async () => {
    const path = join(dir, 'book.wav')
    const bytes = wav([0, 32767, 0, -16384])
    await writeFile(path, bytes)
    const playbacks = new RenderPlaybacks()
    playbacks.remember('doc', finished(path, 'wav', 4 / 24_000), {
      words: [],
      chapters: [{ title: 'One', startMs: 0 }],
    })
    const playback = await playbacks.playback('doc')
    expect(playback).toMatchObject({
      bytes: bytes.length,
      mimeType: 'audio/wav',
      rawPcmRate: null,
      chapters: [{ title: 'One', startSeconds: 0 }],
      hasWords: false,
    })
    expect(playback.peaks).toEqual([0, 1, 0, 0.5])
    expect(await playbacks.audioChunk('doc', 40, 100)).toEqual(bytes.subarray(40))
  })

  it('plays an MP3 without a waveform, and raw PCM with the rate for its header', async () => {
    const mp3 = join(dir, 'book.mp3')
    await writeFile(mp3, new Uint8Array([0xff, 0xfb, 0x90, 0x00]))
    const pcm = join(dir, 'book.pcm')
    await writeFile(pcm, new Uint8Array([0, 0x40, 0, 0]))
    const playbacks = new RenderPlaybacks()
    playbacks.remember('mp3', finished(mp3, 'mp3', 1), null)
    playbacks.remember('pcm', finished(pcm, 'pcm', 1), null)
    expect(await playbacks.playback('mp3')).toMatchObject({ mimeType: 'audio/mpeg', peaks: null })
    expect(await playbacks.playback('pcm')).toMatchObject({ rawPcmRate: 24_000, peaks: [0.5, 0] })
  })

  it('gives the peaks a render measured as it wrote the file, for any format', async () => {
    // Not an MP3 the window could decode, so the peaks can only be the ones the render kept.
    const mp3 = join(dir, 'long.mp3')
    await writeFile(mp3, new Uint8Array([0xff, 0xfb, 0x90, 0x00]))
    const wavPath = join(dir, 'measured.wav')
    await writeFile(wavPath, wav([0, 32767, 0, -16384]))
    const playbacks = new RenderPlaybacks()
    const timeline = { words: [], chapters: [], peaks: [0, 0.25, 0.5, 0] }
    playbacks.remember('mp3', finished(mp3, 'mp3', 3600), timeline)
    playbacks.remember('wav', finished(wavPath, 'wav', 4 / 24_000), timeline)
    // A render that measured none (a splice): the WAV file is read as before.
    playbacks.remember('spliced', finished(wavPath, 'wav', 4 / 24_000), {
      ...timeline,
      peaks: null,
    })
    expect(await playbacks.playback('mp3')).toMatchObject({
      mimeType: 'audio/mpeg',
      durationSeconds: 3600,
      peaks: [0, 0.25, 0.5, 0],
    })
    expect((await playbacks.playback('wav')).peaks).toEqual([0, 0.25, 0.5, 0])
    expect((await playbacks.playback('spliced')).peaks).toEqual([0, 1, 0, 0.5])
  })

  it('says what to do when the file is gone or nothing was rendered', async () => {
    const playbacks = new RenderPlaybacks()
    await expect(playbacks.playback('none')).rejects.toThrow(/Render the script first/)
    playbacks.remember('doc', finished(join(dir, 'moved.wav'), 'wav', 1), null)
    const error = await playbacks.playback('doc').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('NOT_FOUND')
    expect((error as AppError).message).toMatch(/moved\.wav .*moved, renamed or deleted/)
  })
})
