import { spawn } from 'node:child_process'
import { createMp3Encoder, createOggEncoder } from 'wasm-media-encoders'
import { ffmpegPath, pcmInputArgs } from './ffmpeg-path.js'
import type { AudioFormat } from './audio-formats.js'
import { floatToInt16Bytes } from './pcm.js'

/** Encodes audio piece by piece, so a stream can send its first bytes before the whole text is spoken. */
export interface StreamEncoder {
  /** Encodes the next samples; returns whatever bytes are ready (possibly none). */
  push(samples: Float32Array): Promise<Uint8Array>
  /** Flushes the encoder; returns the last bytes. Call once. */
  finish(): Promise<Uint8Array>
  /** Releases the encoder without finishing (the client went away). */
  abandon(): void
}

type Mp3Encoder = Awaited<ReturnType<typeof createMp3Encoder>>
type OggEncoder = Awaited<ReturnType<typeof createOggEncoder>>

// Why free lists: creating a WASM encoder compiles its module (30-90 ms); streams reuse finished ones.
const idleMp3: Mp3Encoder[] = []
const idleOgg: OggEncoder[] = []

function wrap(encoder: Mp3Encoder | OggEncoder, recycle: () => void): StreamEncoder {
  return {
    // The encoder owns its output buffer and reuses it: copy before the next call.
    push: (samples) => Promise.resolve(new Uint8Array(encoder.encode([samples]))),
    finish: () => {
      const last = new Uint8Array(encoder.finalize())
      recycle()
      return Promise.resolve(last)
    },
    // An encoder left mid-stream is dropped rather than reused with stale state.
    abandon: () => undefined,
  }
}

async function wasmEncoder(format: 'mp3' | 'ogg', sampleRate: number): Promise<StreamEncoder> {
  if (format === 'mp3') {
    const encoder = idleMp3.pop() ?? (await createMp3Encoder())
    encoder.configure({ sampleRate, channels: 1, bitrate: 64 })
    return wrap(encoder, () => idleMp3.push(encoder))
  }
  const encoder = idleOgg.pop() ?? (await createOggEncoder())
  encoder.configure({ sampleRate, channels: 1, vbrQuality: 3 })
  return wrap(encoder, () => idleOgg.push(encoder))
}

function aacEncoder(sampleRate: number): StreamEncoder {
  const child = spawn(
    ffmpegPath(),
    [
      ...pcmInputArgs(sampleRate),
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-f',
      'adts',
      '-flush_packets',
      '1',
      'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  )
  let failure: Error | null = null
  let pending: Buffer[] = []
  child.stdout.on('data', (chunk: Buffer) => pending.push(chunk))
  child.stdin.on('error', () => undefined)
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      failure = error
      resolve(null)
    })
    child.once('close', (code) => resolve(code))
  })
  const take = (): Uint8Array => {
    if (failure) throw new Error(`AAC encoder (ffmpeg) failed: ${failure.message}`)
    const out = Buffer.concat(pending)
    pending = []
    return out
  }
  return {
    push: async (samples) => {
      if (!failure && !child.stdin.write(floatToInt16Bytes(samples))) {
        await Promise.race([new Promise((resolve) => child.stdin.once('drain', resolve)), exited])
      }
      return take()
    },
    finish: async () => {
      child.stdin.end()
      const code = await exited
      if (code !== 0 && !failure) failure = new Error(`exit code ${String(code)}`)
      return take()
    },
    abandon: () => {
      child.kill()
    },
  }
}

/** A streaming encoder for `format` (not wav: the service never streams WAV). */
export async function createStreamEncoder(
  format: Exclude<AudioFormat, 'wav'>,
  sampleRate: number,
): Promise<StreamEncoder> {
  if (format === 'pcm') {
    return {
      push: (samples) => Promise.resolve(floatToInt16Bytes(samples)),
      finish: () => Promise.resolve(new Uint8Array(0)),
      abandon: () => undefined,
    }
  }
  if (format === 'aac') return aacEncoder(sampleRate)
  return wasmEncoder(format, sampleRate)
}
