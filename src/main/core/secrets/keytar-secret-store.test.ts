import { spawnSync } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { FallbackSecretStore } from './fallback-secret-store'
import { KeytarSecretStore } from './keytar-secret-store'

// These tests talk to a real Secret Service. `npm run test:unit` (scripts/with-secret-service.sh)
// provides a private gnome-keyring on a private D-Bus; outside it they would touch the developer's
// own keychain, so they refuse to run there rather than pass vacuously.
const privateKeyring = process.env.VOICEDESK_SECRET_SERVICE === 'private'
const service = `VoiceDesk-test-${process.pid}`

describe('KeytarSecretStore against the real Secret Service', () => {
  it('runs inside the private keyring', () => {
    expect(
      privateKeyring,
      'run through: bash scripts/with-secret-service.sh npx vitest run src/main/core/secrets',
    ).toBe(true)
  })

  const store = new KeytarSecretStore({ service })
  afterEach(async () => {
    if (!privateKeyring) return
    await store.delete('api-key')
    await store.delete('access-token')
  })

  it.runIf(privateKeyring)('stores, reads, replaces and deletes a credential', async () => {
    expect(store.storage).toBe('keychain')
    expect(await store.get('api-key')).toBeNull()
    await store.set('api-key', 'plain-test-key-first_1234')
    expect(await store.get('api-key')).toBe('plain-test-key-first_1234')
    await store.set('api-key', 'plain-test-key-second_5678')
    expect(await store.get('api-key')).toBe('plain-test-key-second_5678')
    expect(await store.get('access-token')).toBeNull()
    expect(await store.delete('api-key')).toBe(true)
    expect(await store.get('api-key')).toBeNull()
    expect(await store.delete('api-key')).toBe(false)
  })

  it.runIf(privateKeyring)(
    'keeps api-key and access-token apart, and survives a new instance',
    async () => {
      await store.set('api-key', 'plain-test-key-key_aaaa')
      await store.set('access-token', 'eyJ.token.bbbb')
      const again = new KeytarSecretStore({ service })
      expect(await again.get('api-key')).toBe('plain-test-key-key_aaaa')
      expect(await again.get('access-token')).toBe('eyJ.token.bbbb')
    },
  )

  it.runIf(privateKeyring)('uses the service name "VoiceDesk" by default', async () => {
    const real = new KeytarSecretStore()
    await real.set('api-key', 'sk_default_service_cccc')
    const keytar = (await import('keytar')).default
    expect(await keytar.getPassword('VoiceDesk', 'api-key')).toBe('sk_default_service_cccc')
    expect(await real.delete('api-key')).toBe(true)
  })
})

describe('keychain unavailable', () => {
  it('a failing keytar becomes SECRET_STORE_UNAVAILABLE with advice, cause kept', async () => {
    const store = new KeytarSecretStore({
      service,
      load: () => Promise.reject(new Error('Cannot find module keytar.node')),
    })
    const error = await store.get('api-key').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('SECRET_STORE_UNAVAILABLE')
    expect((error as AppError).message).toMatch(/keychain/)
    expect((error as AppError).cause).toBeInstanceOf(Error)
  })

  it('falls back to session memory for the rest of the run and says so once', async () => {
    const reasons: unknown[] = []
    const calls: string[] = []
    const broken = new KeytarSecretStore({
      load: () =>
        Promise.resolve({
          getPassword: () => (
            calls.push('get'),
            Promise.reject(new Error('org.freedesktop.DBus.Error.ServiceUnknown'))
          ),
          setPassword: () => (calls.push('set'), Promise.reject(new Error('locked'))),
          deletePassword: () => (calls.push('delete'), Promise.reject(new Error('locked'))),
        }),
    })
    const store = new FallbackSecretStore(broken, { onFallback: (e) => reasons.push(e) })
    expect(store.storage).toBe('keychain')
    expect(await store.get('api-key')).toBeNull()
    expect(store.storage).toBe('session')
    expect(store.unavailable).toBe(true)
    await store.set('api-key', 'sk_session_only_dddd')
    expect(await store.get('api-key')).toBe('sk_session_only_dddd')
    expect(reasons).toHaveLength(1)
    expect(calls).toEqual(['get'])
  })

  it('a delete reaches for the keychain even after a failure, and says when it cannot', async () => {
    const entries = new Map<string, string>([['api-key', 'sk_in_keychain_ffff']])
    let reachable = false
    const flaky = new KeytarSecretStore({
      load: () =>
        Promise.resolve({
          getPassword: (_s: string, account: string) =>
            reachable
              ? Promise.resolve(entries.get(account) ?? null)
              : Promise.reject(new Error('locked')),
          setPassword: () => Promise.reject(new Error('locked')),
          deletePassword: (_s: string, account: string) =>
            reachable
              ? Promise.resolve(entries.delete(account))
              : Promise.reject(new Error('locked')),
        }),
    })
    const store = new FallbackSecretStore(flaky)
    expect(await store.get('api-key')).toBeNull()
    await store.set('api-key', 'sk_session_only_gggg')
    // Unreachable: the session copy is gone, and the keychain's is reported, not hidden.
    const error = await store.delete('api-key').catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'SECRET_STORE_UNAVAILABLE',
      message: expect.stringMatching(/keychain could not remove the credential/),
    })
    expect(await store.get('api-key')).toBeNull()
    expect(entries.has('api-key')).toBe(true)
    // Reachable again: the delete removes the keychain's copy too.
    reachable = true
    expect(await store.delete('api-key')).toBe(true)
    expect(entries.has('api-key')).toBe(false)
    expect(store.storage).toBe('session')
  })

  it('with no D-Bus session at all (real keytar, child process), the fallback keeps the key in memory', () => {
    const script = `
      import { FallbackSecretStore } from './src/main/core/secrets/fallback-secret-store.ts'
      import { KeytarSecretStore } from './src/main/core/secrets/keytar-secret-store.ts'
      const store = new FallbackSecretStore(new KeytarSecretStore({ service: 'VoiceDesk-nobus' }))
      await store.set('api-key', 'sk_nobus_eeee')
      console.log(JSON.stringify({ storage: store.storage, value: await store.get('api-key') }))
    `
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    }
    delete env.VOICEDESK_SECRET_SERVICE
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: process.cwd(),
        env,
        encoding: 'utf8',
        timeout: 60_000,
      },
    )
    expect(run.status, run.stderr).toBe(0)
    const last = run.stdout.trim().split('\n').at(-1) ?? ''
    expect(JSON.parse(last)).toEqual({ storage: 'session', value: 'sk_nobus_eeee' })
  })
})
