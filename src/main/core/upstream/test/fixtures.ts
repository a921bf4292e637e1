import { spawnSync } from 'node:child_process'
import { ffmpegTone } from '../../../testing/test-audio'

/** A real recording (ffmpeg tone, mono 24 kHz WAV) long enough to clone from. */
export function toneWav(seconds = 3): Uint8Array {
  return ffmpegTone({ seconds, frequency: 220, sampleRate: 24_000, channels: 1, extension: 'wav' })
}

/** Duration in seconds of an audio file as ffprobe decodes it (null when it cannot). */
export function probeDuration(path: string, inputFormat?: string): number | null {
  const args = ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0']
  if (inputFormat) args.push('-f', inputFormat, '-ar', '24000', '-ac', '1')
  const run = spawnSync('ffprobe', [...args, path])
  const value = Number(run.stdout.toString().trim())
  return run.status === 0 && Number.isFinite(value) ? value : null
}
