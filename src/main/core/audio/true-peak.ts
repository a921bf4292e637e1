/**
 * True peak after ITU-R BS.1770-4 (Annex 2): the signal is oversampled four times by a
 * polyphase low-pass interpolator and the largest absolute value of the oversampled signal is the
 * true peak, which catches the peaks a DAC or a lossy encoder reconstructs between two samples.
 * Four times suffices for 24 kHz and up (the standard asks for at least 192 kHz at 48 kHz; at
 * 24 kHz the same filter reaches 96 kHz with twice the relative margin of a 48 kHz signal's).
 *
 * The interpolator is a 64-tap windowed sinc (16 taps per phase, Kaiser window), designed here:
 * its passband ends at the input's Nyquist frequency, as the standard's example filter's does.
 * Four points a sample can read a peak up to 0.17 dB low (a sine at a quarter of the rate, at the
 * worst phase): the standard accepts that, and the limiters here keep a margin for it.
 */

/** Oversampling factor. */
export const TRUE_PEAK_OVERSAMPLING = 4
/** Taps of each phase of the interpolator. */
const TAPS_PER_PHASE = 16
/** Kaiser window shape: with 16 taps a phase, a sine up to 10 kHz (at 24 kHz) reads within 0.25 dB. */
const KAISER_BETA = 5

/** The zeroth-order modified Bessel function of the first kind (the Kaiser window's kernel). */
function besselI0(x: number): number {
  let sum = 1
  let term = 1
  for (let k = 1; k < 30; k++) {
    term *= (x / 2 / k) ** 2
    sum += term
  }
  return sum
}

function designPhases(): Float64Array[] {
  const length = TRUE_PEAK_OVERSAMPLING * TAPS_PER_PHASE
  const centre = (length - 1) / 2
  const taps = new Float64Array(length)
  for (let n = 0; n < length; n++) {
    const t = (n - centre) / TRUE_PEAK_OVERSAMPLING
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t)
    const r = (2 * n) / (length - 1) - 1
    taps[n] = (sinc * besselI0(KAISER_BETA * Math.sqrt(1 - r * r))) / besselI0(KAISER_BETA)
  }
  // Phase p holds taps p, p + 4, p + 8...: each phase alone interpolates one of the four points
  // between two input samples. Each phase is scaled to unity gain at DC.
  const phases: Float64Array[] = []
  for (let p = 0; p < TRUE_PEAK_OVERSAMPLING; p++) {
    const phase = new Float64Array(TAPS_PER_PHASE)
    let sum = 0
    for (let k = 0; k < TAPS_PER_PHASE; k++) {
      phase[k] = taps[p + k * TRUE_PEAK_OVERSAMPLING]!
      sum += phase[k]!
    }
    for (let k = 0; k < TAPS_PER_PHASE; k++) phase[k] = phase[k]! / sum
    phases.push(phase)
  }
  return phases
}

const PHASES = designPhases()

/**
 * The interpolator's running state: feed samples in order (as floats, full scale 1), read the
 * true peak of each. A sample's true peak is the largest magnitude among the oversampled points
 * the filter puts out as it arrives (they sit TAPS_PER_PHASE / 2 samples behind it: the filter's
 * delay, which {@link TruePeakLimiter} accounts for).
 */
export class Oversampler {
  private readonly history = new Float64Array(TAPS_PER_PHASE)
  private at = 0

  /** Takes the next sample; returns the largest magnitude of the four points it completes. */
  push(x: number): number {
    const h = this.history
    h[this.at] = x
    this.at = (this.at + 1) % TAPS_PER_PHASE
    let peak = 0
    for (const phase of PHASES) {
      let y = 0
      // Oldest first: history[at] is the oldest sample once the ring is full.
      for (let k = 0; k < TAPS_PER_PHASE; k++) {
        y += phase[TAPS_PER_PHASE - 1 - k]! * h[(this.at + k) % TAPS_PER_PHASE]!
      }
      const a = y < 0 ? -y : y
      if (a > peak) peak = a
    }
    return peak
  }

  /** Samples the filter holds back: feed this many zeros at the end to see the last peaks. */
  static readonly delay = TAPS_PER_PHASE / 2
}

/** A running true-peak meter for 16-bit samples. */
export class TruePeakMeter {
  private readonly oversampler = new Oversampler()
  private max = 0

  push(samples: Int16Array): void {
    for (let i = 0; i < samples.length; i++) {
      const p = this.oversampler.push(samples[i]! / 32768)
      if (p > this.max) this.max = p
    }
  }

  /** The true peak so far, 0..(a little over 1), after flushing the filter's delay. */
  finish(): number {
    for (let i = 0; i < TAPS_PER_PHASE; i++) {
      const p = this.oversampler.push(0)
      if (p > this.max) this.max = p
    }
    return this.max
  }
}

/** dBFS of a linear level (0 is -Infinity). */
export function toDb(level: number): number {
  return level > 0 ? 20 * Math.log10(level) : Number.NEGATIVE_INFINITY
}

/**
 * A look-ahead true-peak limiter for 16-bit mono: the output's true peak stays at or under
 * `ceiling` (linear), and audio under it passes unchanged. How: each sample's true peak (from the
 * oversampler) sets the gain it needs; the gain applied is the smallest needed within the
 * look-ahead window, averaged over that window (so it ramps down before a peak instead of
 * stepping), and it recovers with a release of about 100 ms. The audio is delayed by the
 * look-ahead plus the oversampler's delay; {@link flush} returns the held samples, so the output
 * has exactly the samples put in.
 */
export class TruePeakLimiter {
  private readonly lookahead: number
  private readonly delay: number
  private readonly release: number
  private oversampler = new Oversampler()
  /** The audio not yet given out (ring). */
  private readonly held: Int16Array
  private heldCount = 0
  private heldStart = 0
  /** Needed gains of the last lookahead + 1 samples, for the moving minimum (monotonic deque). */
  private minQueue: { at: number; gain: number }[] = []
  private minHead = 0
  /** The moving minimum's last `lookahead` values, for the moving average. */
  private readonly window: Float64Array
  private windowSum: number
  private windowAt = 0
  private gain = 1
  private n = 0
  /** The smallest gain applied so far (1 when nothing was limited). */
  minGain = 1

  constructor(
    private readonly ceiling: number,
    sampleRate: number,
  ) {
    this.lookahead = Math.max(1, Math.round(sampleRate * 0.004))
    this.delay = this.lookahead + Oversampler.delay
    this.release = 1 - Math.exp(-1 / (sampleRate * 0.1))
    this.held = new Int16Array(this.delay + 1)
    this.window = new Float64Array(this.lookahead).fill(1)
    this.windowSum = this.lookahead
  }

  private step(x: number): number {
    const tp = this.oversampler.push(x / 32768)
    const needed = tp > this.ceiling ? this.ceiling / tp : 1
    const q = this.minQueue
    while (q.length > this.minHead && q[q.length - 1]!.gain >= needed) q.pop()
    q.push({ at: this.n, gain: needed })
    while (q[this.minHead]!.at < this.n - this.lookahead) this.minHead += 1
    if (this.minHead > 1024) {
      this.minQueue = q.slice(this.minHead)
      this.minHead = 0
    }
    const min = this.minQueue[this.minHead]!.gain
    this.windowSum += min - this.window[this.windowAt]!
    this.window[this.windowAt] = min
    this.windowAt = (this.windowAt + 1) % this.lookahead
    const target = this.windowSum / this.lookahead
    this.gain = target < this.gain ? target : this.gain + (target - this.gain) * this.release
    if (this.gain < this.minGain) this.minGain = this.gain
    this.n += 1
    return this.gain
  }

  private emit(x: number, out: Int16Array, at: number): boolean {
    const gain = this.step(x)
    const size = this.held.length
    this.held[(this.heldStart + this.heldCount) % size] = x
    this.heldCount += 1
    if (this.heldCount <= this.delay) return false
    const y = Math.round(this.held[this.heldStart]! * gain)
    this.heldStart = (this.heldStart + 1) % size
    this.heldCount -= 1
    out[at] = y > 32767 ? 32767 : y < -32768 ? -32768 : y
    return true
  }

  /** Limits `samples`; returns the samples ready (as many as were put in, less the delay at first). */
  process(samples: Int16Array): Int16Array {
    const out = new Int16Array(samples.length)
    let count = 0
    for (let i = 0; i < samples.length; i++) if (this.emit(samples[i]!, out, count)) count += 1
    return count === out.length ? out : out.subarray(0, count)
  }

  private reset(): void {
    this.oversampler = new Oversampler()
    this.heldCount = 0
    this.heldStart = 0
    this.minQueue = []
    this.minHead = 0
    this.window.fill(1)
    this.windowSum = this.lookahead
    this.windowAt = 0
    this.gain = 1
    this.n = 0
  }

  /** Gives out the held samples and starts afresh (the next audio is limited on its own). */
  flush(): Int16Array {
    const pending = this.heldCount
    const out = new Int16Array(pending)
    let count = 0
    // Zeros push the held audio through the look-ahead; only the held samples are kept.
    for (let i = 0; count < pending && i < pending + this.delay + 1; i++) {
      if (this.emit(0, out, count)) count += 1
    }
    this.reset()
    return out
  }
}
