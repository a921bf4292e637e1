import { createMp3Encoder, createOggEncoder } from 'wasm-media-encoders'
import { encodeAac } from './aac-encoder.js'
import { floatToInt16Bytes } from './pcm.js'
import { encodeWav } from './wav.js'

/** Every audio format the speech endpoint produces. */
export type AudioFormat = 'wav' | 'mp3' | 'ogg' | 'aac' | 'pcm'

/** The formats in the order the service documents them. */
export const AUDIO_FORMATS: readonly AudioFormat[] = ['wav', 'mp3', 'ogg', 'aac', 'pcm']

/** Content type of each format, as sent on the stream endpoint and on downloads. */
export const CONTENT_TYPES: Record<AudioFormat, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  pcm: 'audio/L16;rate=24000;channels=1',
}

type Mp3Encoder = Awaited<ReturnType<typeof createMp3Encoder>>
type OggEncoder = Awaited<ReturnType<typeof createOggEncoder>>
let mp3: Promise<Mp3Encoder> | undefined
let ogg: Promise<OggEncoder> | undefined

function joinOwned(first: Uint8Array, last: Uint8Array): Buffer {
  // The encoder owns its output buffers and reuses them: copy before the next call.
  return Buffer.concat([Buffer.from(first), Buffer.from(last)])
}

/** Encodes mono float samples at `sampleRate` into a complete file of `format`. */
export async function encodeAudio(
  format: AudioFormat,
  samples: Float32Array,
  sampleRate: number,
): Promise<Buffer> {
  switch (format) {
    case 'wav':
      return encodeWav(samples, sampleRate)
    case 'pcm':
      return floatToInt16Bytes(samples)
    case 'mp3': {
      mp3 ??= createMp3Encoder()
      const encoder = await mp3
      // Why no await between configure and finalize: the encoder is shared, and this section
      // runs to completion before another request can reconfigure it.
      encoder.configure({ sampleRate, channels: 1, bitrate: 64 })
      const body = Buffer.from(encoder.encode([samples]))
      return joinOwned(body, encoder.finalize())
    }
    case 'ogg': {
      ogg ??= createOggEncoder()
      const encoder = await ogg
      encoder.configure({ sampleRate, channels: 1, vbrQuality: 3 })
      const body = Buffer.from(encoder.encode([samples]))
      return joinOwned(body, encoder.finalize())
    }
    case 'aac':
      return encodeAac(samples, sampleRate)
  }
}
