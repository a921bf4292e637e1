import { floatToInt16Bytes } from './pcm.js'
import { createStreamEncoder } from './stream-encoder.js'
import { encodeWav } from './wav.js'
import type { AudioFormat } from './audio-formats.js'

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
