import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A real recording (ffmpeg tone, mono 24 kHz WAV) long enough to clone from. */
export function toneWav(seconds = 3): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'vd-fixture-'))
  try {
    const out = join(dir, 'sample.wav')
    const run = spawnSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=220:duration=${seconds}`,
      '-ar',
      '24000',
      '-ac',
      '1',
      out,
    ])
    if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`)
    return new Uint8Array(readFileSync(out))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Duration in seconds of an audio file as ffprobe decodes it (null when it cannot). */
export function probeDuration(path: string, inputFormat?: string): number | null {
  const args = ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0']
  if (inputFormat) args.push('-f', inputFormat, '-ar', '24000', '-ac', '1')
  const run = spawnSync('ffprobe', [...args, path])
  const value = Number(run.stdout.toString().trim())
  return run.status === 0 && Number.isFinite(value) ? value : null
}
