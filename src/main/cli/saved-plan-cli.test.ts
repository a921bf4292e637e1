import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox/index'
import { startSandbox } from '../../sandbox/index'
import { runCliCaptured } from '../testing/captured-cli'
import type { ManualClock } from '../testing/manual-clock'
import { createManualClock, nextTimerArmed } from '../testing/manual-clock'

// Issue 27: the CLI kept under the free plan's pace (one request at a time) unless told
// otherwise, although the user had said "Paid" in the app's Account screen. It now takes the plan
// the app saved for the same service; --plan and VOICEDESK_PLAN still win.

const SERVICE_MS = 1000
let clock: ManualClock
let sandbox: Sandbox
let dir: string
let script: string
beforeAll(async () => {
  // Every speech answer is held on a clock the test moves: what is in flight at once is exact.
  clock = createManualClock()
  sandbox = await startSandbox({ synthThreads: 0, clock, serviceTimeMs: SERVICE_MS })
  dir = await mkdtemp(join(tmpdir(), 'vd-cli-plan-'))
  script = join(dir, 'three.txt')
  await writeFile(script, 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.')
})
afterAll(async () => {
  await sandbox.stop()
  await rm(dir, { recursive: true, force: true })
})

async function saveAppSettings(settings: Record<string, unknown>): Promise<void> {
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, ...settings }))
}

/** The plan the CLI logged it keeps under (`--verbose`). */
function loggedPlan(stderr: string): Record<string, unknown> | undefined {
  const line = stderr.split('\n').find((l) => l.includes('"message":"plan"'))
  return line === undefined
    ? undefined
    : (JSON.parse(line) as { fields: Record<string, unknown> }).fields
}

/**
 * Renders the three-paragraph script; resolves once `held` speech requests are held at once by
 * the service (then lets them finish), with what the CLI printed.
 */
async function renderHolding(held: number, flags: string[], env: Record<string, string> = {}) {
  let stderr = ''
  let armed = 0
  let reached: () => void = () => undefined
  const allHeld = new Promise<void>((resolve) => (reached = resolve))
  const stop = clock.onArm((ms) => {
    if (ms === SERVICE_MS && ++armed === held) reached()
  })
  const firstHeld = nextTimerArmed(clock, SERVICE_MS)
  const run = runCliCaptured(
    [
      '--verbose',
      'render',
      script,
      '--voice',
      'george',
      '--out',
      join(dir, `out-${flags.join('') || 'none'}-${held}.wav`),
      '--cache-dir',
      join(dir, `cache-${Math.random().toString(36).slice(2)}`),
      ...flags,
    ],
    {
      env: { VOICEDESK_BASE_URL: sandbox.baseUrl, VOICEDESK_API_KEY: sandbox.keys.paid, ...env },
      userDataDirs: [join(dir, 'missing'), dir],
      onErr: (text) => (stderr += text),
    },
  )
  await firstHeld
  return { stderr: () => stderr, allHeld, run, stop }
}

describe('the plan the app saved', () => {
  it('a paid plan saved in Account for this service is kept: three requests at once', async () => {
    await saveAppSettings({ baseUrl: sandbox.baseUrl, plan: 'paid' })
    const r = await renderHolding(3, [])
    // The plan is chosen before the first request: fails here at once when it is not learned.
    expect(loggedPlan(r.stderr())).toMatchObject({ plan: 'paid', from: 'app', maxInFlight: 15 })
    await r.allHeld
    r.stop()
    clock.advance(SERVICE_MS)
    expect((await r.run).code).toBe(0)
  })

  it('a custom plan brings its own limits', async () => {
    await saveAppSettings({
      baseUrl: `${sandbox.baseUrl}/`,
      plan: 'custom',
      customLimits: { requestsPerSecond: 50, maxInFlight: 2 },
    })
    const r = await renderHolding(2, [])
    expect(loggedPlan(r.stderr())).toMatchObject({
      plan: 'custom',
      from: 'app',
      maxInFlight: 2,
      requestsPerSecond: 50,
    })
    await r.allHeld
    r.stop()
    clock.advance(SERVICE_MS)
    await nextTimerArmed(clock, SERVICE_MS)
    clock.advance(SERVICE_MS)
    expect((await r.run).code).toBe(0)
  })

  it('--plan and VOICEDESK_PLAN win over the saved plan; another service does not get it', async () => {
    await saveAppSettings({ baseUrl: sandbox.baseUrl, plan: 'paid' })
    const cases: Array<[flags: string[], env: Record<string, string>, plan: string, from: string]> =
      [
        [['--plan', 'free'], {}, 'free', 'option'],
        [[], { VOICEDESK_PLAN: 'free' }, 'free', 'option'],
      ]
    for (const [flags, env, plan, from] of cases) {
      const r = await renderHolding(1, flags, env)
      expect(loggedPlan(r.stderr())).toMatchObject({ plan, from, maxInFlight: 1 })
      r.stop()
      for (let piece = 1; piece < 3; piece++) {
        const next = nextTimerArmed(clock, SERVICE_MS)
        clock.advance(SERVICE_MS)
        await next
      }
      clock.advance(SERVICE_MS)
      expect((await r.run).code).toBe(0)
    }
    // The app's plan is for the app's service: a settings file for another address is not used.
    await saveAppSettings({ baseUrl: 'https://voices.example.com', plan: 'paid' })
    const other = await renderHolding(1, [])
    expect(loggedPlan(other.stderr())).toMatchObject({ plan: 'free', from: 'default' })
    other.stop()
    for (let piece = 1; piece < 3; piece++) {
      const next = nextTimerArmed(clock, SERVICE_MS)
      clock.advance(SERVICE_MS)
      await next
    }
    clock.advance(SERVICE_MS)
    expect((await other.run).code).toBe(0)
  })
})
