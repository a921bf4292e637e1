/**
 * The waveform of a program measured while it is written: the highest absolute level of each
 * stretch of samples, in a table of bounded size whatever the program's length. Why here and not
 * from the finished file: an MP3 or Ogg file cannot be read back without a decoder, and the
 * samples pass through the writer anyway (a few comparisons per sample, in the slices the writer
 * already hands over between turns of the event loop).
 *
 * How the table stays small: each bucket holds the loudest sample of `span` samples; when the
 * table is full, neighbouring buckets are joined in pairs and `span` doubles. With a table of
 * `16 × count` buckets, the `count` peaks asked for at the end each cover at least eight buckets
 * (or exactly the samples they would cover in the file, before the first join), so a peak reaches
 * at most one bucket into its neighbours' time.
 */
export class WaveformMeter {
  readonly #levels: Uint16Array
  #buckets = 0
  #span = 1
  /** Samples in the last bucket so far. */
  #filled = 0
  #samples = 0

  constructor(private readonly count: number) {
    this.#levels = new Uint16Array(Math.max(2, count) * 16)
  }

  /** Samples (16-bit, mono) written so far. */
  get samples(): number {
    return this.#samples
  }

  /** Notes the next samples of the program. */
  push(samples: Int16Array): void {
    let at = 0
    while (at < samples.length) {
      if (this.#filled === this.#span || this.#buckets === 0) this.#openBucket()
      const stop = Math.min(samples.length, at + this.#span - this.#filled)
      let loudest = this.#levels[this.#buckets - 1]!
      for (let i = at; i < stop; i += 1) {
        const value = samples[i]!
        const level = value < 0 ? -value : value
        if (level > loudest) loudest = level
      }
      this.#levels[this.#buckets - 1] = loudest
      this.#filled += stop - at
      this.#samples += stop - at
      at = stop
    }
  }

  #openBucket(): void {
    if (this.#buckets === this.#levels.length) {
      // Full: join pairs, so each bucket holds twice the samples (the last one may be part-full).
      const levels = this.#levels
      for (let i = 0; i < this.#buckets / 2; i += 1) {
        levels[i] = Math.max(levels[2 * i]!, levels[2 * i + 1]!)
      }
      this.#buckets /= 2
      this.#span *= 2
    }
    this.#levels[this.#buckets] = 0
    this.#buckets += 1
    this.#filled = 0
  }

  /**
   * The program's waveform: the highest absolute level (0..1, four decimals) of each of `count`
   * equal slices, or one per sample when the program is shorter; empty for no samples.
   */
  peaks(): number[] {
    const total = this.#samples
    if (total === 0) return []
    const slices = Math.min(this.count, total)
    const perSlice = total / slices
    const peaks = new Array<number>(slices).fill(0)
    for (let b = 0; b < this.#buckets; b += 1) {
      // The slices this bucket's samples fall in (its first and last sample's).
      const first = b * this.#span
      const last = Math.min(total, first + this.#span) - 1
      const level = this.#levels[b]! / 32768
      const to = Math.min(slices - 1, Math.floor(last / perSlice))
      for (let s = Math.min(slices - 1, Math.floor(first / perSlice)); s <= to; s += 1) {
        if (level > peaks[s]!) peaks[s] = level
      }
    }
    return peaks.map((peak) => Math.round(peak * 10_000) / 10_000)
  }
}
