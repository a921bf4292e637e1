import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../testing/manual-clock'
import type { ManualClock } from '../../testing/manual-clock'
import { useTempDirs } from '../../testing/temp-dir'
import { USAGE_MONTHS_KEPT, USAGE_PROJECTS_PER_MONTH, UsageStore } from './usage-store'

const tempDir = useTempDirs('vd-usage-')

/** A clock at the middle of a local month, so the month does not depend on the time zone. */
function midMonth(year: number, monthIndex: number): ManualClock {
  return createManualClock(new Date(year, monthIndex, 15, 12).getTime())
}

function toNextMonth(clock: ManualClock): void {
  const now = new Date(clock.now())
  clock.advance(new Date(now.getFullYear(), now.getMonth() + 1, 15, 12).getTime() - clock.now())
}

describe('UsageStore', () => {
  it('adds characters by month and project, and keeps them across a reopen', async () => {
    const dir = await tempDir()
    const clock = midMonth(2026, 10)
    const store = await UsageStore.open(dir, { clock })
    store.record('Chapter one', 1200)
    store.record('Previews', 40)
    store.record('Chapter one', 300)
    store.record('Nothing', 0)
    await store.flush()

    const reopened = await UsageStore.open(dir, { clock })
    expect(reopened.report()).toEqual({
      months: [
        {
          month: '2026-11',
          characters: 1540,
          projects: [
            { project: 'Chapter one', characters: 1500 },
            { project: 'Previews', characters: 40 },
          ],
        },
      ],
    })
  })

  it('starts a new month when the clock rolls over, newest first', async () => {
    const clock = midMonth(2026, 11)
    const store = await UsageStore.open(await tempDir(), { clock })
    store.record('Book', 10)
    toNextMonth(clock)
    store.record('Book', 7)
    expect(store.report().months.map((m) => [m.month, m.characters])).toEqual([
      ['2027-01', 7],
      ['2026-12', 10],
    ])
  })

  it(`keeps only the last ${USAGE_MONTHS_KEPT} months`, async () => {
    const clock = midMonth(2024, 0)
    const store = await UsageStore.open(await tempDir(), { clock })
    for (let i = 0; i < USAGE_MONTHS_KEPT + 3; i += 1) {
      store.record('Book', i + 1)
      toNextMonth(clock)
    }
    const months = store.report().months
    expect(months).toHaveLength(USAGE_MONTHS_KEPT)
    expect(months[0]).toMatchObject({ month: '2026-03', characters: USAGE_MONTHS_KEPT + 3 })
    expect(months.at(-1)).toMatchObject({ month: '2024-04', characters: 4 })
  })

  it(`keeps the top ${USAGE_PROJECTS_PER_MONTH} projects of a month and folds the rest into Other`, async () => {
    const store = await UsageStore.open(await tempDir(), { clock: midMonth(2026, 5) })
    for (let i = 1; i <= USAGE_PROJECTS_PER_MONTH + 5; i += 1) store.record(`Script ${i}`, i * 10)
    const [month] = store.report().months
    expect(month?.projects).toHaveLength(USAGE_PROJECTS_PER_MONTH + 1)
    // The five smallest (10..50) were folded; the month's total is unchanged.
    expect(month?.projects.find((p) => p.project === 'Other')?.characters).toBe(150)
    expect(month?.projects.some((p) => p.project === 'Script 1')).toBe(false)
    const n = USAGE_PROJECTS_PER_MONTH + 5
    expect(month?.characters).toBe((10 * n * (n + 1)) / 2)
  })

  it('writes atomically: no temporary file is left and a damaged file starts a new record', async () => {
    const dir = await tempDir()
    const store = await UsageStore.open(dir, { clock: midMonth(2026, 1) })
    for (let i = 0; i < 20; i += 1) store.record('Book', 5)
    await store.flush()
    expect(await readdir(dir)).toEqual(['usage.json'])
    const saved = JSON.parse(await readFile(join(dir, 'usage.json'), 'utf8')) as unknown
    expect(saved).toEqual({ version: 1, months: [{ month: '2026-02', projects: { Book: 100 } }] })

    await writeFile(join(dir, 'usage.json'), '{"version":1,"months":[{"mon')
    const fresh = await UsageStore.open(dir, { clock: midMonth(2026, 1) })
    expect(fresh.report()).toEqual({ months: [] })
  })
})
