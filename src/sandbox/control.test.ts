import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { errorOf, startTestSandbox, useTestSandbox } from './testing/sandbox-client.js'

const t = useTestSandbox()

describe('request log', () => {
  it('records what the client sent, with a key hint and never the full key or token', async () => {
    await fetch(`${t.sandbox.baseUrl}/sandbox/requests`, { method: 'DELETE' })
    const token = await t.sandbox.issueAccessToken('paid', 'audio:all')
    await t.speech({
      input: 'First text.',
      voice_id: 'emma',
      audio_format: 'mp3',
      options: { text_normalization: true },
    })
    await t
      .call('/v1/audio/stream', {
        json: { input: 'Second text.', voice_id: 'george' },
        auth: token,
        headers: { Accept: 'audio/ogg', 'X-Sandbox-Fault': 'truncate=10' },
      })
      .then((r) => r.arrayBuffer())
    await t.call('/v1/voices', { auth: 'sk_this_is_not_valid_1234' })
    const response = await fetch(`${t.sandbox.baseUrl}/sandbox/requests?path=/v1/audio`)
    const { requests } = (await response.json()) as { requests: Array<Record<string, unknown>> }
    expect(requests.map((entry) => (entry['body'] as { input: string }).input)).toEqual([
      'First text.',
      'Second text.',
    ])
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/audio/speech',
      status: 200,
      credential: 'api_key',
      plan: 'paid',
      keyHint: `sk_…${t.sandbox.keys.paid.slice(-4)}`,
      body: { voice_id: 'emma', audio_format: 'mp3', options: { text_normalization: true } },
    })
    expect(requests[1]).toMatchObject({
      credential: 'access_token',
      accept: 'audio/ogg',
      faultHeader: 'truncate=10',
      keyHint: `token…${token.slice(-4)}`,
    })
    const everything = JSON.stringify(t.sandbox.requestLog())
    expect(everything).not.toContain(t.sandbox.keys.paid)
    expect(everything).not.toContain(token)
    expect(everything).not.toContain('sk_this_is_not_valid_1234')
    expect(t.sandbox.requestLog({ pathPrefix: '/v1/voices' }).at(-1)).toMatchObject({
      status: 401,
      errorCode: 'unauthorized',
      accountId: null,
    })
    t.sandbox.clearRequestLog()
    expect(t.sandbox.requestLog()).toEqual([])
  })
})

describe('legacy base address', () => {
  it('serves the same API under legacyBaseUrl and marks those requests', async () => {
    expect(t.sandbox.legacyBaseUrl).toBe(`${t.sandbox.baseUrl}/legacy`)
    const response = await fetch(`${t.sandbox.legacyBaseUrl}/v1/voices/george`, {
      headers: { Authorization: `Bearer ${t.sandbox.keys.paid}` },
    })
    expect(response.status).toBe(200)
    const speech = await fetch(`${t.sandbox.legacyBaseUrl}/v1/audio/speech`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${t.sandbox.keys.paid}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ input: 'Old address.', voice_id: 'emma' }),
    })
    expect(speech.status).toBe(200)
    expect(t.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' }).at(-1)).toMatchObject({
      legacy: true,
      path: '/v1/audio/speech',
    })
  })
})

describe('every answer', () => {
  it('carries X-Request-ID; unknown paths and methods answer in the envelope', async () => {
    const notFound = await t.call('/v1/nothing-here')
    expect(notFound.status).toBe(404)
    const error = await errorOf(notFound)
    expect(error.code).toBe('not_found')
    expect(notFound.headers.get('x-request-id')).toBe(error.requestId)
    const wrongMethod = await t.call('/v1/voices/george', { method: 'PUT' })
    expect(wrongMethod.status).toBe(405)
    const ok = await t.call('/v1/voices/george')
    expect(ok.headers.get('x-request-id')).toMatch(/^req_[0-9a-z]{26}$/)
  })
})

describe('control endpoints', () => {
  it('GET /sandbox/state lists accounts (hints only), conversations and settings', async () => {
    const state = (await (await fetch(`${t.sandbox.baseUrl}/sandbox/state`)).json()) as Record<
      string,
      unknown
    >
    expect(JSON.stringify(state)).not.toContain(t.sandbox.keys.paid)
    expect(state).toMatchObject({
      baseUrl: t.sandbox.baseUrl,
      stateDir: t.sandbox.stateDir,
      voices: { catalog: 44 },
    })
    const conversations = state['conversations'] as Array<{ status: string }>
    expect(new Set(conversations.map((c) => c.status))).toEqual(
      new Set(['pending', 'active', 'completed', 'failed']),
    )
  })

  it('PATCH /sandbox/accounts/{plan} changes credit, cloning and limits; POST .../keys adds a key', async () => {
    const patch = await fetch(`${t.sandbox.baseUrl}/sandbox/accounts/free`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ outOfCredit: true, limits: { synthesisConcurrency: 2 } }),
    })
    expect(
      ((await patch.json()) as { limits: { synthesisConcurrency: number } }).limits
        .synthesisConcurrency,
    ).toBe(2)
    const refused = await t.speech({ input: 'hi', voice_id: 'emma' }, t.sandbox.keys.free)
    expect(refused.response.status).toBe(402)
    t.sandbox.setAccount('free', { outOfCredit: false })
    const key = (
      (await (
        await fetch(`${t.sandbox.baseUrl}/sandbox/accounts/free/keys`, { method: 'POST' })
      ).json()) as { key: string }
    ).key
    expect(key).toMatch(/^sk_/)
    expect((await t.call('/v1/voices', { auth: key })).status).toBe(200)
    const invalid = await fetch(`${t.sandbox.baseUrl}/sandbox/accounts/free`, {
      method: 'PATCH',
      body: JSON.stringify({ limits: { synthesisConcurrency: -1 } }),
    })
    expect(invalid.status).toBe(400)
  })

  it('POST /sandbox/conversations validates its options', async () => {
    const bad = await fetch(`${t.sandbox.baseUrl}/sandbox/conversations`, {
      method: 'POST',
      body: JSON.stringify({ outcome: 'exploded' }),
    })
    expect(bad.status).toBe(400)
  })
})

describe('stop', () => {
  it('closes the server, live conversations and open streams', async () => {
    const other = await startTestSandbox()
    other.sandbox.startConversation({ turnIntervalMs: 50 })
    const stalled = await other.call('/v1/audio/stream', {
      json: { input: 'Stalled stream.', voice_id: 'emma' },
      headers: { 'X-Sandbox-Fault': 'stall=100' },
    })
    const reading = stalled.arrayBuffer().catch(() => 'closed')
    await other.sandbox.stop()
    expect(await reading).toBe('closed')
    await expect(fetch(`${other.sandbox.baseUrl}/v1/voices`)).rejects.toThrow()
    expect(existsSync(other.sandbox.stateDir)).toBe(false)
  })
})
