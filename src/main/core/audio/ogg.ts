import type { AudioChecker, AudioVerdict } from './verdict'
import { createUnitChecker, incompleteUnit } from './unit-checker'

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

interface OggTally {
  pages: number
  lastWasEos: boolean
  granule: number
  sampleRate: number
  /** The sequence number each stream's next page must carry. */
  nextSequence: Map<number, number>
}

function isCapturePattern(data: Uint8Array, offset: number): boolean {
  return (
    data[offset] === 0x4f &&
    data[offset + 1] === 0x67 &&
    data[offset + 2] === 0x67 &&
    data[offset + 3] === 0x53
  )
}

/** The sample rate granules count in, from the first page's identification header (0: unknown). */
function granuleRate(body: Uint8Array): number {
  // Vorbis identification header: rate at byte 12; Opus granules are always 48 kHz.
  if (body[0] === 0x01 && String.fromCharCode(...body.subarray(1, 7)) === 'vorbis') {
    return readU32(body, 12)
  }
  return String.fromCharCode(...body.subarray(0, 8)) === 'OpusHead' ? 48000 : 0
}

/** Checks one whole page (checksum, sequence) and counts it; a failure message when damaged. */
function takePage(tally: OggTally, page: Uint8Array, segments: number): string | null {
  if (oggPageCrc(page) !== readU32(page, 22)) {
    return `Ogg page ${tally.pages + 1} is damaged (checksum mismatch)`
  }
  const serial = readU32(page, 14)
  const sequence = readU32(page, 18)
  const expected = tally.nextSequence.get(serial)
  if (expected !== undefined && sequence !== expected) {
    return `Ogg page ${expected} is missing (got ${sequence})`
  }
  tally.nextSequence.set(serial, sequence + 1)
  if (tally.pages === 0) tally.sampleRate = granuleRate(page.subarray(27 + segments))
  const low = readU32(page, 6)
  const high = readU32(page, 10)
  if (!(low === 0xffffffff && high === 0xffffffff)) tally.granule = high * 2 ** 32 + low
  tally.lastWasEos = (page[5]! & 0x04) !== 0
  tally.pages++
  return null
}

/** Reads whole Ogg pages from `offset`, each header's segment table giving the page's length. */
function readOggPages(
  tally: OggTally,
  data: Uint8Array,
  start: number,
  streamByte: (offset: number) => number,
): number | { failure: string } {
  let offset = start
  while (data.byteLength - offset >= 27) {
    if (!isCapturePattern(data, offset)) {
      return { failure: `Ogg capture pattern missing at byte ${streamByte(offset)}` }
    }
    const segments = data[offset + 26]!
    if (data.byteLength - offset < 27 + segments) break
    let bodyLength = 0
    for (let i = 0; i < segments; i++) bodyLength += data[offset + 27 + i]!
    const pageLength = 27 + segments + bodyLength
    if (data.byteLength - offset < pageLength) break
    const failure = takePage(tally, data.subarray(offset, offset + pageLength), segments)
    if (failure !== null) return { failure }
    offset += pageLength
  }
  return offset
}

/**
 * Walks Ogg pages: capture pattern, CRC-32 of each page, page sequence without gaps per stream,
 * and an end-of-stream flag on the last page. Anything else is a truncated or damaged stream.
 */
export function createOggChecker(): AudioChecker {
  const tally: OggTally = {
    pages: 0,
    lastWasEos: false,
    granule: 0,
    sampleRate: 0,
    nextSequence: new Map(),
  }
  return createUnitChecker({
    read: (data, offset, streamByte) => readOggPages(tally, data, offset, streamByte),
    finish(rest): AudioVerdict {
      if (rest.byteLength > 0) return incompleteUnit('Ogg page', rest)
      if (tally.pages === 0) return { ok: false, reason: 'no Ogg pages' }
      if (!tally.lastWasEos) {
        return { ok: false, reason: 'the Ogg stream ended without its last page' }
      }
      const { granule, sampleRate } = tally
      const durationMs = sampleRate > 0 ? (granule / sampleRate) * 1000 : null
      return { ok: true, units: tally.pages, durationMs }
    },
  })
}
