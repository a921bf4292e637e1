import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { wavHeader } from '../../../shared/domain/wav-header'
import { speechLikeSignal } from '../../testing/test-audio'
import { TruePeakLimiter, TruePeakMeter, toDb } from './true-peak'
import { useTempDirs } from '../../testing/temp-dir'

const tempDir = useTempDirs('vd-tp-')

const run = promisify(execFile)

let dir: string
beforeAll(async () => {
  dir = await tempDir()
})

/** FFmpeg's own BS.1770 true peak of 24 kHz samples (its ebur128 filter, oversampled). */
async function ffmpegTruePeakDb(samples: Int16Array, name: string): Promise<number> {
  const path = join(dir, `${name}.wav`)
  const body = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength)
  await writeFile(path, Buffer.concat([wavHeader(24_000, 1, body.byteLength), body]))
  const { stderr } = await run('ffmpeg', [
    '-nostats',
    '-i',
    path,
    '-af',
    'ebur128=peak=true',
    '-f',
    'null',
    '-',
  ])
  const match = /True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(stderr)
  if (!match) throw new Error(`no true peak in: ${stderr.slice(-400)}`)
  return match[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(match[1])
}

function sine(frequency: number, phase: number, amplitude: number, seconds = 1): Int16Array {
  const out = new Int16Array(24_000 * seconds)
  for (let i = 0; i < out.length; i++) {
    out[i] = Math.round(
      amplitude * 32767 * Math.sin((2 * Math.PI * frequency * i) / 24_000 + phase),
    )
  }
  return out
}

function meter(samples: Int16Array): number {
  const m = new TruePeakMeter()
  m.push(samples)
  return toDb(m.finish())
}

function samplePeakDb(samples: Int16Array): number {
  let peak = 0
  for (const s of samples) peak = Math.max(peak, Math.abs(s) / 32768)
  return toDb(peak)
}

describe('true peak (BS.1770-4, four times oversampled)', () => {
  it('finds the peak between samples that the samples miss, as FFmpeg does', async () => {
    // A quarter of the rate at 45°: every sample sits at 0.707 of the wave's real peak (-3 dB).
    const between = sine(6000, Math.PI / 4, 0.5)
    expect(samplePeakDb(between)).toBeCloseTo(toDb(0.5 * Math.SQRT1_2), 1)
    // The wave's real peak is -6.0 dB: we read it within the 0.17 dB four points allow; FFmpeg's
    // filter reads 0.6 dB over it, and still well above the samples.
    const ours = meter(between)
    expect(ours).toBeGreaterThan(toDb(0.5) - 0.2)
    expect(ours).toBeLessThan(toDb(0.5) + 0.05)
    expect(await ffmpegTruePeakDb(between, 'between')).toBeGreaterThan(toDb(0.5) - 0.2)
    // Near the top of the band (11 kHz of 12) the reading stays within half a decibel.
    const high = sine(11_000, 0.3, 0.5)
    expect(Math.abs(meter(high) - toDb(0.5))).toBeLessThan(0.5)

    // On a voice, within 0.3 dB of FFmpeg, and above the sample peak.
    const voice = speechLikeSignal(3, 24_000, 0.8, 4)
    expect(Math.abs(meter(voice) - (await ffmpegTruePeakDb(voice, 'voice')))).toBeLessThan(0.3)
    expect(meter(voice)).toBeGreaterThan(samplePeakDb(voice))
    expect(meter(new Int16Array(1000))).toBe(Number.NEGATIVE_INFINITY)
  })

  it('limits a loud voice to the ceiling (checked by FFmpeg), keeps every sample, and leaves quiet audio untouched', async () => {
    // A voice 3 dB louder than the ceiling allows (sample peak near -0.7 dBFS, no clipping).
    const loud = speechLikeSignal(4, 24_000, 0.95, 9)
    for (let i = 0; i < loud.length; i++) loud[i] = Math.round(loud[i]! * 1.4)
    const ceiling = 10 ** (-3.5 / 20)
    const limiter = new TruePeakLimiter(ceiling, 24_000)
    const parts: Int16Array[] = []
    for (let i = 0; i < loud.length; i += 777)
      parts.push(limiter.process(loud.subarray(i, i + 777)))
    parts.push(limiter.flush())
    const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0))
    let at = 0
    for (const p of parts) {
      out.set(p, at)
      at += p.length
    }
    expect(out.length).toBe(loud.length)
    expect(meter(loud)).toBeGreaterThan(-1)
    expect(limiter.minGain).toBeLessThan(0.95)
    expect(await ffmpegTruePeakDb(out, 'limited')).toBeLessThanOrEqual(-3.4)
    expect(meter(out)).toBeLessThanOrEqual(-3.45)

    const quiet = speechLikeSignal(2, 24_000, 0.2, 3)
    const calm = new TruePeakLimiter(ceiling, 24_000)
    const passed = [calm.process(quiet), calm.flush()]
    const joined = new Int16Array(quiet.length)
    joined.set(passed[0]!, 0)
    joined.set(passed[1]!, passed[0]!.length)
    expect(Buffer.compare(Buffer.from(joined.buffer), Buffer.from(quiet.buffer))).toBe(0)
    expect(calm.minGain).toBe(1)
  })
})
