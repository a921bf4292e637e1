import type { Biquad } from '../../main/core/narration/pcm/loudness.js'
// ITU-R BS.1770 K-weighting, derived for any sample rate (the published coefficients are for
// 48 kHz only; the sandbox works at 24 kHz): one pure formula, shared with the app's meter.
import { kWeightingCoefficients } from '../../main/core/narration/pcm/loudness.js'
import { applyGain } from './pcm.js'

/** Loudness target of the service's loudness normalization (integrated, LUFS). */
export const LOUDNESS_TARGET_LUFS = -14
/** Peak ceiling of the service's loudness normalization (dBFS, sample peak with a small margin under -2 dBTP). */
export const PEAK_CEILING_DBFS = -2.5

function filter(input: Float32Array, f: Biquad): Float32Array {
  const out = new Float32Array(input.length)
  let x1 = 0
  let x2 = 0
  let y1 = 0
  let y2 = 0
  for (let i = 0; i < input.length; i++) {
    const x = input[i] ?? 0
    const y = f.b0 * x + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2
    x2 = x1
    x1 = x
    y2 = y1
    y1 = y
    out[i] = y
  }
  return out
}

/** Integrated loudness in LUFS per ITU-R BS.1770-4 (400 ms blocks, 75% overlap, absolute and relative gates). */
export function integratedLoudness(samples: Float32Array, sampleRate: number): number {
  const [shelf, highPass] = kWeightingCoefficients(sampleRate)
  const weighted = filter(filter(samples, shelf), highPass)
  const blockLength = Math.round(0.4 * sampleRate)
  const step = Math.round(0.1 * sampleRate)
  const blocks: number[] = []
  const lastStart = Math.max(0, weighted.length - blockLength)
  for (let start = 0; start <= lastStart; start += step) {
    const end = Math.min(weighted.length, start + blockLength)
    let sum = 0
    for (let i = start; i < end; i++) sum += (weighted[i] ?? 0) ** 2
    blocks.push(sum / Math.max(1, end - start))
  }
  const loudness = (meanSquare: number): number => -0.691 + 10 * Math.log10(meanSquare)
  const absolute = blocks.filter((ms) => loudness(ms) > -70)
  if (absolute.length === 0) return -Infinity
  const relativeGate = loudness(absolute.reduce((a, b) => a + b, 0) / absolute.length) - 10
  const gated = absolute.filter((ms) => loudness(ms) > relativeGate)
  return loudness(gated.reduce((a, b) => a + b, 0) / gated.length)
}

// A look-ahead peak limiter: the gain envelope dips before a peak arrives and recovers over ~50 ms,
// so no sample exceeds the ceiling and there is no audible clipping.
function limitPeaks(samples: Float32Array, sampleRate: number, ceiling: number): void {
  const lookahead = Math.max(1, Math.round(0.002 * sampleRate))
  const required = new Float32Array(samples.length)
  for (let i = 0; i < samples.length; i++) {
    const magnitude = Math.abs(samples[i] ?? 0)
    required[i] = magnitude > ceiling ? ceiling / magnitude : 1
  }
  const release = 1 - Math.exp(-1 / (0.05 * sampleRate))
  let envelope = 1
  for (let i = 0; i < samples.length; i++) {
    let target = 1
    const end = Math.min(samples.length, i + lookahead + 1)
    for (let j = i; j < end; j++) target = Math.min(target, required[j] ?? 1)
    envelope = Math.min(target, envelope + (1 - envelope) * release)
    samples[i] = (samples[i] ?? 0) * envelope
  }
}

/** Brings samples (in place) to `targetLufs` integrated loudness with peaks held under the ceiling. */
export function normalizeLoudness(
  samples: Float32Array,
  sampleRate: number,
  targetLufs = LOUDNESS_TARGET_LUFS,
): void {
  const ceiling = 10 ** (PEAK_CEILING_DBFS / 20)
  const original = Float32Array.from(samples)
  const measured = integratedLoudness(original, sampleRate)
  if (!Number.isFinite(measured)) return
  const loudnessAt = (gainDb: number): number => {
    samples.set(original)
    applyGain(samples, 10 ** (gainDb / 20))
    limitPeaks(samples, sampleRate, ceiling)
    return integratedLoudness(samples, sampleRate)
  }
  // Limiting lowers loudness by an amount that depends on the gain, so search the gain (secant method
  // in dB) until the limited result is within 0.1 LU of the target.
  let x0 = targetLufs - measured
  let y0 = loudnessAt(x0) - targetLufs
  let x1 = x0 - y0
  for (let step = 0; step < 8 && Math.abs(y0) >= 0.1; step++) {
    const y1 = loudnessAt(x1) - targetLufs
    if (Math.abs(y1) < 0.1) return
    const slope = (y1 - y0) / (x1 - x0)
    const next = Number.isFinite(slope) && slope > 0.05 ? x1 - y1 / slope : x1 - y1
    ;[x0, y0, x1] = [x1, y1, next]
  }
}
