import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'

/** Length of the fade applied at a piece edge that is not already silent: 5 ms. */
export const EDGE_FADE_MS = 5

/** The 5 ms edge fade in samples at 24 kHz. */
export const FADE_SAMPLES = Math.round((EDGE_FADE_MS * PCM_SAMPLE_RATE) / 1000)

/** Below this absolute level (about -54 dBFS) an edge counts as silent and is left alone. */
export const SILENT_LEVEL = 64

/**
 * Fades in the start and fades out the end of a piece, in place, over `fadeSamples`, but only
 * where the edge is not already silent. Why: two pieces that meet (or a piece that meets
 * inserted silence) mid-waveform would click; a piece that already starts in silence is left
 * untouched so its audio stays exactly as the service sent it.
 */
export function fadeLoudEdges(samples: Int16Array, fadeSamples: number): { faded: number } {
  const n = Math.min(fadeSamples, Math.floor(samples.length / 2))
  if (n <= 0) return { faded: 0 }
  let faded = 0
  const loud = (from: number, to: number): boolean => {
    for (let i = from; i < to; i++) if (Math.abs(samples[i] ?? 0) > SILENT_LEVEL) return true
    return false
  }
  if (loud(0, n)) {
    for (let i = 0; i < n; i++) samples[i] = Math.round((samples[i] ?? 0) * (i / n))
    faded += 1
  }
  const end = samples.length
  if (loud(end - n, end)) {
    for (let i = 0; i < n; i++) {
      const index = end - 1 - i
      samples[index] = Math.round((samples[index] ?? 0) * (i / n))
    }
    faded += 1
  }
  return { faded }
}

/**
 * Samples of silence for a pause: `round(ms * rate / 1000)`, so at 24 kHz every millisecond is
 * exactly 24 samples and there is no rounding at all; at 44.1 kHz a pause is within half a sample.
 */
export function pauseSamples(ms: number, sampleRate: number): number {
  return Math.round((ms * sampleRate) / 1000)
}

/** Reads a little-endian s16 byte buffer as samples (copying: the result owns its memory). */
export function bytesToSamples(bytes: Uint8Array): Int16Array {
  const even = bytes.byteLength - (bytes.byteLength % 2)
  const out = new Int16Array(even / 2)
  new Uint8Array(out.buffer).set(bytes.subarray(0, even))
  return out
}

/**
 * Like {@link bytesToSamples} for bytes that belong to the caller alone (a piece just read from
 * disk): a view on the same memory when it is aligned, so placing a piece does not copy it again.
 * The caller may then change the samples (fades) without anyone else seeing it.
 */
export function ownedBytesToSamples(bytes: Uint8Array): Int16Array {
  if (bytes.byteOffset % 2 !== 0) return bytesToSamples(bytes)
  return new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 2))
}

/** The little-endian bytes of samples (a view, no copy). */
export function samplesToBytes(samples: Int16Array): Uint8Array {
  return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength)
}
