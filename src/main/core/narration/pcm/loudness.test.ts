import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { applyGain, kWeightingCoefficients, LoudnessMeter, normalizationGain } from './loudness'
import { samplesToBytes } from './pcm-edges'
import { ffmpegIntegratedLufs, speechLikeSignal } from '../../../testing/test-audio'
import { wavHeader } from '../../../../shared/domain/wav-header'

const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

async function wavFile(samples: Int16Array, rate: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vd-loud-'))
  dirs.push(dir)
  const path = join(dir, 'x.wav')
  await writeFile(
    path,
    Buffer.concat([wavHeader(rate, 1, samples.byteLength), samplesToBytes(samples)]),
  )
  return path
}

function measure(samples: Int16Array, rate: number, chunk = 4096): LoudnessMeter {
  const meter = new LoudnessMeter(rate)
  for (let i = 0; i < samples.length; i += chunk) meter.push(samples.subarray(i, i + chunk))
  return meter
}

describe('LoudnessMeter (ITU-R BS.1770)', () => {
  it('reproduces the 48 kHz K-weighting coefficients of the standard', () => {
    const [shelf, hp] = kWeightingCoefficients(48_000)
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 9)
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 9)
    expect(hp.a1).toBeCloseTo(-1.99004745483398, 9)
    expect(hp.a2).toBeCloseTo(0.99007225036621, 9)
  })

  it('reads a mono 1 kHz sine at -20 dBFS as -23 LUFS (EBU Tech 3341 is -20 for two channels)', () => {
    const rate = 48_000
    const s = new Int16Array(rate * 5)
    for (let i = 0; i < s.length; i++)
      s[i] = Math.round(0.1 * 32767 * Math.sin((2 * Math.PI * 1000 * i) / rate))
    expect(measure(s, rate).integrated()!).toBeCloseTo(-23.01, 1)
  })

  it.each([24_000, 44_100, 48_000])(
    'agrees with ffmpeg ebur128 within 0.5 LU at %i Hz',
    async (rate) => {
      const s = speechLikeSignal(12, rate, 0.25)
      const ours = measure(s, rate).integrated()!
      const theirs = await ffmpegIntegratedLufs(await wavFile(s, rate))
      expect(Math.abs(ours - theirs)).toBeLessThan(0.5)
    },
  )

  it('gives the same answer however the samples are chunked', () => {
    const s = speechLikeSignal(6, 24_000)
    expect(measure(s, 24_000, 777).integrated()).toBeCloseTo(
      measure(s, 24_000, 24_000).integrated()!,
      9,
    )
  })

  it('returns null for silence and for less than one 400 ms block', () => {
    expect(measure(new Int16Array(48_000), 24_000).integrated()).toBeNull()
    expect(measure(speechLikeSignal(0.3, 24_000), 24_000).integrated()).toBeNull()
  })

  it('normalizes to the target, verified by ffmpeg, and limits the gain by the peak', async () => {
    const rate = 24_000
    const s = speechLikeSignal(10, rate, 0.05)
    const meter = measure(s, rate)
    const { gainDb, peakLimited } = normalizationGain(meter.integrated()!, -16, meter.samplePeak)
    expect(peakLimited).toBe(false)
    applyGain(s, 10 ** (gainDb / 20))
    expect(Math.abs((await ffmpegIntegratedLufs(await wavFile(s, rate))) + 16)).toBeLessThan(0.5)

    const limited = normalizationGain(-30, -10, 0.5)
    expect(limited.peakLimited).toBe(true)
    expect(limited.gainDb).toBeCloseTo(-1 - 20 * Math.log10(0.5), 9)
  })
})
