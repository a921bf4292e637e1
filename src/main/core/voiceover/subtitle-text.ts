import { AppError } from '../../../shared/errors'

/** The encodings a subtitle file is read in. */
export type SubtitleEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

/** A subtitle file's text and the encoding it was read in. */
export interface SubtitleText {
  text: string
  encoding: SubtitleEncoding
}

/** Largest subtitle file read: a feature film's subtitles are well under 1 MB. */
export const MAX_SUBTITLE_BYTES = 16 * 1024 * 1024

/** Bytes Windows-1252 leaves undefined: a file holding them is not Windows-1252 text. */
const CP1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d])

function unknownEncoding(why: string): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `This subtitle file's text encoding could not be recognised (${why}). Save it as UTF-8 in your subtitle editor and open it again.`,
  )
}

/** Counts NUL bytes at even and odd offsets: UTF-16 without a BOM shows them on one side. */
function nulSides(bytes: Uint8Array): { even: number; odd: number } {
  let even = 0
  let odd = 0
  const n = Math.min(bytes.length, 4096)
  for (let i = 0; i < n; i++) {
    if (bytes[i] !== 0) continue
    if (i % 2 === 0) even += 1
    else odd += 1
  }
  return { even, odd }
}

/**
 * Reads a subtitle file's bytes as text: UTF-8 (with or without BOM), UTF-16 with a BOM (or
 * without one when its NUL bytes give it away), else Windows-1252. Why strict UTF-8 first: a
 * UTF-8 file read as Windows-1252 would be spoken as mojibake and billed; only bytes that are
 * not valid UTF-8 fall back to Windows-1252. Refuses binary data (a video picked by mistake).
 */
export function decodeSubtitleBytes(bytes: Uint8Array): SubtitleText {
  if (bytes.length > MAX_SUBTITLE_BYTES) {
    throw new AppError(
      'VALIDATION_FAILED',
      `This subtitle file is larger than ${MAX_SUBTITLE_BYTES / 1024 / 1024} MB, far more than a film's subtitles. Check that you chose the subtitle file and not the video.`,
      { details: { limit: { maximum: MAX_SUBTITLE_BYTES } } },
    )
  }
  const b0 = bytes[0]
  const b1 = bytes[1]
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) {
    return { text: strictDecode('utf-8', bytes.subarray(3)), encoding: 'utf-8' }
  }
  if (b0 === 0xff && b1 === 0xfe) {
    return { text: strictDecode('utf-16le', bytes.subarray(2)), encoding: 'utf-16le' }
  }
  if (b0 === 0xfe && b1 === 0xff) {
    return { text: strictDecode('utf-16be', bytes.subarray(2)), encoding: 'utf-16be' }
  }
  const { even, odd } = nulSides(bytes)
  if (odd > 0 && even === 0) return { text: strictDecode('utf-16le', bytes), encoding: 'utf-16le' }
  if (even > 0 && odd === 0) return { text: strictDecode('utf-16be', bytes), encoding: 'utf-16be' }
  if (even + odd > 0) throw unknownEncoding('it holds binary data, not text')
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    for (const byte of bytes) {
      if (CP1252_UNDEFINED.has(byte)) throw unknownEncoding('neither UTF-8 nor Windows-1252')
    }
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' }
  }
}

function strictDecode(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes)
  } catch {
    throw unknownEncoding(`it starts as ${encoding.toUpperCase()} but is not valid ${encoding}`)
  }
}
