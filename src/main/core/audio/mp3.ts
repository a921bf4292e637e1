import { readInfoTag } from './mp3-info-tag'
import type { AudioChecker, AudioVerdict } from './verdict'
import { Carry, id3v2Size } from './verdict'

/** Encoders whose LAME-tag delay and padding decoders (ffmpeg among them) honour. */
const GAPLESS_ENCODERS = /^(LAME|Lavf|Lavc)/

const BITRATES: Record<string, readonly number[]> = {
  // kbit/s by index 1..14, per "MPEG version / layer" family.
  'v1-l1': [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  'v1-l2': [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  'v1-l3': [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  'v2-l1': [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  'v2-l23': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
}
const SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
}

/** A parsed MPEG audio frame header. */
export interface Mp3FrameHeader {
  frameLength: number
  sampleRate: number
  samplesPerFrame: number
  /** Offset of a Xing/Info tag inside this frame (after the side information). */
  sideInfoEnd: number
  /** Bits per second of this frame. */
  bitrate: number
  /** The 4-bit bitrate index (CBR streams keep one; VBR streams change it). */
  bitrateIndex: number
  /** 1 = Layer I, 2 = Layer II, 3 = Layer III. */
  layer: number
}

/** Parses the 4-byte header at `offset`; null when it is not a valid frame header. */
export function parseMp3Header(data: Uint8Array, offset: number): Mp3FrameHeader | null {
  const b0 = data[offset]
  const b1 = data[offset + 1]
  const b2 = data[offset + 2]
  const b3 = data[offset + 3]
  if (b0 === undefined || b1 === undefined || b2 === undefined || b3 === undefined) return null
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null
  const version = (b1 >> 3) & 3 // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5
  const layerBits = (b1 >> 1) & 3 // 3 = I, 2 = II, 1 = III
  if (version === 1 || layerBits === 0) return null
  const layer = 4 - layerBits
  const bitrateIndex = b2 >> 4
  const rateIndex = (b2 >> 2) & 3
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null
  const family = version === 3 ? `v1-l${layer}` : layer === 1 ? 'v2-l1' : 'v2-l23'
  const bitrate = BITRATES[family]![bitrateIndex - 1]! * 1000
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!
  const padding = (b2 >> 1) & 1
  let frameLength: number
  let samplesPerFrame: number
  if (layer === 1) {
    frameLength = (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
    samplesPerFrame = 384
  } else if (layer === 2 || version === 3) {
    frameLength = Math.floor((144 * bitrate) / sampleRate) + padding
    samplesPerFrame = 1152
  } else {
    frameLength = Math.floor((72 * bitrate) / sampleRate) + padding
    samplesPerFrame = 576
  }
  const mono = b3 >> 6 === 3
  const sideInfo = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17
  return {
    frameLength,
    sampleRate,
    samplesPerFrame,
    sideInfoEnd: 4 + sideInfo,
    bitrate,
    bitrateIndex,
    layer,
  }
}

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
