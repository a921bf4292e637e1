import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { APP_SENDER, createTestRuntime } from '../test-support'
import type { Emit } from './dispatch'

const noEmit: Emit = () => {}

let env: Awaited<ReturnType<typeof createTestRuntime>> | undefined
afterEach(async () => {
  await env?.cleanup()
  env = undefined
})

/** account:setPlan for a custom plan with these limits, through the real dispatcher. */
async function setCustom(requestsPerSecond: number, maxInFlight: number) {
  env ??= await createTestRuntime()
  return env.runtime.dispatch(
    'account:setPlan',
    { plan: 'custom', customLimits: { requestsPerSecond, maxInFlight } },
    APP_SENDER,
    noEmit,
  )
}

describe('a custom plan keeps its limits within bounds', () => {
  it.each([
    ['a rate of 1e-7 requests a second', 1e-7, 4, 'customLimits.requestsPerSecond'],
    ['a rate of 0.05', 0.05, 4, 'customLimits.requestsPerSecond'],
    ['a rate of 0', 0, 4, 'customLimits.requestsPerSecond'],
    ['a rate over 1000', 1001, 4, 'customLimits.requestsPerSecond'],
    ['65 requests at a time', 5, 65, 'customLimits.maxInFlight'],
    ['0 requests at a time', 5, 0, 'customLimits.maxInFlight'],
    ['2.5 requests at a time', 5, 2.5, 'customLimits.maxInFlight'],
  ])(
    'refuses %s with a message the Account screen shows under the field',
    async (_n, rps, n, field) => {
      const result = await setCustom(rps, n)
      expect(result.ok).toBe(false)
      if (result.ok) return
      expect(result.error.code).toBe('VALIDATION_FAILED')
      expect(result.error.details?.fields?.[field]).toMatch(/^Enter a (rate|whole number) from /)
      // Nothing was saved: the scheduler keeps the limits it had.
      expect(env!.runtime.services.account.getStatus().plan).toBe('free')
      expect(env!.runtime.services.upstream.scheduler.stats().limits.requestsPerSecond).toBe(1)
    },
  )

  it('accepts the bounds themselves and the scheduler runs at them', async () => {
    const slowest = await setCustom(0.1, 64)
    expect(slowest.ok).toBe(true)
    expect(env!.runtime.services.upstream.scheduler.stats().limits).toEqual({
      requestsPerSecond: 0.1,
      maxInFlight: 64,
    })
  })

  it('a settings file from before the bounds keeps every other setting', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'voicedesk-plan-'))
    try {
      await writeFile(
        join(dir, 'settings.json'),
        JSON.stringify({
          version: 1,
          theme: 'dark',
          plan: 'custom',
          customLimits: { requestsPerSecond: 1e-7, maxInFlight: 1 },
        }),
      )
      env = await createTestRuntime({ userDataDir: dir })
      expect(env.runtime.services.settings.get().theme).toBe('dark')
      expect(env.runtime.services.account.getStatus().customLimits).toBeNull()
      // A custom plan without limits runs at the free plan's, never at one start per 116 days.
      expect(env.runtime.services.upstream.scheduler.stats().limits.requestsPerSecond).toBe(1)
    } finally {
      await env?.cleanup()
      env = undefined
      await rm(dir, { recursive: true, force: true })
    }
  })
})
