import type { AudioChecker, AudioVerdict } from './verdict'
import { Carry, id3v2Size } from './verdict'

const ADTS_RATES = [
  96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
]

/** True when the bytes at `offset` look like an ADTS header (12-bit sync, layer 00). */
export function isAdtsHeader(data: Uint8Array, offset: number): boolean {
  const b0 = data[offset]
  const b1 = data[offset + 1]
  return b0 === 0xff && b1 !== undefined && (b1 & 0xf6) === 0xf0
}

/**
 * Walks AAC ADTS frames: each header's 13-bit frame length leads to the next header; the last frame
 * must be complete. A cut exactly on a frame boundary cannot be seen in ADTS itself: stall detection
 * and the clean end of the HTTP body cover that case.
 */
export function createAdtsChecker(): AudioChecker {
  const carry = new Carry()
  let bytes = 0
  let started = false
  let skip = 0
  let frames = 0
  let samples = 0
  let sampleRate = 0
  let failure: string | null = null

  return {
    get bytes() {
      return bytes
    },
    push(chunk) {
      bytes += chunk.byteLength
      if (failure !== null) return
      if (skip >= chunk.byteLength) {
        skip -= chunk.byteLength
        return
      }
      const data = carry.append(skip > 0 ? chunk.subarray(skip) : chunk)
      skip = 0
      let offset = 0
      if (!started) {
        const tag = id3v2Size(data, 0)
        if (tag === -1) return carry.keep(data, 0)
        started = true
        if (tag > data.byteLength) {
          skip = tag - data.byteLength
          return carry.keep(data, data.byteLength)
        }
        offset = tag
      }
      while (data.byteLength - offset >= 7) {
        if (!isAdtsHeader(data, offset)) {
          failure = `AAC frame sync lost at byte ${bytes - data.byteLength + offset}`
          return
        }
        const rateIndex = (data[offset + 2]! >> 2) & 0x0f
        const length =
          ((data[offset + 3]! & 0x03) << 11) | (data[offset + 4]! << 3) | (data[offset + 5]! >> 5)
        const headerLength = (data[offset + 1]! & 0x01) === 1 ? 7 : 9
        if (rateIndex >= ADTS_RATES.length || length < headerLength) {
          failure = `AAC frame header is damaged at byte ${bytes - data.byteLength + offset}`
          return
        }
        if (data.byteLength - offset < length) break
        frames++
        samples += 1024 * ((data[offset + 6]! & 0x03) + 1)
        sampleRate = ADTS_RATES[rateIndex]!
        offset += length
      }
      carry.keep(data, offset)
    },
    finish(): AudioVerdict {
      if (failure !== null) return { ok: false, reason: failure }
      if (skip > 0) return { ok: false, reason: 'the AAC stream ended inside its ID3 tag' }
      if (carry.length > 0) {
        return {
          ok: false,
          reason: `the last AAC frame is incomplete (${carry.length} bytes left over)`,
        }
      }
      if (frames === 0) return { ok: false, reason: 'no AAC audio frames' }
      return { ok: true, units: frames, durationMs: (samples / sampleRate) * 1000 }
    },
  }
}
