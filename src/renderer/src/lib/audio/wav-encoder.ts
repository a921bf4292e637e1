import { WAV_HEADER_BYTES, wavHeader } from '../../../../shared/domain/wav-header'

/**
 * Encodes mono float samples (-1..1) as a 16-bit PCM WAV file. Values outside the range are
 * clamped, so a recording that clipped stays clipped rather than wrapping around.
 */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const out = new Uint8Array(WAV_HEADER_BYTES + samples.length * 2)
  out.set(wavHeader(sampleRate, 1, samples.length * 2))
  const view = new DataView(out.buffer)
  let at = WAV_HEADER_BYTES
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0))
    view.setInt16(at, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true)
    at += 2
  }
  return out
}

/** Joins recorded blocks into one buffer. */
export function concatFloat32(blocks: readonly Float32Array[]): Float32Array {
  let length = 0
  for (const block of blocks) length += block.length
  const out = new Float32Array(length)
  let at = 0
  for (const block of blocks) {
    out.set(block, at)
    at += block.length
  }
  return out
}
