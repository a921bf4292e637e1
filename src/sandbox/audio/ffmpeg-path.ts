import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { floatToInt16Bytes } from './pcm.js'

let cachedPath: string | null | undefined

// Why a child process: no pure-npm AAC encoder works here. The static ffmpeg shipped inside the
// @ffmpeg-installer registry package (no download at install time) is used for AAC only; an
// ffmpeg on PATH is the fallback on platforms that package does not cover.
/** The ffmpeg binary used for AAC: the registry package's static build, else `ffmpeg` on PATH. */
export function ffmpegPath(): string | null {
  if (cachedPath !== undefined) return cachedPath
  cachedPath = 'ffmpeg'
  try {
    const require = createRequire(import.meta.url)
    const installer: unknown = require('@ffmpeg-installer/ffmpeg')
    if (typeof installer === 'object' && installer !== null && 'path' in installer) {
      const path = installer.path
      if (typeof path === 'string' && existsSync(path)) cachedPath = path
    }
  } catch {
    // Not installed for this platform: fall back to PATH.
  }
  return cachedPath
}

/** Encodes mono samples as ADTS AAC-LC (audio/aac) at 64 kb/s by piping raw PCM through ffmpeg. */
export function encodeAac(samples: Float32Array, sampleRate: number): Promise<Buffer> {
  const binary = ffmpegPath()
  if (!binary) return Promise.reject(new Error('no ffmpeg available for AAC encoding'))
  return new Promise((resolve, reject) => {
    const child = spawn(
      binary,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        's16le',
        '-ar',
        String(sampleRate),
        '-ac',
        '1',
        '-i',
        'pipe:0',
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-f',
        'adts',
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    )
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out))
      else
        reject(
          new Error(
            `ffmpeg exited with ${String(code)}: ${Buffer.concat(err).toString('utf8').slice(0, 500)}`,
          ),
        )
    })
    child.stdin.on('error', reject)
    child.stdin.end(floatToInt16Bytes(samples))
  })
}
