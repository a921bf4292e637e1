import { floatToInt16Bytes } from './pcm.js'

/** Facts read from a RIFF/WAVE header. */
export interface WavInfo {
  audioFormat: number
  channels: number
  sampleRate: number
  bitsPerSample: number
  dataBytes: number
  durationSeconds: number
}

/** Wraps mono float samples in a 16-bit PCM WAV file. */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const data = floatToInt16Bytes(samples)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** Reads a WAV header by walking its chunks; null when the bytes are not a usable WAV file. */
export function parseWav(bytes: Uint8Array): WavInfo | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (
    buf.length < 12 ||
    buf.toString('ascii', 0, 4) !== 'RIFF' ||
    buf.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    return null
  }
  let offset = 12
  let fmt: Omit<WavInfo, 'dataBytes' | 'durationSeconds'> | null = null
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4)
    const size = buf.readUInt32LE(offset + 4)
    const body = offset + 8
    if (id === 'fmt ' && body + 16 <= buf.length) {
      fmt = {
        audioFormat: buf.readUInt16LE(body),
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bitsPerSample: buf.readUInt16LE(body + 14),
      }
    } else if (id === 'data' && fmt) {
      const dataBytes = Math.min(size, buf.length - body)
      const frameBytes = (fmt.channels * fmt.bitsPerSample) / 8
      if (frameBytes <= 0 || fmt.sampleRate <= 0) return null
      return { ...fmt, dataBytes, durationSeconds: dataBytes / frameBytes / fmt.sampleRate }
    }
    offset = body + size + (size % 2)
  }
  return null
}
