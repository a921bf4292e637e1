import { PCM_BYTES_PER_SAMPLE, PCM_SAMPLE_RATE } from '../../../shared/domain/speech'
import type { AudioChecker, AudioVerdict } from './verdict'

/**
 * Raw PCM (16-bit LE mono 24 kHz): the byte count must be even and, when the expected duration is
 * known (speech marks of a non-streaming answer), the samples must cover it. A stream does not
 * announce its duration up front, so for streamed PCM only the even length, the clean end of the
 * HTTP body and stall detection can tell a cut: documented limit of headerless audio.
 */
export function createPcmChecker(
  options: { expectedDurationMs?: number; toleranceMs?: number; sampleRate?: number } = {},
): AudioChecker {
  let bytes = 0
  const rate = options.sampleRate ?? PCM_SAMPLE_RATE
  return {
    get bytes() {
      return bytes
    },
    push(chunk) {
      bytes += chunk.byteLength
    },
    finish(): AudioVerdict {
      if (bytes === 0) return { ok: false, reason: 'no PCM audio' }
      if (bytes % PCM_BYTES_PER_SAMPLE !== 0) {
        return { ok: false, reason: `the PCM audio ends mid-sample (${bytes} bytes)` }
      }
      const samples = bytes / PCM_BYTES_PER_SAMPLE
      const durationMs = (samples / rate) * 1000
      const expected = options.expectedDurationMs
      if (expected !== undefined && durationMs + (options.toleranceMs ?? 50) < expected) {
        return {
          ok: false,
          reason: `the PCM audio lasts ${Math.round(durationMs)} ms but the speech lasts ${Math.round(expected)} ms`,
        }
      }
      return { ok: true, units: samples, durationMs }
    },
  }
}

const HEAD_LIMIT = 64 * 1024

function ascii(data: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...data.subarray(at, at + length))
}

/**
 * WAV: RIFF/WAVE header, a `fmt ` chunk, and a `data` chunk whose declared size has fully arrived
 * (a size of 0 or 0xFFFFFFFF means "unknown" and takes the rest). Keeps only the first 64 KiB.
 */
export function createWavChecker(): AudioChecker {
  let head = new Uint8Array(0)
  let bytes = 0
  return {
    get bytes() {
      return bytes
    },
    push(chunk) {
      if (head.byteLength < HEAD_LIMIT) {
        const take = chunk.subarray(0, HEAD_LIMIT - head.byteLength)
        const joined = new Uint8Array(head.byteLength + take.byteLength)
        joined.set(head, 0)
        joined.set(take, head.byteLength)
        head = joined
      }
      bytes += chunk.byteLength
    },
    finish(): AudioVerdict {
      if (head.byteLength < 12 || ascii(head, 0, 4) !== 'RIFF' || ascii(head, 8, 4) !== 'WAVE') {
        return { ok: false, reason: 'not a WAV file (no RIFF/WAVE header)' }
      }
      const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
      let offset = 12
      let blockAlign = 0
      let sampleRate = 0
      while (offset + 8 <= head.byteLength) {
        const id = ascii(head, offset, 4)
        const size = view.getUint32(offset + 4, true)
        if (id === 'fmt ') {
          if (offset + 24 > head.byteLength) break
          sampleRate = view.getUint32(offset + 12, true)
          blockAlign = view.getUint16(offset + 20, true)
        } else if (id === 'data') {
          if (blockAlign === 0 || sampleRate === 0)
            return { ok: false, reason: 'the WAV file has no format chunk' }
          const start = offset + 8
          const available = bytes - start
          const unknown = size === 0 || size === 0xffffffff
          if (!unknown && available < size) {
            return { ok: false, reason: `only ${available} of ${size} bytes of WAV audio arrived` }
          }
          const dataBytes = unknown ? available : size
          if (dataBytes <= 0) return { ok: false, reason: 'the WAV file holds no audio' }
          if (dataBytes % blockAlign !== 0)
            return { ok: false, reason: 'the WAV audio ends mid-sample' }
          const frames = dataBytes / blockAlign
          return { ok: true, units: frames, durationMs: (frames / sampleRate) * 1000 }
        }
        offset += 8 + size + (size % 2)
      }
      return { ok: false, reason: 'the WAV file ended before its audio' }
    },
  }
}
