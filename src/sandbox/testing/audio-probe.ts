import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** What Debian's ffprobe and ffmpeg say about an audio file. */
export interface ProbeResult {
  codec: string
  sampleRate: number
  channels: number
  /** Container duration as ffprobe reports it (estimated from the bitrate for ADTS). */
  probedSeconds: number
  /** Duration of the fully decoded audio. */
  decodedSeconds: number
  /** Decoded samples, mono, 24 kHz, floats. */
  samples: Float32Array
}

const RAW_INPUT = ['-f', 's16le', '-ar', '24000', '-ac', '1']

/**
 * Samples of raw 16-bit little-endian mono PCM (the speech endpoint's `pcm`), read directly: no
 * decoder process is needed for bytes that are already samples.
 */
export function pcmSamples(pcm: Buffer): Float32Array {
  const samples = new Float32Array(Math.floor(pcm.length / 2))
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32768
  return samples
}

/** Probes and decodes audio bytes with ffprobe/ffmpeg (test-only; the sandbox never runs them for this). */
export async function probeAudio(bytes: Uint8Array, extension: string): Promise<ProbeResult> {
  const folder = await mkdtemp(join(tmpdir(), 'sandbox-probe-'))
  const file = join(folder, `audio.${extension}`)
  try {
    await writeFile(file, bytes)
    const rawInput = extension === 'pcm' ? RAW_INPUT : []
    // Both read the same file: started together, the two process start-ups overlap.
    const [probed, decoded] = await Promise.all([
      run('ffprobe', [
        '-v',
        'error',
        ...rawInput,
        '-show_entries',
        'stream=codec_name,sample_rate,channels:format=duration',
        '-of',
        'json',
        file,
      ]),
      run(
        'ffmpeg',
        [
          '-v',
          'error',
          ...rawInput,
          '-i',
          file,
          '-f',
          's16le',
          '-ac',
          '1',
          '-ar',
          '24000',
          'pipe:1',
        ],
        { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
      ),
    ])
    const info = JSON.parse(probed.stdout) as {
      streams?: Array<{ codec_name?: string; sample_rate?: string; channels?: number }>
      format?: { duration?: string }
    }
    const stream = info.streams?.[0] ?? {}
    const samples = pcmSamples(decoded.stdout)
    return {
      codec: stream.codec_name ?? '',
      sampleRate: Number(stream.sample_rate ?? 0),
      channels: stream.channels ?? 0,
      probedSeconds: Number(info.format?.duration ?? 0),
      decodedSeconds: samples.length / 24000,
      samples,
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** Integrated loudness (LUFS) measured by ffmpeg's EBU R128 filter. */
export async function measureLufs(bytes: Uint8Array, extension: string): Promise<number> {
  const folder = await mkdtemp(join(tmpdir(), 'sandbox-lufs-'))
  const file = join(folder, `audio.${extension}`)
  try {
    await writeFile(file, bytes)
    const { stderr } = await run('ffmpeg', [
      '-hide_banner',
      '-nostats',
      '-i',
      file,
      '-af',
      'ebur128',
      '-f',
      'null',
      '-',
    ])
    const match = /Integrated loudness:\s*\n\s*I:\s*(-?\d+(?:\.\d+)?) LUFS/.exec(stderr)
    if (!match?.[1]) throw new Error(`no loudness in ffmpeg output: ${stderr.slice(-500)}`)
    return Number(match[1])
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** Median fundamental frequency (Hz) of the voiced 40 ms frames, by autocorrelation (60-400 Hz). */
export function medianPitch(samples: Float32Array, sampleRate = 24000): number {
  const frame = Math.round(0.04 * sampleRate)
  const minLag = Math.floor(sampleRate / 400)
  const maxLag = Math.ceil(sampleRate / 60)
  const pitches: number[] = []
  for (let start = 0; start + frame + maxLag < samples.length; start += frame) {
    let energy = 0
    for (let i = start; i < start + frame; i++) energy += (samples[i] ?? 0) ** 2
    if (energy / frame < 1e-4) continue
    let bestLag = 0
    let best = 0
    for (let lag = minLag; lag <= maxLag; lag++) {
      let sum = 0
      for (let i = start; i < start + frame; i++) sum += (samples[i] ?? 0) * (samples[i + lag] ?? 0)
      if (sum > best) {
        best = sum
        bestLag = lag
      }
    }
    if (bestLag > 0 && best / energy > 0.5) pitches.push(sampleRate / bestLag)
  }
  pitches.sort((a, b) => a - b)
  return pitches[Math.floor(pitches.length / 2)] ?? 0
}

/** Mean zero-crossing rate per second: a cheap brightness (timbre) measure. */
export function zeroCrossingRate(samples: Float32Array, sampleRate = 24000): number {
  let crossings = 0
  for (let i = 1; i < samples.length; i++)
    if ((samples[i - 1] ?? 0) < 0 !== (samples[i] ?? 0) < 0) crossings++
  return (crossings / samples.length) * sampleRate
}
