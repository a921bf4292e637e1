import { describe, expect, it } from 'vitest'
import type { VoiceoverLine } from '../../../../../shared/domain/voiceover'
import {
  clockTime,
  lineAtTime,
  lineNear,
  rulerTicks,
  trackShapes,
  trackSpanMs,
} from './track-shapes'

const line = (over: Partial<VoiceoverLine>): VoiceoverLine => ({
  cue: 1,
  line: 2,
  startMs: 1000,
  endMs: 2000,
  text: 'Hello.',
  speaker: null,
  voiceId: 'olivia',
  fit: 'rate',
  ownFit: false,
  slotMs: 2000,
  placedMs: 1000,
  spokenMs: 1500,
  overflowMs: 0,
  pushedBy: null,
  action: 'as-is',
  rate: 1,
  measured: true,
  needsSpeaking: false,
  ...over,
})

/** The rectangles of a path drawn as `M x y h w v h h -w z`, as [x, width]. */
const rects = (d: string): [number, number][] =>
  [...d.matchAll(/M(-?[\d.]+) [\d.]+h(-?[\d.]+)v/g)].map((m) => [Number(m[1]), Number(m[2])])

describe('the voice-over track', () => {
  it('draws one block per line at the time it is heard, as long as it is spoken', () => {
    const lines = [
      line({ cue: 1, startMs: 0, placedMs: 0, spokenMs: 2000 }),
      line({ cue: 2, startMs: 5000, placedMs: 5000, spokenMs: 1000, measured: false }),
      line({ cue: 3, startMs: 8000, placedMs: 8000, spokenMs: 1000 }),
    ]
    const shapes = trackShapes(lines, 10_000, 1000)
    expect(rects(shapes.spoken)).toEqual([
      [0, 200],
      [800, 100],
    ])
    expect(rects(shapes.estimated)).toEqual([[500, 100]])
    expect(shapes.over).toBe('')
    expect(shapes.late).toBe('')
  })

  it('draws a too-long line’s overrun apart, after the part that fits, and a pushed line’s delay', () => {
    const lines = [
      line({ cue: 1, startMs: 0, placedMs: 0, slotMs: 2000, spokenMs: 3000 }),
      line({ cue: 2, startMs: 2000, placedMs: 3000, spokenMs: 1000, pushedBy: 1 }),
    ]
    lines[0] = { ...lines[0]!, action: 'overflow', overflowMs: 1000 }
    const shapes = trackShapes(lines, 10_000, 1000)
    expect(rects(shapes.spoken)).toEqual([
      [0, 200],
      [300, 100],
    ])
    expect(rects(shapes.over)).toEqual([[200, 100]])
    expect(rects(shapes.late)).toEqual([[200, 100]])
  })

  it('keeps a block a line short at a long voice-over’s scale visible', () => {
    const shapes = trackShapes([line({ placedMs: 0, spokenMs: 100 })], 3_600_000, 1000)
    expect(rects(shapes.spoken)[0]![1]).toBeGreaterThanOrEqual(2)
  })

  it('spans the track, or further when a line runs past its end', () => {
    expect(trackSpanMs([line({ placedMs: 1000, spokenMs: 1500 })], 20_000)).toBe(20_000)
    expect(trackSpanMs([line({ placedMs: 19_000, spokenMs: 2500 })], 20_000)).toBe(21_500)
  })

  it('finds the line under a click, and the one to go to from a time in a gap', () => {
    const lines = [
      line({ cue: 1, placedMs: 0, spokenMs: 2000 }),
      line({ cue: 2, placedMs: 5000, spokenMs: 1000 }),
    ]
    expect(lineAtTime(lines, 1500)?.cue).toBe(1)
    expect(lineAtTime(lines, 3000)).toBeNull()
    expect(lineAtTime(lines, 4950, 100)?.cue).toBe(2)
    expect(lineNear(lines, 3000)?.cue).toBe(1)
    expect(lineNear(lines, 7000)?.cue).toBe(2)
  })

  it('says times in whole seconds and spaces the ruler’s labels', () => {
    expect(clockTime(12_900)).toBe('0:12')
    expect(clockTime(3_723_000)).toBe('1:02:03')
    expect(rulerTicks(20_000, 400)).toEqual([0, 5000, 10_000, 15_000, 20_000])
    expect(rulerTicks(600_000, 1000)).toEqual([...Array(11).keys()].map((i) => i * 60_000))
  })
})
