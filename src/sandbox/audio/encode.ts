import { floatToInt16Bytes } from './pcm.js'
import { createStreamEncoder } from './stream-encoder.js'
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

/** Encodes mono float samples at `sampleRate` into a complete file of `format`. */
export async function encodeAudio(
  format: AudioFormat,
  samples: Float32Array,
  sampleRate: number,
): Promise<Buffer> {
  if (format === 'wav') return encodeWav(samples, sampleRate)
  if (format === 'pcm') return floatToInt16Bytes(samples)
  // A whole file is a stream with a single piece.
  const encoder = await createStreamEncoder(format, sampleRate)
  const body = await encoder.push(samples)
  return Buffer.concat([body, await encoder.finish()])
}
