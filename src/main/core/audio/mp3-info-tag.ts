import type { Mp3FrameHeader } from './mp3-header'
import { parseMp3Header } from './mp3-header'

/**
 * The encoder delay LAME puts before the first input sample (ENCDELAY). Measured on the
 * WebAssembly LAME VoiceDesk encodes with: a click at input sample n decodes, without a tag, at
 * n + 576 + 529 (the decoder's own delay, which gapless decoders add by themselves).
 */
export const LAME_ENCODER_DELAY = 576

/** Xing flags: frame count, byte count, TOC and quality present (LAME always writes all four). */
const XING_FLAGS = 0x0f
/** "Xing"/"Info", flags, frames, bytes, 100-byte TOC, quality. */
const XING_BYTES = 4 + 4 + 4 + 4 + 100 + 4
/** The LAME tag after the Xing part, up to and including its own CRC. */
const LAME_TAG_BYTES = 36
/** Largest delay or padding the tag can hold (12 bits each). */
const MAX_GAP = 4095

const CRC16_TABLE = (() => {
  const table = new Uint16Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1
    table[n] = c
  }
  return table
})()

/**
 * CRC-16/ARC (polynomial 0x8005, reflected, initial 0): the checksum of the LAME tag and of the
 * music it describes, as LAME writes it and ffmpeg checks it. Pass the previous value to continue.
 */
export function crc16(bytes: Uint8Array, crc = 0): number {
  let c = crc
  for (let i = 0; i < bytes.byteLength; i++) c = (c >>> 8) ^ CRC16_TABLE[(c ^ bytes[i]!) & 0xff]!
  return c & 0xffff
}

/** Encoder delay and end padding in samples: what a gapless decoder trims. */
export interface GaplessTrim {
  delay: number
  padding: number
}

/** What an Info/Xing frame says about the stream after it. */
export interface InfoTagFields {
  /** "Info" for a constant bitrate, "Xing" for a variable one. */
  kind: 'Info' | 'Xing'
  /** Audio frames after this frame. */
  frames: number
  /** Bytes from the start of this frame to the end of the last audio frame. */
  bytes: number
  /** 100 seek points: byte position at i % of the duration, in 1/256 of `bytes`. */
  toc: Uint8Array
  /** Xing quality indicator (0-100; informational). */
  quality: number
  /** The LAME tag; absent when the encoder's delay and padding are not known. */
  lame?: LameTagFields
}

/** The LAME extension of a Xing/Info frame (gapless playback and integrity). */
export interface LameTagFields {
  /** Nine characters, e.g. "LAME3.100". Decoders trust the trim only from known encoders. */
  encoder: string
  /** 1 = CBR, 2 = ABR, 3-5 = VBR (4 = LAME's default VBR method), 0 = unknown. */
  vbrMethod: number
  /** CBR: the bitrate; VBR: the lowest bitrate in kbit/s (255 = 255 or more). */
  bitrateKbps: number
  trim: GaplessTrim
  /** Length of the stream in bytes as `bytes` counts it. */
  musicLength: number
  /** CRC-16 of every audio frame after this frame. */
  musicCrc: number
}

/** A Xing/Info frame read back from a file, with whether its LAME tag's CRC holds. */
export interface ReadInfoTag extends InfoTagFields {
  /** Offset of the frame in the bytes given and its length. */
  offset: number
  frameLength: number
  /** The LAME tag's own CRC matches its bytes (false without a tag). */
  tagCrcOk: boolean
}

function sourceRateBits(sampleRate: number): number {
  if (sampleRate <= 32_000) return 0
  if (sampleRate <= 44_100) return 1
  if (sampleRate <= 48_000) return 2
  return 3
}

/**
 * The header of an empty Layer III frame shaped like `first` (same MPEG version, sample rate and
 * channel mode) that holds a Xing part and a LAME tag: the same bitrate as `first` when
 * `sameBitrate` and it fits (a CBR stream keeps one frame size), else the smallest that fits.
 */
export function infoFrameHeader(
  first: Uint8Array,
  sameBitrate: boolean,
): { header: Uint8Array; frame: Mp3FrameHeader } {
  const parsed = parseMp3Header(first, 0)
  if (parsed === null || parsed.layer !== 3) {
    throw new Error('an Info frame needs an MPEG Layer III frame to copy')
  }
  const needed = parsed.sideInfoEnd + XING_BYTES + LAME_TAG_BYTES
  const candidates = sameBitrate ? [parsed.bitrateIndex] : []
  for (let index = 1; index <= 14; index++) candidates.push(index)
  for (const index of candidates) {
    const header = new Uint8Array([
      0xff,
      // Sync, version and layer as the stream's; protection bit set (no CRC after the header).
      first[1]! | 0x01,
      // This bitrate, the stream's sample rate, no padding slot, private bit clear.
      (index << 4) | (first[2]! & 0x0c),
      // The stream's channel mode, copyright, original and emphasis; no mode extension.
      first[3]! & 0xcf,
    ])
    const frame = parseMp3Header(header, 0)
    if (frame !== null && frame.frameLength >= needed) return { header, frame }
  }
  throw new Error('no Layer III bitrate leaves room for an Info frame')
}

function putU32(out: Uint8Array, at: number, value: number): void {
  new DataView(out.buffer, out.byteOffset, out.byteLength).setUint32(at, value >>> 0)
}

/**
 * Builds a complete Xing/Info frame (header, zeroed side information, Xing part, LAME tag with
 * its CRC, zero fill) from a header made by {@link infoFrameHeader}.
 */
export function buildInfoFrame(header: Uint8Array, fields: InfoTagFields): Uint8Array {
  const frame = parseMp3Header(header, 0)
  if (frame === null) throw new Error('not an MPEG audio frame header')
  if (fields.toc.byteLength !== 100) throw new Error('a Xing TOC has 100 entries')
  const out = new Uint8Array(frame.frameLength)
  out.set(header.subarray(0, 4), 0)
  let at = frame.sideInfoEnd
  for (let i = 0; i < 4; i++) out[at + i] = fields.kind.charCodeAt(i)
  putU32(out, at + 4, XING_FLAGS)
  putU32(out, at + 8, fields.frames)
  putU32(out, at + 12, fields.bytes)
  out.set(fields.toc, at + 16)
  putU32(out, at + 116, fields.quality)
  at += XING_BYTES
  const lame = fields.lame
  if (lame === undefined) return out
  const { delay, padding } = lame.trim
  if (!(delay >= 0 && delay <= MAX_GAP && padding >= 0 && padding <= MAX_GAP)) {
    throw new Error(`encoder delay ${delay} and padding ${padding} do not fit a LAME tag`)
  }
  const encoder = lame.encoder.padEnd(9, ' ').slice(0, 9)
  for (let i = 0; i < 9; i++) out[at + i] = encoder.charCodeAt(i) & 0x7f
  out[at + 9] = lame.vbrMethod & 0x0f // Tag revision 0.
  // Lowpass, peak amplitude, radio and audiophile replay gain, encoding flags and ATH type:
  // not known here, left at zero ("unknown" for each).
  out[at + 20] = Math.min(255, Math.max(0, Math.round(lame.bitrateKbps)))
  out[at + 21] = delay >> 4
  out[at + 22] = ((delay & 0x0f) << 4) | (padding >> 8)
  out[at + 23] = padding & 0xff
  // Noise shaping 0, mono/unknown stereo mode 0, the source's sample-rate class.
  out[at + 24] = sourceRateBits(frame.sampleRate) << 6
  // MP3 gain, surround and preset: none.
  putU32(out, at + 28, lame.musicLength)
  out[at + 32] = lame.musicCrc >> 8
  out[at + 33] = lame.musicCrc & 0xff
  const tagCrc = crc16(out.subarray(0, at + 34))
  out[at + 34] = tagCrc >> 8
  out[at + 35] = tagCrc & 0xff
  return out
}

/**
 * Reads a Xing/Info frame at `offset` (the first frame of a stream), with its LAME tag when the
 * frame holds one; null when the frame there is an audio frame.
 */
export function readInfoTag(bytes: Uint8Array, offset: number): ReadInfoTag | null {
  const frame = parseMp3Header(bytes, offset)
  if (frame === null || offset + frame.frameLength > bytes.byteLength) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, frame.frameLength)
  let at = frame.sideInfoEnd
  if (at + 8 > frame.frameLength) return null
  const kind = String.fromCharCode(...bytes.subarray(offset + at, offset + at + 4))
  if (kind !== 'Xing' && kind !== 'Info') return null
  const flags = view.getUint32(at + 4)
  at += 8
  const field = (flag: number, size: number): number | null => {
    if ((flags & flag) === 0 || at + size > frame.frameLength) return null
    const value = size === 4 ? view.getUint32(at) : 0
    at += size
    return value
  }
  const frames = field(1, 4) ?? 0
  const total = field(2, 4) ?? 0
  const tocAt = at
  const hasToc = field(4, 100) !== null
  const toc = hasToc ? bytes.slice(offset + tocAt, offset + tocAt + 100) : new Uint8Array(100)
  const quality = field(8, 4) ?? 0
  const result: ReadInfoTag = {
    kind,
    frames,
    bytes: total,
    toc,
    quality,
    offset,
    frameLength: frame.frameLength,
    tagCrcOk: false,
  }
  if (at + LAME_TAG_BYTES > frame.frameLength) return result
  const encoder = String.fromCharCode(...bytes.subarray(offset + at, offset + at + 9))
  if (!/^[A-Za-z]{4}/.test(encoder)) return result
  const u8 = (i: number): number => view.getUint8(at + i)
  result.lame = {
    encoder,
    vbrMethod: u8(9) & 0x0f,
    bitrateKbps: u8(20),
    trim: { delay: (u8(21) << 4) | (u8(22) >> 4), padding: ((u8(22) & 0x0f) << 8) | u8(23) },
    musicLength: view.getUint32(at + 28),
    musicCrc: (u8(32) << 8) | u8(33),
  }
  const stored = (u8(34) << 8) | u8(35)
  result.tagCrcOk = crc16(bytes.subarray(offset, offset + at + 34)) === stored
  return result
}
