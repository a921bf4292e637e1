import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox/index'
import { startSandbox } from '../../sandbox/index'
import { billableCharacters } from '../../shared/domain/billable'
import { UsageStore } from '../core/usage/usage-store'
import { runCliCaptured } from '../testing/captured-cli'
import { createManualClock } from '../testing/manual-clock'

// A voice-over spoken on the command line is billed as a render is, so Account's usage counts it
// the same way: by month, under the subtitles' name (as the app's Voice-over records its renders),
// exactly the characters the service was sent, and nothing for lines that came from the cache.

let sandbox: Sandbox
let dir: string
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false })
  dir = await mkdtemp(join(tmpdir(), 'vd-cli-voiceover-usage-'))
})
afterAll(async () => {
  await sandbox.stop()
  await rm(dir, { recursive: true, force: true })
})

// Line 2 is too long for its slot, so it is asked for at a faster pace (SSML, tags not billed).
const SRT = `1
00:00:00,500 --> 00:00:02,000
ANNA: Good evening.

2
00:00:02,500 --> 00:00:03,500
Nobody on the quay had expected the storm to pass so quickly.

3
00:00:05,000 --> 00:00:07,000
Welcome back.
`

/** The characters the service billed for the speech requests it logged after `from`. */
function billedSince(from: number): { requests: number; characters: number } {
  const inputs = sandbox
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .slice(from)
    .filter((entry) => entry.status === 200)
    .map((entry) => String(entry.body?.input))
  const characters = inputs.reduce(
    (sum, input) =>
      sum + billableCharacters({ text: input, ssml: /^\s*<speak\b/u.test(input) }, null),
    0,
  )
  return { requests: inputs.length, characters }
}

describe('usage of voicedesk voiceover', () => {
  it('adds the characters the service was sent under the subtitles’ name, and 0 for a cached run', async () => {
    const clock = createManualClock(new Date(2026, 10, 15, 12).getTime())
    const app = await UsageStore.open(dir, { clock })
    app.record('Chapter one', 100)
    await app.flush()
    const subs = join(dir, 'film.srt')
    await writeFile(subs, SRT)
    const voiceover = () =>
      runCliCaptured(
        [
          'voiceover',
          subs,
          '--out',
          join(dir, 'film.wav'),
          '--voice',
          'george',
          '--cache-dir',
          join(dir, 'cache'),
        ],
        {
          env: { VOICEDESK_BASE_URL: sandbox.baseUrl, VOICEDESK_API_KEY: sandbox.keys.paid },
          userDataDirs: [dir],
          clock,
        },
      )
    const logged = sandbox.requestLog({ pathPrefix: '/v1/audio/speech' }).length
    const first = await voiceover()
    expect(first.code).toBe(0)
    const billed = billedSince(logged)
    expect(billed.requests).toBeGreaterThanOrEqual(3)
    expect(billed.characters).toBeGreaterThan(0)

    const usageOf = async (): Promise<Record<string, number>> => {
      const report = await (await UsageStore.open(dir, { clock })).readReport()
      expect(report.months.map((m) => m.month)).toEqual(['2026-11'])
      return Object.fromEntries(report.months[0]!.projects.map((p) => [p.project, p.characters]))
    }
    expect(await usageOf()).toEqual({ 'Chapter one': 100, 'film.srt': billed.characters })

    // Again: every line comes from the cache, nothing is sent and nothing more is counted.
    const again = sandbox.requestLog({ pathPrefix: '/v1/audio/speech' }).length
    const second = await voiceover()
    expect(second.code).toBe(0)
    expect(billedSince(again).requests).toBe(0)
    expect(await usageOf()).toEqual({ 'Chapter one': 100, 'film.srt': billed.characters })
  })
})
