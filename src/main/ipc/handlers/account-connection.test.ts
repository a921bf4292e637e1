import { createServer as createHttpServer } from 'node:http'
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import type { AccountStatus } from '../../../shared/domain/account'
import type { Result } from '../../../shared/errors'
import { createUpstreamVerifier } from '../../core/account/upstream-verifier'
import { closeServer, listenOnLoopback } from '../../testing/loopback-server'
import { APP_SENDER, createTestRuntime } from '../../test-support'
import type { MainRuntimeOptions } from '../../runtime'

// Issue 27: the sidebar showed a green dot while the service could not be reached, and the first
// run asked for the service address before the key. Main now says what the last check found
// (connected, can't reach, not accepted), and starts from the service's own address.

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false })
})
afterAll(async () => {
  await sandbox.stop()
})

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return typeof address === 'object' && address !== null ? address.port : 1
}

/** A runtime that verifies over real HTTP; `call` goes through the dispatcher as the window's. */
async function runtime(overrides: Partial<MainRuntimeOptions> = {}) {
  const env = await createTestRuntime({ verifyCredential: createUpstreamVerifier(), ...overrides })
  onTestFinished(env.cleanup)
  const events: AccountStatus[] = []
  // What every window is sent (the sidebar of each listens to it).
  onTestFinished(
    env.runtime.onEvent((event) => {
      if (event.channel === 'account:changed') events.push(event.payload)
    }),
  )
  const call = (channel: string, input?: unknown): Promise<Result<unknown>> =>
    env.runtime.dispatch(channel, input, APP_SENDER, () => undefined)
  const status = async (): Promise<AccountStatus> => {
    const result = await call('account:getStatus')
    if (!result.ok) throw new Error(result.error.message)
    return result.data as AccountStatus
  }
  return { env, call, status, events }
}

describe('account: what the last check found', () => {
  it('is unchecked for a new key, connected once the service answers', async () => {
    const { call, status } = await runtime()
    await call('account:setBaseUrl', { baseUrl: sandbox.baseUrl })
    await call('account:setApiKey', { apiKey: sandbox.keys.paid })
    expect(await status()).toMatchObject({ connection: 'unchecked', checkedAt: null })
    expect((await call('account:verify')).ok).toBe(true)
    const checked = await status()
    expect(checked.connection).toBe('connected')
    expect(checked.checkedAt).not.toBeNull()
  })

  it('is "unreachable" when nothing answers at the address, for every window to show', async () => {
    const { call, status, events } = await runtime()
    await call('account:setBaseUrl', { baseUrl: `http://127.0.0.1:${await closedPort()}` })
    await call('account:setApiKey', { apiKey: sandbox.keys.paid })
    const result = await call('account:verify')
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.code).toBe('NETWORK')
    expect(await status()).toMatchObject({ connection: 'unreachable', rejected: false })
    expect(events.at(-1)?.connection).toBe('unreachable')

    // Another address is not "unreachable" until it is checked.
    await call('account:setBaseUrl', { baseUrl: sandbox.baseUrl })
    expect((await status()).connection).toBe('unchecked')
  })

  // Issue 27: the sidebar said "Can't reach the service" while the card said the address was
  // not the service; the status now names which of the two it is, for both to say the same.
  it('is "wrong-address" when something else answers there; the message names the host only', async () => {
    const { call, status, events } = await runtime()
    const wrong = `${sandbox.baseUrl}/not-the-api`
    await call('account:setBaseUrl', { baseUrl: wrong })
    await call('account:setApiKey', { apiKey: sandbox.keys.paid })
    const result = await call('account:verify')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.message).toMatch(
      new RegExp(
        `^Nothing at ${new URL(wrong).host.replace(/\./g, '\\.')} answers as the voice service`,
      ),
    )
    expect(result.error.message).not.toContain('/not-the-api')
    expect(result.error.details?.address).toBe(wrong)
    expect(await status()).toMatchObject({ connection: 'wrong-address', rejected: false })
    expect(events.at(-1)?.connection).toBe('wrong-address')
  })

  it('is "service-trouble" when the service answers with a failure of its own', async () => {
    const failing = createHttpServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' })
      res.end('{"error":{"code":"unavailable","message":"try later"}}')
    })
    const baseUrl = await listenOnLoopback(failing)
    onTestFinished(() => closeServer(failing))
    const { call, status } = await runtime()
    await call('account:setBaseUrl', { baseUrl })
    await call('account:setApiKey', { apiKey: sandbox.keys.paid })
    const result = await call('account:verify')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('UPSTREAM')
    expect(result.error.message).toMatch(/^The voice service answered with a problem of its own/)
    expect(await status()).toMatchObject({ connection: 'service-trouble', rejected: false })
  })

  it('a refused key is rejected, not connected', async () => {
    const { call, status } = await runtime()
    await call('account:setBaseUrl', { baseUrl: sandbox.baseUrl })
    await call('account:setApiKey', { apiKey: 'sk_not_a_key_of_this_service_00' })
    expect((await call('account:verify')).ok).toBe(false)
    expect(await status()).toMatchObject({ connection: 'unchecked', rejected: true })
  })
})

describe('account: the service’s own address', () => {
  it('lets the first run save a key with no address typed, bound to the default address', async () => {
    const { call, status } = await runtime({ defaultBaseUrl: `${sandbox.baseUrl}/` })
    const first = await status()
    expect(first).toMatchObject({ baseUrl: sandbox.baseUrl, defaultBaseUrl: sandbox.baseUrl })
    const saved = await call('account:setApiKey', { apiKey: sandbox.keys.paid })
    expect(saved.ok).toBe(true)
    expect((await status()).keyFor?.origin).toBe(new URL(sandbox.baseUrl).origin)
    expect((await call('account:verify')).ok).toBe(true)
    expect((await status()).connection).toBe('connected')
  })

  it('without one, saving a key first still asks for the address', async () => {
    const { call } = await runtime()
    const saved = await call('account:setApiKey', { apiKey: sandbox.keys.paid })
    expect(saved.ok).toBe(false)
    if (!saved.ok) expect(saved.error.code).toBe('VALIDATION_FAILED')
  })
})
