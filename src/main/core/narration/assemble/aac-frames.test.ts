import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../../shared/errors'
import { checkAudio } from '../../audio/check'
import { framesToMs, pauseFrames, silentAdtsFrame, summarizeAdts } from './aac-frames'
import { probeAudio } from '../../../testing/test-audio'

const run = promisify(execFile)
let dir: string | null = null
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('silent AAC frames', () => {
  it('is an 11-byte ADTS frame that the audio checker accepts', () => {
    const frame = silentAdtsFrame()
    expect(Buffer.from(frame).toString('hex')).toBe('fff15840017ffc00000007')
    const verdict = checkAudio('aac', Buffer.concat(Array(10).fill(frame) as Uint8Array[]))
    expect(verdict).toEqual({ ok: true, units: 10, durationMs: framesToMs(10) })
    expect(summarizeAdts(frame, 'x')).toEqual({ frames: 1 })
  })

  it('decodes with ffmpeg to digital silence: AAC LC, 24 kHz, mono, 1024 samples a frame', async () => {
    dir = await mkdtemp(join(tmpdir(), 'vd-aac-'))
    const path = join(dir, 'silence.aac')
    await writeFile(path, Buffer.concat(Array(50).fill(silentAdtsFrame()) as Uint8Array[]))
    const probe = await probeAudio(path)
    expect(probe).toMatchObject({ codec: 'aac', sampleRate: 24_000, channels: 1 })
    const { stdout } = await run(
      'ffmpeg',
      ['-v', 'error', '-i', path, '-f', 's16le', '-ac', '1', '-ar', '24000', '-'],
      { encoding: 'buffer', maxBuffer: 1 << 24 },
    )
    expect(stdout.byteLength).toBe(50 * 1024 * 2)
    expect(stdout.every((b) => b === 0)).toBe(true)
  })

  it('rounds pauses to the nearest whole frame', () => {
    expect(framesToMs(1)).toBeCloseTo(42.667, 3)
    expect(pauseFrames(0)).toBe(0)
    expect(pauseFrames(21)).toBe(0)
    expect(pauseFrames(22)).toBe(1)
    expect(pauseFrames(750)).toBe(18) // 768 ms
    expect(pauseFrames(1000)).toBe(23) // 981.3 ms
  })

  it('refuses pieces that cannot be joined', () => {
    const frame = silentAdtsFrame()
    expect(() => summarizeAdts(frame.subarray(0, 9), 'block 1')).toThrow(AppError)
    const stereo = Uint8Array.from(frame)
    stereo[3] = (stereo[3]! & 0x3f) | (2 << 6)
    expect(() => summarizeAdts(stereo, 'block 1')).toThrow(/2 channels/)
    const rate44 = Uint8Array.from(frame)
    rate44[2] = (rate44[2]! & 0xc3) | (4 << 2)
    expect(() => summarizeAdts(rate44, 'block 1')).toThrow(/not 24 kHz/)
  })
})
