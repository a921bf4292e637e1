import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import type { AccountStatus } from '../../../shared/domain/account'
import { createManualClock } from '../../testing/manual-clock'
import { RATE_LIMIT_JITTER_MS } from '../upstream/scheduler'
import type { ManualClock } from '../../testing/manual-clock'
import { createLogger } from '../log/logger'
import { MemorySecretStore } from '../secrets/memory-secret-store'
import { SettingsStore } from '../settings/settings-store'
import { AccountService } from './account-service'
import { UpstreamAccess } from './upstream-access'
import { createUpstreamVerifier } from './upstream-verifier'

// Issue 27: a key on the free plan while Account says Paid. The scheduler coped silently (it
// halved its concurrency after each 429), so renders crawled and nobody learned why. The service's
// refusals for concurrency at one request in flight are now noticed and named in Account.

const SERVICE_MS = 60_000
let clock: ManualClock
let sandbox: Sandbox
let dir: string
beforeAll(async () => {
  // Time moves only when the test moves it: the sandbox holds each answer SERVICE_MS on this
  // clock, and the scheduler's pauses after a 429 run on it too. No real waits.
  clock = createManualClock()
  sandbox = await startSandbox({ synthThreads: 0, clock, serviceTimeMs: SERVICE_MS })
  dir = await mkdtemp(join(tmpdir(), 'vd-plan-mismatch-'))
})
afterAll(async () => {
  await sandbox.stop()
  await rm(dir, { recursive: true, force: true })
})

/** Resolves when a timer of `min`..`max` ms is armed on the clock. */
function armed(min: number, max: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = clock.onArm((ms) => {
      if (ms < min || ms > max) return
      stop()
      resolve()
    })
  })
}
/** The sandbox holds an answer (a request was admitted). */
const held = (): Promise<void> => armed(SERVICE_MS, SERVICE_MS)
/** The scheduler paused new starts for a 429's Retry-After of 1 s (plus its jitter). */
const paused = (): Promise<void> => armed(1000, 1000 + RATE_LIMIT_JITTER_MS)

async function accountWith(
  key: string,
): Promise<{ account: AccountService; access: UpstreamAccess }> {
  const logger = createLogger({ sink: () => undefined })
  const account = await AccountService.create({
    settings: await SettingsStore.open(await mkdtemp(join(dir, 'user-'))),
    secrets: new MemorySecretStore(),
    verifyCredential: createUpstreamVerifier({ logger }),
    logger,
    clock,
  })
  await account.setBaseUrl(sandbox.baseUrl)
  await account.setApiKey(key)
  await account.setPlan('paid')
  return { account, access: new UpstreamAccess({ account, logger, clock }) }
}

/** One line spoken; settles (with CANCELLED) at the latest when `stop` aborts. */
const speak = (access: UpstreamAccess, input: string, stop: AbortController): Promise<unknown> =>
  access
    .client()
    .synthesize({ input, voiceId: 'george', format: 'pcm', signal: stop.signal })
    .catch((error: unknown) => error)

const planNotice = (status: AccountStatus) =>
  status.notices.find((notice) => notice.kind === 'plan-mismatch')

describe('a paid plan the service does not honour', () => {
  it('is named in Account when a key on the free plan keeps meeting one request at a time', async () => {
    const { account, access } = await accountWith(sandbox.keys.free)
    // Ends the requests still held once the test has seen what it needs.
    const stop = new AbortController()
    const told: AccountStatus[] = []
    account.onChanged((status) => told.push(status))

    // A line is being spoken; a second one, as a render sends it, is refused for concurrency.
    const first = held()
    const one = speak(access, 'The first line.', stop)
    await first
    let pause = paused()
    const two = speak(access, 'The second line.', stop)
    await pause
    expect(planNotice(account.getStatus())).toBeUndefined()
    // Twice more after the service's Retry-After, with still only the first line in flight.
    for (let refusal = 2; refusal <= 3; refusal++) {
      pause = paused()
      clock.advance(1000 + RATE_LIMIT_JITTER_MS)
      await pause
    }

    expect(access.scheduler.stats().rateLimited).toBe(3)
    const notice = planNotice(account.getStatus())
    expect(notice?.message).toContain('set to Paid here')
    expect(notice?.message).toContain('only as fast as on the Free plan')
    expect(notice?.message).toContain('choose Free here')
    expect(told.filter((status) => planNotice(status) !== undefined)).toHaveLength(1)

    // Choosing Free (what the notice says to do) clears it.
    await account.setPlan('free')
    expect(planNotice(account.getStatus())).toBeUndefined()
    access.dispose()
    stop.abort()
    await Promise.all([one, two])
  })

  it('is not named for a key that really is on the paid plan', async () => {
    const { account, access } = await accountWith(sandbox.keys.paid)
    const stop = new AbortController()
    const both = new Promise<void>((resolve) => {
      let count = 0
      const stop = clock.onArm((ms) => {
        if (ms === SERVICE_MS && ++count === 2) {
          stop()
          resolve()
        }
      })
    })
    const work = Promise.all([
      speak(access, 'The first line.', stop),
      speak(access, 'The second line.', stop),
    ])
    await both
    expect(access.scheduler.stats()).toMatchObject({ rateLimited: 0, maxInFlightSeen: 2 })
    expect(planNotice(account.getStatus())).toBeUndefined()
    access.dispose()
    stop.abort()
    await work
  })
})
