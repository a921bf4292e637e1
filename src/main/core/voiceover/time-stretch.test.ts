import { describe, expect, it } from 'vitest'
import { stretchSpeech } from './time-stretch'

/** A 220 Hz tone, 2 s at 24 kHz. */
function tone(): Int16Array {
  const out = new Int16Array(48_000)
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(12_000 * Math.sin((2 * Math.PI * 220 * i) / 24_000))
  return out
}

/** Rising zero crossings a second over the middle of the signal (its pitch). */
function pitchOf(samples: Int16Array): number {
  let crossings = 0
  const from = 2400
  const to = samples.length - 2400
  for (let i = from + 1; i < to; i++)
    if ((samples[i - 1] ?? 0) < 0 && (samples[i] ?? 0) >= 0) crossings += 1
  return crossings / ((to - from) / 24_000)
}

describe('time-stretching a line with its pitch kept', () => {
  it('plays 115% faster: exactly 1/1.15 of the samples, the same pitch', () => {
    const input = tone()
    const out = stretchSpeech(input, 1.15)
    expect(out.length).toBe(Math.round(48_000 / 1.15))
    expect(pitchOf(out)).toBeGreaterThan(215)
    expect(pitchOf(out)).toBeLessThan(225)
    // Sound all the way to its end: the stretcher's latency was flushed, not padded with silence.
    const tail = out.subarray(out.length - 480)
    expect(Math.max(...Array.from(tail, Math.abs))).toBeGreaterThan(6000)
  })

  it('leaves a line at tempo 1 unchanged', () => {
    const input = tone()
    expect(stretchSpeech(input, 1)).toEqual(input)
  })
})
