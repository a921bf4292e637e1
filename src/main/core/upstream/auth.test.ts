import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../log/logger'
import type { Harness } from './test/helpers'
import { startHarness } from './test/helpers'
import { createUpstreamClient } from './upstream-client'

// Made at run time, so the repository holds nothing shaped like a real key.
const CANARY = `sk_canary_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`

let h: Harness
beforeAll(async () => {
  h = await startHarness({ keys: { paid: CANARY } })
})
afterAll(() => h.stop())

describe('credentials and scopes', () => {
  it('no credential is AUTH_MISSING, before any request', async () => {
    const none = h.makeClient({ credential: () => null })
    h.sandbox.clearRequestLog()
    await expect(none.listVoices()).rejects.toMatchObject({
      code: 'AUTH_MISSING',
      message: expect.stringMatching(/^No API key is set\./),
    })
    expect(h.sandbox.requestLog()).toHaveLength(0)
  })

  it('issues an access token (deprecated endpoint) with the returned lifetime', async () => {
    const token = await h.client.issueAccessToken('audio:all voices:read')
    expect(token).toMatchObject({
      tokenType: 'bearer',
      expiresInSeconds: 3600,
      scope: 'audio:all voices:read',
    })
    expect(token.accessToken.split('.')).toHaveLength(3)
    const withToken = h.makeClient({
      credential: { kind: 'accessToken', secret: token.accessToken },
    })
    expect((await withToken.listVoices()).length).toBeGreaterThan(0)
    await expect(withToken.issueAccessToken()).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
  })

  it('an invalid scope request is refused with the OAuth error kept', async () => {
    await expect(h.client.issueAccessToken('everything:all')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { upstreamCode: 'invalid_scope' },
    })
  })

  for (const scopeDeniedStatus of [401, 403] as const) {
    it(`a token without the scope is SCOPE_MISSING (${scopeDeniedStatus})`, async () => {
      const s = await startHarness({ shapes: { scopeDeniedStatus } })
      try {
        const token = await s.sandbox.issueAccessToken('paid', 'voices:read')
        const client = s.makeClient({ credential: { kind: 'accessToken', secret: token } })
        await expect(
          client.synthesize({ input: 'Hi there', voiceId: 'george', format: 'mp3' }),
        ).rejects.toMatchObject({
          code: 'SCOPE_MISSING',
          message:
            'This access token does not allow VoiceDesk to synthesize speech (it needs audio:speech). Sign in with an API key or a token that has audio:speech.',
          details: {
            status: scopeDeniedStatus,
            requiredScope: 'audio:speech',
            requestId: expect.stringMatching(/^req_/),
          },
        })
        await expect(client.deleteVoice('george')).rejects.toMatchObject({
          code: 'SCOPE_MISSING',
          details: { requiredScope: 'voices:delete' },
        })
      } finally {
        await s.stop()
      }
    })
  }
})

describe('network', () => {
  it('a closed port is NETWORK naming the host, retried a few times', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    await new Promise((resolve) => server.close(resolve))
    const client = createUpstreamClient({
      baseUrl: `http://127.0.0.1:${port}`,
      credential: { kind: 'apiKey', secret: CANARY },
      retry: { baseDelayMs: 5, maxDelayMs: 10 },
    })
    await expect(client.listVoices()).rejects.toMatchObject({
      code: 'NETWORK',
      message: `Can't reach 127.0.0.1:${port} (ECONNREFUSED). Check your connection or the base URL.`,
      retryable: true,
    })
    client.close()
  })

  it('a server that never answers is TIMEOUT', async () => {
    const server = createServer(() => undefined)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const client = createUpstreamClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      credential: { kind: 'apiKey', secret: CANARY },
      timeouts: { headersMs: 100 },
      retry: { maxAttempts: 2, baseDelayMs: 5 },
    })
    await expect(client.listVoices()).rejects.toMatchObject({ code: 'TIMEOUT' })
    client.close()
    server.close()
  })

  it('cancelling a queued or running request is CANCELLED', async () => {
    const controller = new AbortController()
    const run = h.client.synthesize({
      input: 'A sentence to cancel.',
      voiceId: 'george',
      format: 'wav',
      signal: controller.signal,
    })
    controller.abort()
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' })
  })

  it('refuses a plain-http base URL off this machine', () => {
    expect(() =>
      createUpstreamClient({ baseUrl: 'http://api.example.com', credential: null }),
    ).toThrow(/https/)
  })
})

describe('the canary key', () => {
  it('never reaches a log line, an error message or error details, even on failures', async () => {
    const lines: string[] = []
    const logger = createLogger({ sink: (l) => lines.push(l), level: 'debug' })
    const client = h.makeClient({ logger })
    const errors: unknown[] = []
    await client.listVoices()
    await client.synthesize({ input: 'Canary check.', voiceId: 'george', format: 'mp3' })
    h.sandbox.setFaults({ errorRate: 1, errorStatus: 503 })
    errors.push(await client.listVoices().catch((e: unknown) => e))
    h.sandbox.setFaults({ errorRate: 0, malformedJson: 1 })
    errors.push(await client.listVoices().catch((e: unknown) => e))
    h.sandbox.clearFaults()
    errors.push(await client.getConversation('conv_missing').catch((e: unknown) => e))
    // A wrong key that looks like the canary's neighbour: the service rejects it, nothing echoes it.
    const wrong = h.makeClient({ logger, credential: { kind: 'apiKey', secret: `${CANARY}x` } })
    errors.push(await wrong.listVoices().catch((e: unknown) => e))
    logger.info('headers seen', { headers: { authorization: `Bearer ${CANARY}` } })
    logger.error('raw', { error: new Error(`failed with ${CANARY}`) })
    const everything = [
      ...lines,
      ...errors.map((e) => JSON.stringify(e, Object.getOwnPropertyNames(e as object))),
      ...errors.map((e) => String(e)),
    ].join('\n')
    expect(lines.length).toBeGreaterThan(5)
    expect(everything).not.toContain(CANARY)
    expect(everything).not.toContain(CANARY.slice(3))
  })
})
