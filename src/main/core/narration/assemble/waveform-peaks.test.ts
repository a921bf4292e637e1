import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_WAVEFORM_PEAKS } from '../../../../shared/domain/render-playback'
import { wavHeader } from '../../../../shared/domain/wav-header'
import { measurePeaks, wavLayout } from '../../script-workspace/render-playback-file'
import { decodeSamples } from '../../../testing/test-audio'
import { useTempDirs } from '../../../testing/temp-dir'
import { RenderOutputs } from './render-outputs'
import { WaveformMeter } from './waveform-peaks'

const RATE = 24_000
const tempDir = useTempDirs('vd-waveform-')

/** Stretches of silence and of a 440 Hz tone at a level (0: silence), `seconds` each. */
function toneAndSilence(stretches: { seconds: number; level: number }[]): Int16Array {
  const total = stretches.reduce((sum, s) => sum + Math.round(s.seconds * RATE), 0)
  const out = new Int16Array(total)
  let at = 0
  for (const { seconds, level } of stretches) {
    const n = Math.round(seconds * RATE)
    for (let i = 0; i < n; i += 1) {
      out[at + i] = Math.round(level * 32767 * Math.sin((2 * Math.PI * 440 * i) / RATE))
    }
    at += n
  }
  return out
}

const PATTERN = [
  { seconds: 1, level: 0 },
  { seconds: 1, level: 0.5 },
  { seconds: 0.5, level: 0 },
  { seconds: 0.5, level: 0.25 },
]

/** The peaks of `peaks` (a program `total` seconds long) from `from` to `to` seconds. */
function between(peaks: number[], from: number, to: number, total: number): number[] {
  return peaks.slice(
    Math.ceil((from / total) * peaks.length),
    Math.floor((to / total) * peaks.length),
  )
}

/** Silence, then a tone at `level`, and so on (`PATTERN`'s shape, scaled by `gain`). */
function expectPattern(peaks: number[], total: number, gain: number): void {
  // A slice (18 samples at 4,000 peaks for 3 s) holds a third of the tone's period or more, so
  // its samples span 112° of it at least: its peak is between sin(56°) of the level and the level.
  const stretches = [
    [0, 1, 0],
    [1, 2, 0.5],
    [2, 2.5, 0],
    [2.5, 3, 0.25],
  ] as const
  for (const [from, to, level] of stretches) {
    const inside = between(peaks, from + 0.01, to - 0.01, total)
    expect(inside.length).toBeGreaterThan(10)
    expect(Math.max(...inside)).toBeCloseTo(level * gain, 3)
    expect(Math.min(...inside)).toBeGreaterThanOrEqual(level * gain * 0.82)
  }
}

/** Feeds `samples` to a meter in writes of uneven sizes, as pieces and pauses arrive. */
function metered(samples: Int16Array, count: number): WaveformMeter {
  const meter = new WaveformMeter(count)
  const sizes = [8192, 1, 4799, 333, 20_000]
  for (let from = 0, k = 0; from < samples.length; k += 1) {
    const to = Math.min(samples.length, from + sizes[k % sizes.length]!)
    meter.push(samples.subarray(from, to))
    from = to
  }
  return meter
}

/** The waveform of the same samples read back from a WAV file (the player's older way). */
async function peaksOfWav(samples: Int16Array, count: number): Promise<number[]> {
  const path = join(await tempDir(), 'reference.wav')
  const bytes = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength)
  const head = wavHeader(RATE, 1, bytes.byteLength)
  await writeFile(path, Buffer.concat([head, bytes]))
  return measurePeaks(path, wavLayout(head, head.length + bytes.length)!, count)
}

describe('WaveformMeter', () => {
  it.each([
    ['three seconds (pairs joined once)', 1],
    ['a minute (buckets of 32 samples)', 20],
  ])(
    'gives the peaks read from the file, each at most one bucket wider: %s',
    async (_name, repeats) => {
      const pattern = toneAndSilence(Array.from({ length: repeats }, () => PATTERN).flat())
      const ours = metered(pattern, MAX_WAVEFORM_PEAKS).peaks()
      const reference = await peaksOfWav(pattern, MAX_WAVEFORM_PEAKS)
      expect(ours).toHaveLength(MAX_WAVEFORM_PEAKS)
      expect(reference).toHaveLength(MAX_WAVEFORM_PEAKS)
      let differing = 0
      for (let i = 0; i < ours.length; i += 1) {
        // Never less than the slice's own samples, never more than its neighbours' loudest.
        const around = Math.max(...reference.slice(Math.max(0, i - 1), i + 2))
        expect(ours[i]!).toBeGreaterThanOrEqual(reference[i]!)
        expect(ours[i]!).toBeLessThanOrEqual(around)
        if (ours[i] !== reference[i]) differing += 1
      }
      expect(differing).toBeLessThan(ours.length / 4)
      // The pattern itself, in its first three seconds.
      expectPattern(ours.slice(0, ours.length / repeats), 3, 1)
    },
  )

  it('gives one peak a sample for a program shorter than the peaks asked for, none for nothing', () => {
    const meter = new WaveformMeter(8)
    expect(meter.peaks()).toEqual([])
    meter.push(new Int16Array([0, 32767, -32768, -16384]))
    expect(meter.peaks()).toEqual([0, 1, 1, 0.5])
    expect(meter.samples).toBe(4)
  })

  it('keeps a table of bounded size however long the program is', () => {
    const meter = new WaveformMeter(10)
    // 10 peaks keep at most 160 buckets: ten hours of audio in 160 buckets of 2^21 samples.
    const second = toneAndSilence([{ seconds: 1, level: 0.5 }])
    for (let i = 0; i < 600; i += 1) meter.push(second)
    meter.push(new Int16Array(RATE * 600))
    const peaks = meter.peaks()
    expect(peaks).toHaveLength(10)
    expect(peaks.slice(0, 5).every((p) => Math.abs(p - 0.5) < 0.001)).toBe(true)
    // The sixth starts where the silence does, and may hold the last bucket of the tone.
    expect(peaks.slice(6)).toEqual([0, 0, 0, 0])
  })
})

describe('the peaks a render measures as it writes', () => {
  it.each(['mp3', 'ogg', 'wav'] as const)(
    'match the %s file as a decoder reads it back, after the gain',
    async (format) => {
      const path = join(await tempDir(), `pattern.${format}`)
      // A gain of -6 dB: the peaks are those of the written file, not of the pieces.
      const outputs = new RenderOutputs(
        path,
        format,
        RATE,
        0.5,
        null,
        new AbortController().signal,
        0,
      )
      await outputs.start()
      const pattern = toneAndSilence(PATTERN)
      for (let i = 0; i < pattern.length; i += 4800) await outputs.write(pattern.slice(i, i + 4800))
      await outputs.commit()
      const peaks = outputs.waveform
      const decoded = await decodeSamples(path)
      // As long as the program (a Vorbis stream ends on its own block size, some ms off).
      expect(Math.abs(decoded.length / RATE - 3)).toBeLessThan(0.02)
      const heard = metered(decoded, MAX_WAVEFORM_PEAKS).peaks()
      for (const [from, to] of [
        [0.1, 0.9],
        [1.1, 1.9],
        [2.1, 2.4],
        [2.6, 2.9],
      ] as const) {
        // A lossy encoder adds a little error; the stretch's loudest is the same.
        const written = Math.max(...between(peaks, from, to, 3))
        expect(Math.abs(written - Math.max(...between(heard, from, to, 3)))).toBeLessThan(0.02)
      }
      // Half the level of the pieces: the peaks are the file's, after the gain.
      expectPattern(peaks, 3, 0.5)
    },
  )
})
