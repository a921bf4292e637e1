import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../main/testing/manual-clock.js'
import { errorOf, startTestSandbox, useTestSandbox } from '../testing/sandbox-client.js'

const t = useTestSandbox({ tokenTtlSeconds: 3600 })

async function token(scope?: string, key = t.sandbox.keys.paid): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    ...(scope ? { scope } : {}),
  })
  const response = await t.call('/v1/auth/token', { method: 'POST', body, auth: key })
  expect(response.status).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

const speechBody = { input: 'Scope check.', voice_id: 'emma', audio_format: 'pcm' }

describe('credentials', () => {
  it('rejects a missing, unknown or revoked credential with 401 unauthorized in the envelope', async () => {
    const missing = await t.call('/v1/voices', { auth: null })
    const unknown = await t.call('/v1/voices', { auth: 'sk_not_a_real_key_at_all' })
    const garbage = await t.call('/v1/voices', { auth: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' })
    for (const response of [missing, unknown, garbage]) {
      expect(response.status).toBe(401)
      expect((await errorOf(response)).code).toBe('unauthorized')
    }
    const extra = t.sandbox.issueApiKey('paid')
    expect((await t.call('/v1/voices', { auth: extra })).status).toBe(200)
    expect(t.sandbox.revokeApiKey(extra)).toBe(true)
    expect((await t.call('/v1/voices', { auth: extra })).status).toBe(401)
  })

  it('maps both keys to their own accounts', async () => {
    await t.call('/v1/voices', { auth: t.sandbox.keys.free })
    const [entry] = t.sandbox.requestLog({ pathPrefix: '/v1/voices' }).slice(-1)
    expect(entry?.accountId).toBe(t.sandbox.accounts.free.id)
    expect(entry?.plan).toBe('free')
  })
})

describe('POST /v1/auth/token', () => {
  it('issues a signed JWT with account, expiry and the default scope (form body)', async () => {
    const response = await t.call('/v1/auth/token', {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    })
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'audio:all voices:read',
    })
    const claims = decodeJwt(String(body['access_token']))
    expect(claims.sub).toBe(t.sandbox.accounts.paid.id)
    expect(claims['scope']).toBe('audio:all voices:read')
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600)
  })

  it('accepts a JSON body with several scopes', async () => {
    const response = await t.call('/v1/auth/token', {
      json: { grant_type: 'client_credentials', scope: 'voices:all  audio:speech' },
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { scope: string }).scope).toBe('voices:all audio:speech')
  })

  it.each([
    [{ scope: 'audio:all' }, 400, 'invalid_request'],
    [{ grant_type: 'password' }, 400, 'unsupported_grant_type'],
    [
      { grant_type: 'client_credentials', scope: 'audio:all admin:everything' },
      400,
      'invalid_scope',
    ],
  ])('%j -> %i %s (OAuth-style body)', async (fields, status, error) => {
    const response = await t.call('/v1/auth/token', {
      method: 'POST',
      body: new URLSearchParams(fields),
    })
    expect(response.status).toBe(status)
    const body = (await response.json()) as { error: string; error_description: string }
    expect(body.error).toBe(error)
    expect(body.error_description.length).toBeGreaterThan(5)
  })

  it('refuses an access token on the token endpoint itself, and a missing or unknown key', async () => {
    const access = await token()
    const withToken = await t.call('/v1/auth/token', {
      method: 'POST',
      body: 'grant_type=client_credentials',
      auth: access,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(withToken.status).toBe(401)
    expect(((await withToken.json()) as { error: string }).error).toBe('unauthorized_client')
    const none = await t.call('/v1/auth/token', {
      method: 'POST',
      body: 'grant_type=client_credentials',
      auth: null,
    })
    expect(((await none.json()) as { error: string }).error).toBe('invalid_client')
    const wrong = await t.call('/v1/auth/token', {
      method: 'POST',
      body: 'grant_type=client_credentials',
      auth: 'sk_wrong',
    })
    expect(wrong.status).toBe(401)
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_client')
  })
})

describe('scopes', () => {
  it('a voices:read token cannot synthesize: 401 insufficient_scope', async () => {
    const access = await token('voices:read')
    const { response } = await t.speech(speechBody, access)
    expect(response.status).toBe(401)
    expect((await errorOf(response)).code).toBe('insufficient_scope')
    expect(response.headers.get('www-authenticate')).toContain('audio:speech')
    expect((await t.call('/v1/voices', { auth: access })).status).toBe(200)
  })

  it('audio:all implies speech and stream; audio:speech alone does not allow stream', async () => {
    const all = await token('audio:all')
    expect((await t.speech(speechBody, all)).response.status).toBe(200)
    const stream = await t.call('/v1/audio/stream', { json: speechBody, auth: all })
    expect(stream.status).toBe(200)
    await stream.arrayBuffer()
    const speechOnly = await token('audio:speech')
    expect((await t.speech(speechBody, speechOnly)).response.status).toBe(200)
    const refused = await t.call('/v1/audio/stream', { json: speechBody, auth: speechOnly })
    expect(refused.status).toBe(401)
    expect((await errorOf(refused)).code).toBe('insufficient_scope')
    expect((await t.call('/v1/voices', { auth: all })).status).toBe(401)
  })

  it('voices:all implies read, create and delete; the default scope cannot delete', async () => {
    const all = await token('voices:all')
    expect((await t.call('/v1/voices', { auth: all })).status).toBe(200)
    // Past the scope check, the create and delete calls fail on their input instead.
    const create = await t.call('/v1/voices', { method: 'POST', auth: all, body: new FormData() })
    expect((await errorOf(create)).code).toBe('validation_failed')
    const remove = await t.call('/v1/voices/voice_unknown', { method: 'DELETE', auth: all })
    expect((await errorOf(remove)).code).toBe('voice_not_found')
    const defaults = await token()
    const denied = await t.call('/v1/voices/voice_unknown', { method: 'DELETE', auth: defaults })
    expect(denied.status).toBe(401)
    expect((await errorOf(denied)).code).toBe('insufficient_scope')
    const deniedCreate = await t.call('/v1/voices', {
      method: 'POST',
      auth: defaults,
      body: new FormData(),
    })
    expect((await errorOf(deniedCreate)).code).toBe('insufficient_scope')
  })

  it('an API key is unscoped', async () => {
    expect((await t.call('/v1/voices/voice_unknown', { method: 'DELETE' })).status).toBe(404)
  })

  it('a free-plan token is tied to the free account', async () => {
    const access = await token('audio:all', t.sandbox.keys.free)
    expect(decodeJwt(access).sub).toBe(t.sandbox.accounts.free.id)
  })
})

describe('token expiry', () => {
  it('an expired token is refused with 401', async () => {
    // The sandbox's time is a clock the test moves, so expiry does not wait on real seconds.
    const clock = createManualClock()
    const shortLived = await startTestSandbox({ tokenTtlSeconds: 1, clock })
    try {
      const response = await shortLived.call('/v1/auth/token', {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      })
      const body = (await response.json()) as { access_token: string; expires_in: number }
      expect(body.expires_in).toBe(1)
      clock.advance(500)
      expect((await shortLived.call('/v1/voices', { auth: body.access_token })).status).toBe(200)
      clock.advance(1600)
      const expired = await shortLived.call('/v1/voices', { auth: body.access_token })
      expect(expired.status).toBe(401)
      const error = await errorOf(expired)
      expect(error.code).toBe('unauthorized')
      expect(error.message).toMatch(/expired/)
    } finally {
      await shortLived.sandbox.stop()
    }
  })

  it('a token signed by another sandbox is refused', async () => {
    const other = await startTestSandbox()
    try {
      const foreign = await other.sandbox.issueAccessToken('paid', 'voices:read')
      expect((await t.call('/v1/voices', { auth: foreign })).status).toBe(401)
    } finally {
      await other.sandbox.stop()
    }
  })
})
