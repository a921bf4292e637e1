import type { SampleExtension } from '../../../shared/domain/voice'
import { createAdtsChecker, isAdtsHeader } from './adts'
import { createMp3Checker } from './mp3'
import { parseMp3Header } from './mp3-header'
import { createOggChecker } from './ogg'
import { createPcmChecker, createWavChecker } from './pcm-wav'
import type { AudioChecker, AudioVerdict } from './verdict'
import { id3v2Size } from './verdict'

/** Containers VoiceDesk can check for completeness. */
export type CheckableFormat = 'mp3' | 'ogg' | 'aac' | 'pcm' | 'wav'

/** The incremental checker for a format (see each walker for what it proves). */
export function createAudioChecker(
  format: CheckableFormat,
  options: { expectedDurationMs?: number } = {},
): AudioChecker {
  switch (format) {
    case 'mp3':
      return createMp3Checker()
    case 'ogg':
      return createOggChecker()
    case 'aac':
      return createAdtsChecker()
    case 'wav':
      return createWavChecker()
    case 'pcm':
      return createPcmChecker(
        options.expectedDurationMs === undefined
          ? {}
          : { expectedDurationMs: options.expectedDurationMs },
      )
  }
}

/** Checks a whole file in memory. */
export function checkAudio(
  format: CheckableFormat,
  bytes: Uint8Array,
  options: { expectedDurationMs?: number } = {},
): AudioVerdict {
  const checker = createAudioChecker(format, options)
  checker.push(bytes)
  return checker.finish()
}

/**
 * Names the container from its first bytes (the service does not guarantee a sample's content
 * type): RIFF/WAVE, OggS, fLaC, ftyp (M4A), ADTS, MP3 (ID3 tag or frame sync); `bin` otherwise.
 */
export function sniffAudioExtension(bytes: Uint8Array): SampleExtension {
  const text = (at: number, length: number): string =>
    String.fromCharCode(...bytes.subarray(at, at + length))
  if (bytes.byteLength >= 12 && text(0, 4) === 'RIFF' && text(8, 4) === 'WAVE') return 'wav'
  if (text(0, 4) === 'OggS') return 'ogg'
  if (text(0, 4) === 'fLaC') return 'flac'
  if (bytes.byteLength >= 8 && text(4, 4) === 'ftyp') return 'm4a'
  let offset = 0
  const tag = id3v2Size(bytes, 0)
  if (tag > 0) {
    offset = tag
    if (offset >= bytes.byteLength) return 'mp3'
  }
  if (isAdtsHeader(bytes, offset)) return 'aac'
  if (parseMp3Header(bytes, offset) !== null) return 'mp3'
  return tag > 0 ? 'mp3' : 'bin'
}
