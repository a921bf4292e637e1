/** Mono PCM audio as 32-bit floats in [-1, 1]. The sandbox's internal audio currency. */
export interface Pcm {
  samples: Float32Array
  sampleRate: number
}

/** The output sample rate of every audio format the sandbox produces. */
export const OUTPUT_SAMPLE_RATE = 24_000

/** Joins mono buffers end to end. */
export function concatSamples(parts: readonly Float32Array[]): Float32Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0)
  const out = new Float32Array(total)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** A buffer of silence lasting `ms` milliseconds at `sampleRate`. */
export function silence(ms: number, sampleRate: number): Float32Array {
  return new Float32Array(Math.max(0, Math.round((ms / 1000) * sampleRate)))
}

/** Converts 16-bit signed samples to floats. */
export function int16ToFloat(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length)
  for (let i = 0; i < samples.length; i++) out[i] = (samples[i] ?? 0) / 32768
  return out
}

/** Reads raw 16-bit signed little-endian PCM bytes (any alignment) as floats. */
export function int16BytesToFloat(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const samples = new Float32Array(Math.floor(bytes.byteLength / 2))
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true) / 32768
  return samples
}

/** Converts floats to 16-bit signed little-endian bytes (raw PCM, no header), clipping at full scale. */
export function floatToInt16Bytes(samples: Float32Array): Buffer {
  const out = new Int16Array(samples.length)
  for (let i = 0; i < samples.length; i++) {
    const clipped = Math.max(-1, Math.min(1, samples[i] ?? 0))
    out[i] = Math.round(clipped < 0 ? clipped * 32768 : clipped * 32767)
  }
  // Int16Array uses the platform's byte order; every platform Node supports here is little-endian.
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength)
}

/** Multiplies every sample by `gain` in place. */
export function applyGain(samples: Float32Array, gain: number): void {
  for (let i = 0; i < samples.length; i++) samples[i] = (samples[i] ?? 0) * gain
}

/** Largest absolute sample value. */
export function peak(samples: Float32Array): number {
  let max = 0
  for (const value of samples) max = Math.max(max, Math.abs(value))
  return max
}
