import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox/index'
import { startSandbox } from '../../sandbox/index'
import { USAGE_COMMAND_LINE } from '../../shared/domain/usage'
import { UsageStore } from '../core/usage/usage-store'
import { runCliCaptured } from '../testing/captured-cli'
import { createManualClock } from '../testing/manual-clock'

// Issue 27: Account's usage counted only the app's own renders and previews. Speech made on the
// command line is billed just the same, so it is counted too and shown beside the app's, by month
// and by project, even while the app (its own record in memory) is running.

const LINE = 'The harbour was quiet before dawn.'
let sandbox: Sandbox
let dir: string
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false })
  dir = await mkdtemp(join(tmpdir(), 'vd-cli-usage-'))
})
afterAll(async () => {
  await sandbox.stop()
  await rm(dir, { recursive: true, force: true })
})

const env = (): Record<string, string> => ({
  VOICEDESK_BASE_URL: sandbox.baseUrl,
  VOICEDESK_API_KEY: sandbox.keys.paid,
})

describe('usage from the command line', () => {
  it('adds speak under "Command line" and a render under its script, beside the app’s own record', async () => {
    const clock = createManualClock(new Date(2026, 10, 15, 12).getTime())
    const app = await UsageStore.open(dir, { clock })
    app.record('Chapter one', 100)
    await app.flush()

    const spoken = await runCliCaptured(
      ['speak', '--text', LINE, '--voice', 'george', '--out', join(dir, 'line.mp3')],
      { env: env(), userDataDirs: [join(dir, 'missing'), dir], clock },
    )
    expect(spoken.stderr).toBe('')
    expect(spoken.code).toBe(0)

    const script = join(dir, 'harbour.txt')
    await writeFile(script, `${LINE}\n`)
    const rendered = await runCliCaptured(
      [
        'render',
        script,
        '--voice',
        'george',
        '--out',
        join(dir, 'harbour.wav'),
        '--cache-dir',
        join(dir, 'cache'),
      ],
      { env: env(), userDataDirs: [dir], clock },
    )
    expect(rendered.code).toBe(0)

    // The app, still running with its record in memory, records more and writes it whole.
    app.record('Chapter one', 20)
    await app.flush()
    const report = await app.readReport()
    expect(report.months).toHaveLength(1)
    const [month] = report.months
    expect(month?.month).toBe('2026-11')
    const projects = Object.fromEntries(month!.projects.map((p) => [p.project, p.characters]))
    expect(projects).toEqual({
      'Chapter one': 120,
      [USAGE_COMMAND_LINE]: LINE.length,
      harbour: LINE.length,
    })
    expect(month?.characters).toBe(120 + 2 * LINE.length)

    // Reopened (the app restarted), the command line's usage is still there.
    const reopened = await UsageStore.open(dir, { clock })
    expect(await reopened.readReport()).toEqual(report)
  })
})
