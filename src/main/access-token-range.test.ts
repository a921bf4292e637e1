import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AccountStatus } from '../shared/domain/account'
import type { Dispatch } from './ipc/dispatch'
import { MemorySecretStore } from './core/secrets/memory-secret-store'
import { APP_SENDER, createTestRuntime } from './test-support'

/**
 * An access token whose expiry is not a real date (`exp: 1e300`) is refused when pasted, and one
 * already in the keychain (saved by an older build) never makes the status or the app info fail:
 * through the real dispatcher, across restarts.
 */

const noEmit = () => {}
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
/** A JWT with these claims (the signature is not checked by the client, so any will do). */
const jwt = (claims: Record<string, unknown>) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`

const FAR = jwt({ exp: 1e300, scope: 'audio:all voices:read' })
const BEFORE_TIME = jwt({ exp: -1e300, scope: 'audio:all' })

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-token-range-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function run(secrets: MemorySecretStore) {
  const env = await createTestRuntime({ userDataDir: dir, secretStore: secrets })
  const call = (channel: Parameters<Dispatch>[0], input: unknown) =>
    env.runtime.dispatch(channel, input, APP_SENDER, noEmit)
  return { call, end: env.cleanup }
}

describe('an access token with an expiry out of range', () => {
  it.each([
    ['far future', FAR],
    ['before any date', BEFORE_TIME],
  ])('is refused when pasted (%s), with a message saying what to do', async (_case, token) => {
    const app = await run(new MemorySecretStore())
    await app.call('account:setBaseUrl', { baseUrl: 'https://tts.example' })
    expect(await app.call('account:setAccessToken', { token })).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        retryable: false,
        message:
          'This access token has an expiry time that is not a real date. Request a new token from the service and paste it again.',
        details: {
          fields: {
            token:
              'This access token has an expiry time that is not a real date. Request a new token from the service and paste it again.',
          },
        },
      },
    })
    expect(await app.call('account:getStatus', undefined)).toMatchObject({
      ok: true,
      data: { credential: 'none' },
    })
    expect(await app.call('app:getInfo', undefined)).toMatchObject({ ok: true })
    await app.end()
  })

  it('one an older build stored never breaks the status or the app info, at this start or the next', async () => {
    const secrets = new MemorySecretStore()
    await secrets.set('access-token', FAR)
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ version: 1, baseUrl: 'https://tts.example', credential: 'accessToken' }),
    )
    for (const start of [1, 2]) {
      const app = await run(secrets)
      const status = (await app.call('account:getStatus', undefined)) as {
        ok: boolean
        data?: AccountStatus
      }
      expect(status, `start ${start}`).toMatchObject({
        ok: true,
        data: { credential: 'none', token: null },
      })
      if (start === 1) {
        expect(status.data?.notices).toContainEqual({
          kind: 'token-expired',
          message:
            'The saved access token could not be read (its expiry time is not a real date), so it was removed. Paste a new token, or use an API key.',
        })
      }
      expect(await app.call('app:getInfo', undefined)).toMatchObject({ ok: true })
      await app.end()
    }
    expect(await secrets.get('access-token')).toBeNull()
  })
})
