import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Sandbox } from '../sandbox/index'
import { startSandbox } from '../sandbox/index'
import type { AccountStatus } from '../shared/domain/account'
import type { Voice } from '../shared/domain/voice'
import type { Result } from '../shared/errors'
import type { Dispatch } from './ipc/dispatch'
import { APP_SENDER, createTestRuntime } from './test-support'
import { useAuthorizationRecorder } from './testing/loopback-server'
import { SwitchableKeychain } from './testing/switchable-keychain'
import { createTestPlatform } from './testing/test-platform'

/**
 * The key never follows a keychain outage to another service. Each "run" is a fresh main (the
 * real dispatcher, handlers and services) over the same settings folder and the same keychain,
 * which a test makes unreachable for a run or part of one. A loopback listener stands for a
 * service the old key must never reach: it records every Authorization header it is sent.
 */

const OLD_KEY = 'plain-test-key-sandbox_old_7071'
const NEW_KEY = 'plain-test-key-listener_new_8082'
const noEmit = () => {}

const recorder = useAuthorizationRecorder()
let sandbox: Sandbox
let dir: string
let keychain: SwitchableKeychain

beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, keys: { paid: OLD_KEY } })
})
afterAll(async () => {
  await sandbox.stop()
})
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-outage-'))
  keychain = new SwitchableKeychain()
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** One run of main over the shared folder and keychain; `end` is quitting the app. */
async function run() {
  const { ports, recorder: platform } = createTestPlatform({ unansweredDialogs: 'cancel' })
  const env = await createTestRuntime({
    userDataDir: dir,
    platform: ports,
    secretStore: keychain.open(),
  })
  const call = (channel: Parameters<Dispatch>[0], input: unknown) =>
    env.runtime.dispatch(channel, input, APP_SENDER, noEmit)
  return {
    platform,
    logLines: env.logLines,
    setBaseUrl: async (baseUrl: string) =>
      (await call('account:setBaseUrl', { baseUrl })) as Result<AccountStatus>,
    setApiKey: async (apiKey: string) =>
      (await call('account:setApiKey', { apiKey })) as Result<AccountStatus>,
    forget: async () => (await call('account:forget', undefined)) as Result<AccountStatus>,
    status: async () => (await call('account:getStatus', undefined)) as Result<AccountStatus>,
    listVoices: async () => (await call('voices:list', { refresh: true })) as Result<Voice[]>,
    end: env.cleanup,
  }
}

/** Run 1: the sandbox's address and its key, saved in a working keychain. */
async function firstRunWithSandboxKey(): Promise<void> {
  const first = await run()
  expect(await first.setBaseUrl(sandbox.baseUrl)).toMatchObject({ ok: true })
  expect(await first.setApiKey(OLD_KEY)).toMatchObject({
    ok: true,
    data: { storage: 'keychain' },
  })
  const listed = await first.listVoices()
  expect(listed.ok && listed.data.length).toBeGreaterThan(0)
  await first.end()
}

/** Run 3: the keychain works again; listing voices must not hand the old key to the listener. */
async function thirdRunListsVoices(): Promise<Result<Voice[]>> {
  keychain.reachable = true
  const third = await run()
  const listed = await third.listVoices()
  const status = await third.status()
  await third.end()
  expect(recorder.seen).not.toContain(`Bearer ${OLD_KEY}`)
  expect(recorder.seen).toEqual([])
  // The old key is still saved for its own service, and the status says where it belongs.
  expect(status).toMatchObject({
    ok: true,
    data: {
      credential: 'apiKey',
      keyHint: `…${OLD_KEY.slice(-4)}`,
      keyFor: { origin: sandbox.baseUrl, usable: false },
    },
  })
  return listed
}

const elsewhere = () =>
  `The saved key belongs to ${new URL(sandbox.baseUrl).host}. Enter the key for ${new URL(recorder.url()).host} in Account.`

describe('a keychain outage never sends the old key to the new service', () => {
  it('keychain failing for a whole run: the new address and the session-only key do not rebind the old key', async () => {
    await firstRunWithSandboxKey()

    keychain.reachable = false
    const second = await run()
    // No key could be loaded, so moving the address asks nothing.
    expect(await second.setBaseUrl(recorder.url())).toMatchObject({ ok: true })
    expect(second.platform.dialogs).toEqual([])
    expect(await second.setApiKey(NEW_KEY)).toMatchObject({
      ok: true,
      data: { storage: 'session', keyFor: { origin: recorder.url(), usable: true } },
    })
    await second.end()

    const listed = await thirdRunListsVoices()
    expect(listed).toMatchObject({
      ok: false,
      error: { code: 'AUTH_MISSING', message: elsewhere() },
    })
  })

  it('keychain failing only while the new key is set: the same', async () => {
    await firstRunWithSandboxKey()

    const second = await run()
    // The key is loaded, so main asks natively; nobody answers yes.
    expect(await second.setBaseUrl(recorder.url())).toMatchObject({
      ok: true,
      data: { keyFor: { origin: sandbox.baseUrl, usable: false } },
    })
    expect(second.platform.dialogs.map((d) => d.kind)).toEqual(['confirm'])
    keychain.reachable = false
    expect(await second.setApiKey(NEW_KEY)).toMatchObject({
      ok: true,
      data: { storage: 'session', keyFor: { origin: recorder.url(), usable: true } },
    })
    await second.end()

    const listed = await thirdRunListsVoices()
    expect(listed).toMatchObject({
      ok: false,
      error: { code: 'AUTH_MISSING', message: elsewhere() },
    })
  })

  it('a forget that cannot reach the keychain says so, and the next start finishes it', async () => {
    await firstRunWithSandboxKey()

    keychain.reachable = false
    const second = await run()
    const forgot = await second.forget()
    expect(forgot).toEqual({
      ok: false,
      error: {
        code: 'SECRET_STORE_UNAVAILABLE',
        retryable: false,
        message:
          'VoiceDesk stopped using the key, but the system keychain is unavailable, so the key is still stored there. VoiceDesk removes it at the next start that can reach the keychain. To remove it sooner, unlock or set up the keychain (on Linux: a Secret Service such as GNOME Keyring) and restart VoiceDesk.',
      },
    })
    expect(keychain.entries.has('api-key')).toBe(true)
    await second.end()

    keychain.reachable = true
    const third = await run()
    expect(keychain.entries.size).toBe(0)
    expect(await third.status()).toMatchObject({ ok: true, data: { credential: 'none' } })
    expect(await third.listVoices()).toMatchObject({ ok: false, error: { code: 'AUTH_MISSING' } })
    await third.end()
  })

  it('a key and an address an older build left behind (bound in settings only) are not sent', async () => {
    // The state the old bug left: the keychain's key, settings naming the listener as its origin.
    keychain.entries.set('api-key', OLD_KEY)
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({
        version: 1,
        baseUrl: recorder.url(),
        credential: 'apiKey',
        credentialOrigin: recorder.url(),
        verifiedAt: '2026-04-01T09:00:00.000Z',
      }),
    )
    const app = await run()
    const listed = await app.listVoices()
    const status = await app.status()
    await app.end()
    expect(listed).toMatchObject({
      ok: false,
      error: { code: 'AUTH_MISSING', message: expect.stringMatching(/no address recorded/) },
    })
    expect(status).toMatchObject({ ok: true, data: { keyFor: { origin: null, usable: false } } })
    expect(recorder.seen).toEqual([])
  })
})
