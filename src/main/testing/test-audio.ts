import { execFile, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Test helper: what ffprobe says about an audio file's first stream and its duration. */
export async function probeAudio(
  path: string,
  extraArgs: string[] = [],
): Promise<{ codec: string; sampleRate: number; channels: number; duration: number }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    ...extraArgs,
    '-show_entries',
    'stream=codec_name,sample_rate,channels:format=duration',
    '-of',
    'json',
    path,
  ])
  const parsed = JSON.parse(stdout) as {
    streams: { codec_name: string; sample_rate: string; channels: number }[]
    format: { duration: string }
  }
  const stream = parsed.streams[0]!
  return {
    codec: stream.codec_name,
    sampleRate: Number(stream.sample_rate),
    channels: stream.channels,
    duration: Number(parsed.format.duration),
  }
}

/**
 * Test helper: the whole file decoded by ffmpeg to mono 16-bit samples at its own rate (ffmpeg
 * trims an MP3's encoder delay and padding when a LAME tag states them).
 */
export async function decodeSamples(path: string): Promise<Int16Array> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-f', 's16le', '-ac', '1', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 1 << 30 },
  )
  const bytes = new Uint8Array(stdout) // a copy, aligned for 16-bit reads
  return new Int16Array(bytes.buffer, 0, bytes.byteLength >> 1)
}

/** What ffprobe shows of a file: its format and tags, its streams (a cover is one), its chapters. */
export interface ProbedFile {
  format: {
    format_name: string
    duration: string
    bit_rate?: string
    tags?: Record<string, string>
  }
  streams: {
    codec_type: string
    codec_name: string
    sample_rate?: string
    bit_rate?: string
    disposition?: { attached_pic?: number }
    tags?: Record<string, string>
  }[]
  chapters: { start_time: string; end_time: string; tags?: { title?: string } }[]
}

/** Test helper: ffprobe's view of a file's container (no decoding). */
export async function probeFile(path: string): Promise<ProbedFile> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_format',
    '-show_streams',
    '-show_chapters',
    '-of',
    'json',
    path,
  ])
  return JSON.parse(stdout) as ProbedFile
}

/** Test helper: the chapters ffprobe reads from a file's headers, in seconds. */
export async function probedChapters(
  path: string,
): Promise<{ title: string; start: number; end: number }[]> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_chapters', '-of', 'json', path])
  const { chapters = [] } = JSON.parse(stdout) as {
    chapters?: { start_time: string; end_time: string; tags?: { title?: string } }[]
  }
  return chapters.map((c) => ({
    title: c.tags?.title ?? '',
    start: Number(c.start_time),
    end: Number(c.end_time),
  }))
}

/** Test helper: the container duration ffprobe reads from the headers alone (no decoding). */
export async function probedSeconds(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    path,
  ])
  return Number(stdout.trim())
}

/** Test helper: exact decoded duration in seconds (decodes the whole file with ffmpeg). */
export async function decodedSeconds(path: string, extraArgs: string[] = []): Promise<number> {
  const { stdout } = await run(
    'ffprobe',
    [
      '-v',
      'error',
      ...extraArgs,
      '-count_packets',
      '-show_entries',
      'stream=duration_ts,time_base',
      '-of',
      'json',
      path,
    ],
    { maxBuffer: 1 << 24 },
  )
  void stdout
  const { stderr } = await run(
    'ffmpeg',
    ['-hide_banner', ...extraArgs, '-i', path, '-f', 'null', '-'],
    {
      maxBuffer: 1 << 24,
    },
  )
  const matches = [...stderr.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)]
  const last = matches.at(-1)
  if (!last) throw new Error(`ffmpeg printed no time for ${path}`)
  return Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3])
}

/** Test helper: integrated loudness in LUFS as ffmpeg's ebur128 filter measures it. */
export async function ffmpegIntegratedLufs(
  path: string,
  extraArgs: string[] = [],
): Promise<number> {
  const { stderr } = await run(
    'ffmpeg',
    ['-hide_banner', '-nostats', ...extraArgs, '-i', path, '-af', 'ebur128', '-f', 'null', '-'],
    { maxBuffer: 1 << 24 },
  )
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'))
  const match = /I:\s+(-?\d+(?:\.\d+)?) LUFS/.exec(summary)
  if (!match) throw new Error(`no integrated loudness in ffmpeg output: ${summary}`)
  return Number(match[1])
}

/** Test helper: a speech-like test signal (tones with syllable envelopes and gaps), s16 mono. */
export function speechLikeSignal(
  seconds: number,
  sampleRate: number,
  level = 0.3,
  seed = 1,
): Int16Array {
  const out = new Int16Array(Math.round(seconds * sampleRate))
  let state = seed
  const random = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
  let f = 180
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate
    if (i % Math.round(sampleRate * 0.25) === 0) f = 120 + random() * 300
    const syllable = Math.max(0, Math.sin(2 * Math.PI * 3 * t))
    const gap = Math.floor(t) % 4 === 3 ? 0.02 : 1
    const v =
      level *
        gap *
        syllable *
        (0.6 * Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(2 * Math.PI * 3 * f * t)) +
      level * 0.05 * (random() * 2 - 1)
    out[i] = Math.round(Math.max(-1, Math.min(1, v)) * 32767)
  }
  return out
}

/**
 * A sine tone encoded by ffmpeg, read back as bytes. Written to a file (not a pipe) so ffmpeg
 * can go back and fill in the WAV sizes and the MP3 Info frame count, as real files have them.
 * `args` choose the codec and container; `extension` names the file ffmpeg writes.
 */
export function ffmpegTone(tone: {
  seconds: number
  frequency: number
  sampleRate: number
  channels: number
  args?: string[]
  extension: string
}): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'vd-tone-'))
  try {
    const out = join(dir, `tone.${tone.extension}`)
    const run = spawnSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi'],
      ...['-i', `sine=frequency=${tone.frequency}:duration=${tone.seconds}`],
      ...['-ar', String(tone.sampleRate), '-ac', String(tone.channels)],
      ...(tone.args ?? []),
      out,
    ])
    if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`)
    return new Uint8Array(readFileSync(out))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
