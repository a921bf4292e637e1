import type { AudioChecker, AudioVerdict } from './verdict'
import { Carry } from './verdict'

const CRC_TABLE = (() => {
  // Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, initial value 0, no final xor.
  const table = new Uint32Array(256)
  for (let i = 0; i < 256; i++) {
    let r = i << 24
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1
    table[i] = r >>> 0
  }
  return table
})()

/** CRC-32 of an Ogg page, computed with its checksum field taken as zero. */
export function oggPageCrc(page: Uint8Array): number {
  let crc = 0
  for (let i = 0; i < page.byteLength; i++) {
    const byte = i >= 22 && i < 26 ? 0 : page[i]!
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0
  }
  return crc
}

function readU32(data: Uint8Array, at: number): number {
  return (data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16) | (data[at + 3]! << 24)) >>> 0
}

/**
 * Walks Ogg pages: capture pattern, CRC-32 of each page, page sequence without gaps per stream,
 * and an end-of-stream flag on the last page. Anything else is a truncated or damaged stream.
 */
export function createOggChecker(): AudioChecker {
  const carry = new Carry()
  let bytes = 0
  let pages = 0
  let failure: string | null = null
  let lastWasEos = false
  let granule = 0
  let sampleRate = 0
  const nextSequence = new Map<number, number>()

  return {
    get bytes() {
      return bytes
    },
    push(chunk) {
      bytes += chunk.byteLength
      if (failure !== null) return
      const data = carry.append(chunk)
      let offset = 0
      while (data.byteLength - offset >= 27) {
        if (
          data[offset] !== 0x4f ||
          data[offset + 1] !== 0x67 ||
          data[offset + 2] !== 0x67 ||
          data[offset + 3] !== 0x53
        ) {
          failure = `Ogg capture pattern missing at byte ${bytes - data.byteLength + offset}`
          return
        }
        const segments = data[offset + 26]!
        if (data.byteLength - offset < 27 + segments) break
        let bodyLength = 0
        for (let i = 0; i < segments; i++) bodyLength += data[offset + 27 + i]!
        const pageLength = 27 + segments + bodyLength
        if (data.byteLength - offset < pageLength) break
        const page = data.subarray(offset, offset + pageLength)
        if (oggPageCrc(page) !== readU32(page, 22)) {
          failure = `Ogg page ${pages + 1} is damaged (checksum mismatch)`
          return
        }
        const serial = readU32(page, 14)
        const sequence = readU32(page, 18)
        const expected = nextSequence.get(serial)
        if (expected !== undefined && sequence !== expected) {
          failure = `Ogg page ${expected} is missing (got ${sequence})`
          return
        }
        nextSequence.set(serial, sequence + 1)
        const body = page.subarray(27 + segments)
        if (pages === 0) {
          // Vorbis identification header: rate at byte 12; Opus granules are always 48 kHz.
          if (body[0] === 0x01 && String.fromCharCode(...body.subarray(1, 7)) === 'vorbis') {
            sampleRate = readU32(body, 12)
          } else if (String.fromCharCode(...body.subarray(0, 8)) === 'OpusHead') {
            sampleRate = 48000
          }
        }
        const low = readU32(page, 6)
        const high = readU32(page, 10)
        if (!(low === 0xffffffff && high === 0xffffffff)) granule = high * 2 ** 32 + low
        lastWasEos = (page[5]! & 0x04) !== 0
        pages++
        offset += pageLength
      }
      carry.keep(data, offset)
    },
    finish(): AudioVerdict {
      if (failure !== null) return { ok: false, reason: failure }
      if (carry.length > 0) {
        return {
          ok: false,
          reason: `the last Ogg page is incomplete (${carry.length} bytes left over)`,
        }
      }
      if (pages === 0) return { ok: false, reason: 'no Ogg pages' }
      if (!lastWasEos) return { ok: false, reason: 'the Ogg stream ended without its last page' }
      return {
        ok: true,
        units: pages,
        durationMs: sampleRate > 0 ? (granule / sampleRate) * 1000 : null,
      }
    },
  }
}
