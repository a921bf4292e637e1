import { parseMp3Header } from './mp3-header'
import { readInfoTag } from './mp3-info-tag'
import type { AudioChecker, AudioVerdict } from './verdict'
import { createUnitChecker, incompleteUnit } from './unit-checker'

/** Encoders whose LAME-tag delay and padding decoders (ffmpeg among them) honour. */
const GAPLESS_ENCODERS = /^(LAME|Lavf|Lavc)/

interface Mp3Tally {
  frames: number
  samples: number
  sampleRate: number
  /** Frames a Xing/Info tag promised, when it gave a count. */
  promised: number | null
  /** Encoder delay and padding a sound LAME tag asks a decoder to drop. */
  trimmed: number
  infoRead: boolean
}

function isId3v1(data: Uint8Array, offset: number): boolean {
  return data[offset] === 0x54 && data[offset + 1] === 0x41 && data[offset + 2] === 0x47
}

/** Takes the Xing/Info frame, when it is the first one, as the stream's promise; true if it was. */
function readInfoFrame(tally: Mp3Tally, data: Uint8Array, offset: number): boolean {
  if (tally.frames > 0 || tally.infoRead) return false
  const info = readInfoTag(data, offset)
  if (info === null) return false
  tally.infoRead = true
  tally.promised = info.frames > 0 ? info.frames : null
  if (info.lame && info.tagCrcOk && GAPLESS_ENCODERS.test(info.lame.encoder)) {
    tally.trimmed = info.lame.trim.delay + info.lame.trim.padding
  }
  return true
}

/** Reads whole MP3 frames from `offset`, each header leading to the next. */
function readMp3Frames(
  tally: Mp3Tally,
  data: Uint8Array,
  start: number,
  streamByte: (offset: number) => number,
): number | { failure: string } {
  let offset = start
  while (data.byteLength - offset >= 4) {
    // A trailing ID3v1 tag ("TAG", 128 bytes) may only be at the very end: left for finish().
    if (isId3v1(data, offset)) {
      if (data.byteLength - offset <= 128) break
      return { failure: `unexpected data after an ID3v1 tag at byte ${streamByte(offset)}` }
    }
    const header = parseMp3Header(data, offset)
    if (header === null) return { failure: `MP3 frame sync lost at byte ${streamByte(offset)}` }
    if (data.byteLength - offset < header.frameLength) break
    if (!readInfoFrame(tally, data, offset)) {
      tally.frames++
      tally.samples += header.samplesPerFrame
      tally.sampleRate = header.sampleRate
    }
    offset += header.frameLength
  }
  return offset
}

function mp3Verdict(tally: Mp3Tally, rest: Uint8Array): AudioVerdict {
  if (rest.byteLength > 0 && !(rest.byteLength === 128 && isId3v1(rest, 0))) {
    return incompleteUnit('MP3 frame', rest)
  }
  const { frames, promised } = tally
  if (frames === 0) return { ok: false, reason: 'no MP3 audio frames' }
  if (promised !== null && frames < promised) {
    return { ok: false, reason: `only ${frames} of ${promised} MP3 frames arrived` }
  }
  const played = Math.max(0, tally.samples - tally.trimmed)
  return { ok: true, units: frames, durationMs: (played / tally.sampleRate) * 1000 }
}

/**
 * Walks MP3 frames: skips a leading ID3v2 tag, follows each header to the next frame, reads a
 * Xing/Info frame count when present, accepts a trailing ID3v1 tag. Incomplete last frame, lost
 * sync, or fewer frames than the Xing tag promised -> not ok. The duration is what a gapless
 * decoder plays: the frames' samples less the encoder delay and padding of a sound LAME tag.
 */
export function createMp3Checker(): AudioChecker {
  const tally: Mp3Tally = {
    frames: 0,
    samples: 0,
    sampleRate: 0,
    promised: null,
    trimmed: 0,
    infoRead: false,
  }
  return createUnitChecker({
    id3Prefix: { endedInside: 'the MP3 ended inside its ID3 tag' },
    read: (data, offset, streamByte) => readMp3Frames(tally, data, offset, streamByte),
    finish: (rest) => mp3Verdict(tally, rest),
  })
}
