function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

/** Half-width of the interpolation kernel, in input samples. */
const HALF_TAPS = 16

/**
 * A streaming band-limited resampler for 16-bit mono audio (windowed-sinc, polyphase, Blackman
 * window, 32 taps). Output sample n sits at input time n * inRate / outRate, so the total length is
 * round(inputLength * outRate / inRate) and timings (pauses, subtitles) scale exactly.
 */
export class Resampler {
  private readonly up: number
  private readonly down: number
  private readonly table: Float64Array[]
  private buffer = new Float64Array(0)
  private bufferStart = 0
  private inputTotal = 0
  private produced = 0

  constructor(
    readonly inRate: number,
    readonly outRate: number,
  ) {
    const g = gcd(inRate, outRate)
    this.up = outRate / g
    this.down = inRate / g
    // Why a cutoff at the lower Nyquist: downsampling must remove what the new rate cannot hold.
    const cutoff = Math.min(1, outRate / inRate)
    this.table = []
    for (let phase = 0; phase < this.up; phase++) {
      const frac = phase / this.up
      const taps = new Float64Array(2 * HALF_TAPS)
      for (let k = -HALF_TAPS + 1; k <= HALF_TAPS; k++) {
        const x = k - frac
        const sinc = x === 0 ? 1 : Math.sin(Math.PI * x * cutoff) / (Math.PI * x * cutoff)
        const w =
          0.42 +
          0.5 * Math.cos((Math.PI * x) / HALF_TAPS) +
          0.08 * Math.cos((2 * Math.PI * x) / HALF_TAPS)
        taps[k + HALF_TAPS - 1] = Math.abs(x) >= HALF_TAPS ? 0 : sinc * w * cutoff
      }
      this.table.push(taps)
    }
  }

  private append(samples: Int16Array): void {
    const next = new Float64Array(this.buffer.length + samples.length)
    next.set(this.buffer)
    for (let i = 0; i < samples.length; i++) next[this.buffer.length + i] = samples[i] ?? 0
    this.buffer = next
    this.inputTotal += samples.length
  }

  private run(limit: number, available: number): Int16Array {
    const out: number[] = []
    while (this.produced < limit) {
      const num = this.produced * this.down
      const q = Math.floor(num / this.up)
      if (q + HALF_TAPS >= available) break
      const taps = this.table[num % this.up]!
      let acc = 0
      for (let k = -HALF_TAPS + 1; k <= HALF_TAPS; k++) {
        const index = q + k - this.bufferStart
        if (index >= 0 && index < this.buffer.length)
          acc += this.buffer[index]! * taps[k + HALF_TAPS - 1]!
      }
      out.push(acc > 32767 ? 32767 : acc < -32768 ? -32768 : Math.round(acc))
      this.produced += 1
    }
    const keepFrom = Math.max(
      0,
      Math.floor((this.produced * this.down) / this.up) - HALF_TAPS - this.bufferStart,
    )
    if (keepFrom > 0) {
      this.buffer = this.buffer.slice(keepFrom)
      this.bufferStart += keepFrom
    }
    return Int16Array.from(out)
  }

  /** Feeds input; returns the output samples that are complete. */
  process(samples: Int16Array): Int16Array {
    this.append(samples)
    return this.run(Number.POSITIVE_INFINITY, this.bufferStart + this.buffer.length)
  }

  /** Ends the stream: returns the remaining samples (the tail is padded with silence). */
  flush(): Int16Array {
    const total = Math.round((this.inputTotal * this.outRate) / this.inRate)
    this.append(new Int16Array(HALF_TAPS + 1))
    return this.run(total, Number.POSITIVE_INFINITY)
  }
}
