import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DELIVERY_PRESETS } from '../../../../shared/domain/delivery'
import type { FileMeasures } from './compliance'
import { evaluateFile, writeComplianceReport } from './compliance'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vd-compliance-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const MEASURED: FileMeasures = {
  seconds: 7260,
  integratedLufs: -19.2,
  rmsDb: -17.94,
  samplePeakDb: -4,
  truePeakDb: -2.96,
  noiseFloorDb: Number.NEGATIVE_INFINITY,
  headSeconds: 0.45,
  tailSeconds: 2,
}
const FACTS = { format: 'mp3', sampleRate: 44_100, channels: 1, mp3: { mode: 'vbr' as const } }

describe('a file against a preset', () => {
  it('fails each ACX criterion it misses, with the value as shown and what is needed', () => {
    const file = evaluateFile('/b/01 - One.mp3', DELIVERY_PRESETS.acx, MEASURED, FACTS)
    const failed = Object.fromEntries(
      file.criteria.filter((c) => !c.pass).map((c) => [c.id, `${c.measured} / ${c.requirement}`]),
    )
    expect(file.pass).toBe(false)
    // -17.94 shows as -17.9, over -18 (fails); 0.45 s of head shows as 0.5 (passes).
    expect(failed).toEqual({
      level: '-17.9 dBFS / between -23 and -18 dBFS',
      length: '2 h 1 min / at most 2 hours a file',
      bitrate: 'variable bitrate / 192 kbps constant (MP3)',
      'noise-floor': 'digital silence / room tone at or under -60 dBFS, not digital silence',
    })
    // -2.96 shows as -3.0, which meets -3.
    expect(file.criteria.find((c) => c.id === 'true-peak')).toMatchObject({
      measured: '-3.0 dBTP',
      pass: true,
    })
    // A short file's length reads in seconds, a longer one in minutes and seconds.
    const length = (seconds: number): string | undefined =>
      evaluateFile('/b/x.mp3', DELIVERY_PRESETS.acx, { ...MEASURED, seconds }, FACTS).criteria.find(
        (c) => c.id === 'length',
      )?.measured
    expect(length(18)).toBe('18 seconds')
    expect(length(72)).toBe('1 min 12 s')
    // Digital silence is under any bound, yet ACX turns it down: a failure, with what to do.
    expect(file.criteria.find((c) => c.id === 'noise-floor')).toMatchObject({
      measured: 'digital silence',
      value: null,
      pass: false,
      advice: expect.stringContaining('room tone') as unknown,
    })
    const roomTone = evaluateFile(
      '/b/x.mp3',
      DELIVERY_PRESETS.acx,
      { ...MEASURED, noiseFloorDb: -73.5 },
      FACTS,
    ).criteria.find((c) => c.id === 'noise-floor')
    expect(roomTone).toMatchObject({ measured: '-73.5 dBFS', pass: true })
    expect(roomTone?.advice).toBeUndefined()
  })

  it('keeps the verdict when the report cannot be written beside the audio, and says why', async () => {
    const blocker = join(dir, 'not-a-folder')
    await writeFile(blocker, '')
    const files = [evaluateFile('/b/x.mp3', DELIVERY_PRESETS.podcast, MEASURED, FACTS)]
    const unsaved = await writeComplianceReport(
      join(blocker, 'book.mp3'),
      DELIVERY_PRESETS.podcast,
      files,
    )
    expect(unsaved.pass).toBe(false)
    expect(unsaved.unsaved).toMatch(/not-a-folder/)
    const saved = await writeComplianceReport(
      join(dir, 'book.mp3'),
      DELIVERY_PRESETS.podcast,
      files,
    )
    expect(saved.unsaved).toBeUndefined()
    expect(await readFile(join(dir, 'book.compliance.txt'), 'utf8')).toContain(
      'FAIL  Loudness (integrated): -19.2 LUFS (needs -16 LUFS, within 1 LU)',
    )
  })
})
