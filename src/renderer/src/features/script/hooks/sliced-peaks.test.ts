import { describe, expect, it } from 'vitest'
import { MeasuredPeaks, addSliceLevels, measureSlicedPeaks } from './sliced-peaks'

/** `seconds` of samples at `rate`, each `level(t)` at its time on the slice. */
function samplesOf(seconds: number, rate: number, level: (t: number) => number): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => level(i / rate))
}

describe('addSliceLevels', () => {
  it('puts each sample in the peak of its time on the render, leaving the warm-up out', () => {
    // A 10 s render in 10 peaks; the slice holds 4 to 8 s, plus 1 s of warm-up from 3 s.
    const peaks = new Array<number>(10).fill(0)
    const rate = 100
    // Loud in the warm-up (must not count), then a level that says which second it is in (levels
    // a Float32Array holds exactly).
    const samples = samplesOf(5, rate, (t) => (t < 1 ? 0.875 : -(Math.floor(t) + 3) / 16))
    addSliceLevels(peaks, samples, rate, { startSeconds: 3, fromSeconds: 4, toSeconds: 8 }, 10)
    expect(peaks).toEqual([0, 0, 0, 0, 0.25, 0.3125, 0.375, 0.4375, 0, 0])
  })

  it('keeps the loudest of two slices that share a peak, and stops at the slice end', () => {
    // 3 peaks over 9 s: the boundary at 4.5 s falls inside the second peak (3 to 6 s).
    const peaks = new Array<number>(3).fill(0)
    const rate = 10
    addSliceLevels(
      peaks,
      samplesOf(5, rate, () => 0.25),
      rate,
      { startSeconds: 0, fromSeconds: 0, toSeconds: 4.5 },
      9,
    )
    addSliceLevels(
      peaks,
      samplesOf(5, rate, (t) => (t < 1 ? 0.5 : 0.125)),
      rate,
      { startSeconds: 4.5, fromSeconds: 4.5, toSeconds: 9 },
      9,
    )
    expect(peaks).toEqual([0.25, 0.5, 0.125])
  })

  it('ends in the last peak however the seconds round, and leaves no peak above 1', () => {
    const peaks = new Array<number>(4).fill(0)
    addSliceLevels(
      peaks,
      Float32Array.of(0.125, 0.25, 0.375, 1.5),
      2,
      { startSeconds: 0, fromSeconds: 0, toSeconds: 2 },
      1.9,
    )
    expect(peaks).toEqual([0.125, 0.25, 0.375, 1])
  })
})

describe('MeasuredPeaks', () => {
  const render = (finishedAt: string, bytes = 1000) => ({
    finishedAt,
    bytes,
    durationSeconds: 1500,
  })

  it('gives back the levels of a render measured before, and none for a new render to the same file', () => {
    const memory = new MeasuredPeaks()
    memory.remember(render('2026-11-25T10:00:00.000Z'), [0.5, 0.25])
    expect(memory.get(render('2026-11-25T10:00:00.000Z'))).toEqual([0.5, 0.25])
    expect(memory.get(render('2026-11-25T10:05:00.000Z'))).toBeUndefined()
    expect(memory.get(render('2026-11-25T10:00:00.000Z', 999))).toBeUndefined()
  })

  it('forgets the render used longest ago once it holds more than its capacity', () => {
    const memory = new MeasuredPeaks(2)
    memory.remember(render('a'), [1])
    memory.remember(render('b'), [2])
    expect(memory.get(render('a'))).toEqual([1]) // a is now the most recently used
    memory.remember(render('c'), [3])
    expect(memory.get(render('b'))).toBeUndefined()
    expect(memory.get(render('a'))).toEqual([1])
    expect(memory.get(render('c'))).toEqual([3])
  })
})

describe('measureSlicedPeaks', () => {
  const rate = 400 // 8,000 samples over 20 s: at least one in each of the 4,000 peaks
  /** A slice of `from` to `to` seconds whose samples are all `level` (no warm-up). */
  const slice = (from: number, to: number, last: boolean) => ({
    adts: new Uint8Array([Math.round(from), Math.round(to)]),
    startSeconds: from,
    fromSeconds: from,
    toSeconds: to,
    last,
  })
  const decode = (adts: Uint8Array) =>
    Promise.resolve({ samples: new Float32Array((adts[1]! - adts[0]!) * rate).fill(0.5), rate })

  it('measures slice after slice to the last one, and calls that whole', async () => {
    const asked: number[] = []
    const fractions: number[] = []
    const result = await measureSlicedPeaks({
      durationSeconds: 20,
      fetchSlice: (from) => {
        asked.push(from)
        return Promise.resolve(from === 0 ? slice(0, 10, false) : slice(10, 20, true))
      },
      onProgress: (_, fraction) => fractions.push(fraction),
      signal: new AbortController().signal,
      decode,
    })
    expect(asked).toEqual([0, 10])
    expect(fractions).toEqual([0.5, 1])
    expect(result.complete).toBe(true)
    expect(result.peaks.every((p) => p === 0.5)).toBe(true)
  })

  it('stops, not whole, when main hands back a slice that gets no further', async () => {
    const result = await measureSlicedPeaks({
      durationSeconds: 20,
      fetchSlice: (from) =>
        Promise.resolve(from === 0 ? slice(0, 10, false) : slice(10, 10, false)),
      onProgress: () => undefined,
      signal: new AbortController().signal,
      decode,
    })
    expect(result.complete).toBe(false)
    expect(result.peaks.at(-1)).toBe(0)
  })
})
