import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

let cachedPath: string | undefined

// Why a child process: no pure-npm AAC encoder works here. The static ffmpeg shipped inside the
// @ffmpeg-installer registry package (no download at install time) is used for AAC only; an
// ffmpeg on PATH is the fallback on platforms that package does not cover.
/** The ffmpeg binary used for AAC: the registry package's static build, else `ffmpeg` on PATH. */
export function ffmpegPath(): string {
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

/** ffmpeg's arguments for reading raw mono 16-bit PCM at `sampleRate` from stdin, quietly. */
export function pcmInputArgs(sampleRate: number): string[] {
  return [
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
  ]
}
