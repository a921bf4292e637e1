import { parseMp3Header } from './mp3-header'
import { readInfoTag } from './mp3-info-tag'
import type { AudioChecker, AudioVerdict } from './verdict'
import { Carry, id3v2Size } from './verdict'

/** Encoders whose LAME-tag delay and padding decoders (ffmpeg among them) honour. */
const GAPLESS_ENCODERS = /^(LAME|Lavf|Lavc)/

/**
 * Walks MP3 frames: skips a leading ID3v2 tag, follows each header to the next frame, reads a
 * Xing/Info frame count when present, accepts a trailing ID3v1 tag. Incomplete last frame, lost
 * sync, or fewer frames than the Xing tag promised -> not ok. The duration is what a gapless
 * decoder plays: the frames' samples less the encoder delay and padding of a sound LAME tag.
 */
export function createMp3Checker(): AudioChecker {
  const carry = new Carry()
  let bytes = 0
  let skip = 0
  let started = false
  let frames = 0
  let samples = 0
  let sampleRate = 0
  let promised: number | null = null
  let trimmed = 0
  let infoRead = false
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
        if (tag > 0) {
          if (tag > data.byteLength) {
            skip = tag - data.byteLength
            return carry.keep(data, data.byteLength)
          }
          offset = tag
        }
      }
      while (data.byteLength - offset >= 4) {
        // A trailing ID3v1 tag ("TAG", 128 bytes) may only be at the very end: left for finish().
        if (data[offset] === 0x54 && data[offset + 1] === 0x41 && data[offset + 2] === 0x47) {
          if (data.byteLength - offset <= 128) break
          failure = `unexpected data after an ID3v1 tag at byte ${bytes - data.byteLength + offset}`
          return
        }
        const header = parseMp3Header(data, offset)
        if (header === null) {
          failure = `MP3 frame sync lost at byte ${bytes - data.byteLength + offset}`
          return
        }
        if (data.byteLength - offset < header.frameLength) break
        if (frames === 0 && !infoRead) {
          const info = readInfoTag(data, offset)
          if (info !== null) {
            infoRead = true
            promised = info.frames > 0 ? info.frames : null
            if (info.lame && info.tagCrcOk && GAPLESS_ENCODERS.test(info.lame.encoder)) {
              trimmed = info.lame.trim.delay + info.lame.trim.padding
            }
            offset += header.frameLength
            continue
          }
        }
        frames++
        samples += header.samplesPerFrame
        sampleRate = header.sampleRate
        offset += header.frameLength
      }
      carry.keep(data, offset)
    },
    finish(): AudioVerdict {
      if (failure !== null) return { ok: false, reason: failure }
      if (skip > 0) return { ok: false, reason: 'the MP3 ended inside its ID3 tag' }
      const rest = carry.data
      const isId3v1 =
        rest.byteLength === 128 && rest[0] === 0x54 && rest[1] === 0x41 && rest[2] === 0x47
      if (rest.byteLength > 0 && !isId3v1) {
        return {
          ok: false,
          reason: `the last MP3 frame is incomplete (${rest.byteLength} bytes left over)`,
        }
      }
      if (frames === 0) return { ok: false, reason: 'no MP3 audio frames' }
      if (promised !== null && frames < promised) {
        return { ok: false, reason: `only ${frames} of ${promised} MP3 frames arrived` }
      }
      const played = Math.max(0, samples - trimmed)
      return { ok: true, units: frames, durationMs: (played / sampleRate) * 1000 }
    },
  }
}
