import { parseWav } from '../audio/wav.js'

/** What a sample file was recognised as. */
export interface AudioKind {
  contentType: string
  extension: string
}

/** Shortest WAV sample accepted, in seconds: a voice cannot be cloned from less. */
export const MIN_WAV_SECONDS = 1

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.subarray(start, end)).toString('latin1')
}

function isMp3(bytes: Uint8Array): boolean {
  if (ascii(bytes, 0, 3) === 'ID3') return true
  // An MPEG audio frame header: 11 sync bits, a valid layer, and a bitrate index that is not "bad".
  const [b0 = 0, b1 = 0, b2 = 0] = bytes
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0 && (b2 & 0xf0) !== 0xf0
}

/**
 * Recognises real audio by its container signature (WAV, MP3, Ogg, FLAC, MP4/M4A, WebM, AAC/ADTS) and
 * checks a WAV's header and length. Returns null, or a reason, when the bytes are not usable audio.
 */
export function checkSample(bytes: Uint8Array): AudioKind | { problem: string } {
  if (bytes.length < 16) return { problem: 'is not an audio file (too small)' }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') {
    const info = parseWav(bytes)
    if (!info || info.dataBytes === 0) return { problem: 'is a WAV file without audio data' }
    if (info.durationSeconds < MIN_WAV_SECONDS) {
      return {
        problem: `is too short (${info.durationSeconds.toFixed(2)} s; at least ${MIN_WAV_SECONDS} s)`,
      }
    }
    return { contentType: 'audio/wav', extension: 'wav' }
  }
  if (ascii(bytes, 0, 4) === 'OggS') return { contentType: 'audio/ogg', extension: 'ogg' }
  if (ascii(bytes, 0, 4) === 'fLaC') return { contentType: 'audio/flac', extension: 'flac' }
  if (ascii(bytes, 4, 8) === 'ftyp') return { contentType: 'audio/mp4', extension: 'm4a' }
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return { contentType: 'audio/webm', extension: 'webm' }
  }
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xf6) === 0xf0)
    return { contentType: 'audio/aac', extension: 'aac' }
  if (isMp3(bytes)) return { contentType: 'audio/mpeg', extension: 'mp3' }
  return { problem: 'is not a recognised audio file (WAV, MP3, Ogg, FLAC, M4A, WebM or AAC)' }
}

/** Recognises an avatar image (PNG, JPEG, WebP, GIF); null otherwise. */
export function checkImage(bytes: Uint8Array): AudioKind | null {
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG')
    return { contentType: 'image/png', extension: 'png' }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { contentType: 'image/webp', extension: 'webp' }
  if (ascii(bytes, 0, 4) === 'GIF8') return { contentType: 'image/gif', extension: 'gif' }
  return null
}
