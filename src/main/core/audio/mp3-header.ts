// MPEG audio frame headers, apart from the MP3 checker: the checker reads the Xing/Info tag
// (mp3-info-tag), which itself parses frame headers, so both import this file and not each other.

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
