import { spawn } from 'node:child_process'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { ffmpegPath, pcmInputArgs } from './ffmpeg-path.js'
import { floatToInt16Bytes } from './pcm.js'

// Why ffmpeg: recordings are Ogg/Opus on the wire and no pure-npm Opus encoder works here (the
// WASM Ogg encoder the speech endpoint uses writes Vorbis). The same ffmpeg as AAC is used.
/**
 * Encodes mono float samples, given as consecutive pieces, into a complete Ogg/Opus file
 * (32 kbit/s). Pieces are written as the encoder takes them, so a long recording is never one buffer.
 */
export function encodeOggOpus(pieces: Iterable<Float32Array>, sampleRate: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath(),
      [...pcmInputArgs(sampleRate), '-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg', 'pipe:1'],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    )
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stdin.on('error', () => undefined)
    child.once('error', (error) =>
      reject(new Error(`Opus encoder (ffmpeg) failed: ${error.message}`)),
    )
    child.once('close', (code) => {
      if (code === 0) resolve(Buffer.concat(chunks))
      else reject(new Error(`Opus encoder (ffmpeg) exited with ${String(code)}`))
    })
    void writePieces(child.stdin, pieces)
  })
}

async function writePieces(stdin: Writable, pieces: Iterable<Float32Array>): Promise<void> {
  try {
    for (const piece of pieces) {
      if (stdin.destroyed) return
      if (!stdin.write(floatToInt16Bytes(piece))) await once(stdin, 'drain')
    }
    stdin.end()
  } catch {
    // The encoder went away: its exit code rejects the result.
    stdin.destroy()
  }
}
