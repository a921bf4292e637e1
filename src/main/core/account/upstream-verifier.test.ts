import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { explainVerifyError } from './verify-errors'
import { createUpstreamVerifier } from './upstream-verifier'
import { appErrorOf } from '../../testing/app-error'

// Verify against the sandbox over real HTTP on 127.0.0.1.
let sandbox: Sandbox
const verify = createUpstreamVerifier({ now: () => Date.parse('2026-06-01T00:00:00Z') })

beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0 })
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

describe('createUpstreamVerifier (sandbox over HTTP)', () => {
  it('proves a good API key by listing voices', async () => {
    const result = await verify({
      baseUrl: sandbox.baseUrl,
      credential: { kind: 'apiKey', secret: sandbox.keys.paid },
    })
    expect(result.verifiedAt).toBe('2026-06-01T00:00:00.000Z')
    expect(result.voiceCount).toBeGreaterThan(0)
  })

  it('works on the legacy base address too', async () => {
    const result = await verify({
      baseUrl: sandbox.legacyBaseUrl,
      credential: { kind: 'apiKey', secret: sandbox.keys.free },
    })
    expect(result.voiceCount).toBeGreaterThan(0)
  })

  it('a wrong key is AUTH_INVALID', async () => {
    const error = await appErrorOf(
      verify({
        baseUrl: sandbox.baseUrl,
        credential: { kind: 'apiKey', secret: 'sk_wrong_key_000000' },
      }),
    )
    expect(error.code).toBe('AUTH_INVALID')
    expect(explainVerifyError(error, sandbox.baseUrl, 'apiKey').message).toMatch(
      /rejected this API key/,
    )
  })

  it('a wrong base URL path is NOT_FOUND or UPSTREAM: the message names the host, Details the address', async () => {
    const wrong = `${sandbox.baseUrl}/not-the-api`
    const error = await appErrorOf(
      verify({ baseUrl: wrong, credential: { kind: 'apiKey', secret: sandbox.keys.paid } }),
    )
    expect(['NOT_FOUND', 'UPSTREAM']).toContain(error.code)
    const explained = explainVerifyError(error, wrong, 'apiKey')
    expect(explained.message).toContain(`Nothing at ${new URL(wrong).host} answers`)
    expect(explained.message).not.toContain('/not-the-api')
    expect(explained.details?.address).toBe(wrong)
  })

  it('an unreachable host is NETWORK', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`
    const error = await appErrorOf(
      verify({ baseUrl, credential: { kind: 'apiKey', secret: sandbox.keys.paid } }),
    )
    expect(error.code).toBe('NETWORK')
    expect(explainVerifyError(error, baseUrl, 'apiKey').message).toMatch(/Could not reach/)
  })

  it('an access token with voices:read is proven by the voice count', async () => {
    const token = await sandbox.issueAccessToken('paid', 'voices:read', 600)
    const result = await verify({
      baseUrl: sandbox.baseUrl,
      credential: { kind: 'accessToken', secret: token },
    })
    expect(result.voiceCount).toBeGreaterThan(0)
  })

  it('an access token without voices:read is still verified, with no voice count', async () => {
    const token = await sandbox.issueAccessToken('paid', 'audio:all', 600)
    const result = await verify({
      baseUrl: sandbox.baseUrl,
      credential: { kind: 'accessToken', secret: token },
    })
    expect(result.voiceCount).toBeNull()
  })
})
