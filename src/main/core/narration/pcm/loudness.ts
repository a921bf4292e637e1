/**
 * Integrated loudness after ITU-R BS.1770-4 / EBU R 128 for a mono program, measured
 * incrementally: samples go through the K-weighting filter as they arrive, 100 ms sub-block
 * energies are summed into 400 ms blocks with 75 % overlap, and only the block energies are kept
 * (a few numbers per second of audio), so a two-hour program costs well under a megabyte.
 */

/** One biquad stage's coefficients (a0 normalized to 1). */
export interface Biquad {
  b0: number
  b1: number
  b2: number
  a1: number
  a2: number
}

/** K-weighting filter coefficients (pre-filter shelf, then RLB high-pass) for any sample rate. */
export function kWeightingCoefficients(sampleRate: number): [Biquad, Biquad] {
  // The analog prototypes of BS.1770, bilinear-transformed for `sampleRate` (the 48 kHz table of
  // the standard is one instance of these formulas).
  let f0 = 1681.974450955533
  const gainDb = 3.999843853973347
  let q = 0.7071752369554196
  let k = Math.tan((Math.PI * f0) / sampleRate)
  const vh = 10 ** (gainDb / 20)
  const vb = vh ** 0.4996667741545416
  let a0 = 1 + k / q + k * k
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  }
  f0 = 38.13547087602444
  q = 0.5003270373238773
  k = Math.tan((Math.PI * f0) / sampleRate)
  a0 = 1 + k / q + k * k
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  }
  return [shelf, highPass]
}

const ABSOLUTE_GATE_LUFS = -70
const RELATIVE_GATE_LU = -10

function energyToLufs(energy: number): number {
  return -0.691 + 10 * Math.log10(energy)
}

/**
 * BS.1770 integrated loudness of 400 ms block energies: the absolute gate (-70 LUFS), then the
 * relative one (10 LU under the mean of what passed). Null when no block passes.
 */
export function gatedLoudness(blockEnergies: readonly number[]): number | null {
  const absolute = blockEnergies.filter((e) => e > 0 && energyToLufs(e) > ABSOLUTE_GATE_LUFS)
  if (absolute.length === 0) return null
  const mean = absolute.reduce((a, b) => a + b, 0) / absolute.length
  const relativeGate = energyToLufs(mean) + RELATIVE_GATE_LU
  const gated = absolute.filter((e) => energyToLufs(e) > relativeGate)
  if (gated.length === 0) return null
  return energyToLufs(gated.reduce((a, b) => a + b, 0) / gated.length)
}

/**
 * The K-weighting filter run over 16-bit samples, its state kept from one call to the next; it
 * also follows the highest absolute sample and the unweighted energy of all it has filtered.
 */
export class KWeightingFilter {
  /** Highest absolute sample so far, 0..1. */
  peak = 0
  /** Sum of squares of the unweighted samples so far (full scale 1). */
  energy = 0
  private readonly filters: [Biquad, Biquad]
  private readonly state = new Float64Array(6)

  constructor(sampleRate: number) {
    this.filters = kWeightingCoefficients(sampleRate)
  }

  /**
   * Filters `samples[start..end)` and returns `sum` plus the squares of the weighted samples,
   * added in order (so a sum carried across calls is the same as one long loop's).
   */
  sumSquares(samples: Int16Array, start: number, end: number, sum: number): number {
    const [s1, s2] = this.filters
    const st = this.state
    // Filter state and coefficients in locals: this loop runs for every sample of the program.
    let x1 = st[0]!
    let x2 = st[1]!
    let y1a = st[2]!
    let y2a = st[3]!
    let y1b = st[4]!
    let y2b = st[5]!
    const { b0: a0, b1: a1, b2: a2, a1: p1, a2: p2 } = s1
    const { a1: q1, a2: q2 } = s2
    let peak = this.peak
    let energy = this.energy
    for (let i = start; i < end; i++) {
      const x = samples[i]! / 32768
      const ax = x < 0 ? -x : x
      if (ax > peak) peak = ax
      energy += x * x
      // Direct form I, two stages (the second is a high-pass with b = 1, -2, 1).
      const y = a0 * x + a1 * x1 + a2 * x2 - p1 * y1a - p2 * y2a
      x2 = x1
      x1 = x
      const z = y - 2 * y1a + y2a - q1 * y1b - q2 * y2b
      y2a = y1a
      y1a = y
      y2b = y1b
      y1b = z
      sum += z * z
    }
    st[0] = x1
    st[1] = x2
    st[2] = y1a
    st[3] = y2a
    st[4] = y1b
    st[5] = y2b
    this.peak = peak
    this.energy = energy
    return sum
  }
}

/** An incremental integrated-loudness meter for 16-bit mono samples. */
export class LoudnessMeter {
  private readonly filter: KWeightingFilter
  private readonly subBlockLength: number
  private subBlockSum = 0
  private subBlockCount = 0
  private readonly recentSubBlocks: number[] = []
  private readonly blockEnergies: number[] = []

  constructor(readonly sampleRate: number) {
    this.filter = new KWeightingFilter(sampleRate)
    this.subBlockLength = Math.round(sampleRate / 10)
  }

  /** Feeds samples in program order. */
  push(samples: Int16Array): void {
    for (let i = 0; i < samples.length;) {
      const end = Math.min(samples.length, i + this.subBlockLength - this.subBlockCount)
      this.subBlockSum = this.filter.sumSquares(samples, i, end, this.subBlockSum)
      this.subBlockCount += end - i
      i = end
      if (this.subBlockCount === this.subBlockLength) this.closeSubBlock()
    }
  }

  private closeSubBlock(): void {
    this.recentSubBlocks.push(this.subBlockSum)
    this.subBlockSum = 0
    this.subBlockCount = 0
    if (this.recentSubBlocks.length > 4) this.recentSubBlocks.shift()
    if (this.recentSubBlocks.length === 4) {
      const sum = this.recentSubBlocks.reduce((a, b) => a + b, 0)
      this.blockEnergies.push(sum / (4 * this.subBlockLength))
    }
  }

  /** Highest absolute sample so far, 0..1. */
  get samplePeak(): number {
    return this.filter.peak
  }

  /** Integrated loudness in LUFS, or null when the program is shorter than 400 ms or silent. */
  integrated(): number | null {
    return gatedLoudness(this.blockEnergies)
  }
}

/** Highest sample peak the normalized output may reach, in dBFS. */
export const PEAK_CEILING_DBFS = -1

/**
 * The gain that brings `measuredLufs` to `targetLufs`, lowered when needed so the sample peak
 * stays under {@link PEAK_CEILING_DBFS} (a gain, never a compressor: the dynamics stay as spoken).
 */
export function normalizationGain(
  measuredLufs: number,
  targetLufs: number,
  samplePeak: number,
): { gainDb: number; peakLimited: boolean } {
  const wanted = targetLufs - measuredLufs
  if (samplePeak <= 0) return { gainDb: wanted, peakLimited: false }
  const peakDb = 20 * Math.log10(samplePeak)
  const allowed = PEAK_CEILING_DBFS - peakDb
  return wanted > allowed
    ? { gainDb: allowed, peakLimited: true }
    : { gainDb: wanted, peakLimited: false }
}

/** Applies a linear gain to 16-bit samples in place, clipping at full scale. */
export function applyGain(samples: Int16Array, gain: number): void {
  if (gain === 1) return
  for (let i = 0; i < samples.length; i++) {
    const v = Math.round((samples[i] ?? 0) * gain)
    samples[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v
  }
}
