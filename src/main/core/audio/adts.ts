import type { AudioChecker, AudioVerdict } from './verdict'
import { createUnitChecker, incompleteUnit } from './unit-checker'

const ADTS_RATES = [
  96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
]

/** True when the bytes at `offset` look like an ADTS header (12-bit sync, layer 00). */
export function isAdtsHeader(data: Uint8Array, offset: number): boolean {
  const b0 = data[offset]
  const b1 = data[offset + 1]
  return b0 === 0xff && b1 !== undefined && (b1 & 0xf6) === 0xf0
}

/** The length of the ADTS frame at `offset`, its 7- or 9-byte header included (13 bits of it). */
export function adtsFrameLength(data: Uint8Array, offset: number): number {
  return ((data[offset + 3]! & 0x03) << 11) | (data[offset + 4]! << 3) | (data[offset + 5]! >> 5)
}

interface AdtsTally {
  frames: number
  samples: number
  sampleRate: number
}

/** Reads whole ADTS frames from `offset`: each header's 13-bit frame length leads to the next. */
function readAdtsFrames(
  tally: AdtsTally,
  data: Uint8Array,
  start: number,
  streamByte: (offset: number) => number,
): number | { failure: string } {
  let offset = start
  while (data.byteLength - offset >= 7) {
    if (!isAdtsHeader(data, offset)) {
      return { failure: `AAC frame sync lost at byte ${streamByte(offset)}` }
    }
    const rateIndex = (data[offset + 2]! >> 2) & 0x0f
    const length = adtsFrameLength(data, offset)
    const headerLength = (data[offset + 1]! & 0x01) === 1 ? 7 : 9
    if (rateIndex >= ADTS_RATES.length || length < headerLength) {
      return { failure: `AAC frame header is damaged at byte ${streamByte(offset)}` }
    }
    if (data.byteLength - offset < length) break
    tally.frames++
    tally.samples += 1024 * ((data[offset + 6]! & 0x03) + 1)
    tally.sampleRate = ADTS_RATES[rateIndex]!
    offset += length
  }
  return offset
}

/**
 * Walks AAC ADTS frames after an optional ID3 tag; the last frame must be complete. A cut exactly
 * on a frame boundary cannot be seen in ADTS itself: stall detection and the clean end of the HTTP
 * body cover that case.
 */
export function createAdtsChecker(): AudioChecker {
  const tally: AdtsTally = { frames: 0, samples: 0, sampleRate: 0 }
  return createUnitChecker({
    id3Prefix: { endedInside: 'the AAC stream ended inside its ID3 tag' },
    read: (data, offset, streamByte) => readAdtsFrames(tally, data, offset, streamByte),
    finish(rest): AudioVerdict {
      if (rest.byteLength > 0) return incompleteUnit('AAC frame', rest)
      if (tally.frames === 0) return { ok: false, reason: 'no AAC audio frames' }
      const durationMs = (tally.samples / tally.sampleRate) * 1000
      return { ok: true, units: tally.frames, durationMs }
    },
  })
}
