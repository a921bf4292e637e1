import { describe, expect, it } from 'vitest'
import { createLogger } from '../log/logger'
import { MemorySecretStore } from '../secrets/memory-secret-store'
import { SettingsStore } from '../settings/settings-store'
import { startHarness } from '../upstream/test/helpers'
import { AccountService } from './account-service'
import { createUpstreamVerifier } from './upstream-verifier'
import { UpstreamAccess } from './upstream-access'
import { useServiceAndDir } from '../../testing/service-dir'

const testbed = useServiceAndDir('voicedesk-access-', () => startHarness())

async function makeAccount(): Promise<AccountService> {
  const settings = await SettingsStore.open(testbed.dir)
  return AccountService.create({
    settings,
    secrets: new MemorySecretStore(),
    verifyCredential: createUpstreamVerifier({ logger: createLogger({ sink: () => undefined }) }),
    logger: createLogger({ sink: () => undefined }),
    sandbox: null,
  })
}

describe('UpstreamAccess', () => {
  it('refuses with AUTH_MISSING while signed out, then serves the signed-in account', async () => {
    const account = await makeAccount()
    const access = new UpstreamAccess({ account, logger: createLogger({ sink: () => undefined }) })
    expect(() => access.client()).toThrow(expect.objectContaining({ code: 'AUTH_MISSING' }))

    await account.setBaseUrl(testbed.service.sandbox.baseUrl)
    await account.setApiKey(testbed.service.sandbox.keys.paid)
    const voices = await access.client().listVoices()
    expect(voices.length).toBeGreaterThanOrEqual(40)

    await account.forget()
    expect(() => access.client()).toThrow(expect.objectContaining({ code: 'AUTH_MISSING' }))
    access.dispose()
  })

  it('shares one scheduler whose limits follow the plan, across base URL changes', async () => {
    const account = await makeAccount()
    await account.setBaseUrl(testbed.service.sandbox.baseUrl)
    await account.setApiKey(testbed.service.sandbox.keys.paid)
    await account.setPlan('free')
    const access = new UpstreamAccess({ account, logger: createLogger({ sink: () => undefined }) })
    const first = access.client()
    expect(first.scheduler).toBe(access.scheduler)

    await account.setPlan('paid')
    await account.setBaseUrl(testbed.service.sandbox.legacyBaseUrl)
    const second = access.client()
    expect(second).not.toBe(first)
    expect(second.baseUrl.href.startsWith(testbed.service.sandbox.legacyBaseUrl)).toBe(true)
    expect(second.scheduler).toBe(first.scheduler)
    // Paid limits now: 15 may be in flight at once.
    await expect.poll(() => access.scheduler.stats().concurrency).toBe(15)
    access.dispose()
  })
})
