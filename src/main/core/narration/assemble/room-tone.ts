/**
 * The room tone a delivery preset lays under its files: a very quiet, steady hiss instead of
 * digital silence, which ACX turns down (a real recording never falls to zero). Uniform noise of
 * ±12 steps of 16-bit audio: about -73.5 dBFS RMS, well under ACX's -60 dBFS noise floor, and its
 * peaks (-68.7 dBFS) stay under the -60 dBFS line the checks count as silence, so the room tone
 * at each end still measures as such.
 */
const TONE_STEPS = 12

/** A source of room tone; seeded, so the same render writes the same samples. */
export class RoomTone {
  private state: number

  constructor(seed = 0x9e3779b9) {
    this.state = seed >>> 0 || 1
  }

  /** The next noise value, -TONE_STEPS..TONE_STEPS (a 32-bit xorshift, cheap and even). */
  private next(): number {
    let x = this.state
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    this.state = x >>> 0
    return (this.state % (2 * TONE_STEPS + 1)) - TONE_STEPS
  }

  /** Lays the tone under `samples`, in place (clipped to the 16-bit range). */
  addTo(samples: Int16Array): void {
    for (let i = 0; i < samples.length; i++) {
      const v = samples[i]! + this.next()
      samples[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v
    }
  }

  /** `seconds` of room tone alone, at `sampleRate`. */
  alone(seconds: number, sampleRate: number): Int16Array {
    const samples = new Int16Array(Math.round(seconds * sampleRate))
    this.addTo(samples)
    return samples
  }
}
