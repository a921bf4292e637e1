import type { Pcm } from './pcm.js'

/**
 * Resamples mono PCM to `targetRate` by linear interpolation.
 * Good enough for speech going up from 22.05 kHz; not a mastering-grade resampler.
 */
export function resample(input: Pcm, targetRate: number): Pcm {
  if (input.sampleRate === targetRate) return input
  const ratio = input.sampleRate / targetRate
  const length = Math.round(input.samples.length / ratio)
  const out = new Float32Array(length)
  const source = input.samples
  const last = source.length - 1
  for (let i = 0; i < length; i++) {
    const position = i * ratio
    const index = Math.floor(position)
    const fraction = position - index
    const a = source[Math.min(index, last)] ?? 0
    const b = source[Math.min(index + 1, last)] ?? 0
    out[i] = a + (b - a) * fraction
  }
  return { samples: out, sampleRate: targetRate }
}
