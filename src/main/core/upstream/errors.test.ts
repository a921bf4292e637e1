import { describe, expect, it } from 'vitest'
import { joinUrl, isSameOrigin } from './base-url'
import type { OperationContext } from './errors'
import { errorFromResponse, parseErrorBody, scopesOfToken } from './errors'
import { parseRetryAfter } from './retry-after'

const ctx: OperationContext = {
  operation: 'synthesize speech',
  requiredScope: 'audio:speech',
  host: 'api.example.com',
}
const json = (code: string, message = 'm', extra: Record<string, unknown> = {}) =>
  JSON.stringify({ error: { code, message, ...extra }, request_id: 'req_body' })

describe('URLs on the base address', () => {
  it('keeps a path prefix when joining, and encodes the query', () => {
    const base = new URL('https://h.example/legacy')
    expect(joinUrl(base, '/v1/voices', { cursor: 'a b', limit: undefined }).href).toBe(
      'https://h.example/legacy/v1/voices?cursor=a+b',
    )
  })

  it('knows origins', () => {
    const base = new URL('https://h.example')
    expect(isSameOrigin(base, new URL('https://h.example/assets/x.mp3'))).toBe(true)
    expect(isSameOrigin(base, new URL('https://cdn.h.example/x.mp3'))).toBe(false)
    expect(isSameOrigin(base, new URL('http://h.example/x.mp3'))).toBe(false)
  })
})

describe('Retry-After', () => {
  it('reads delta seconds and HTTP dates', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000)
    expect(parseRetryAfter('0.5', 0)).toBe(500)
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:07 GMT', now)).toBe(7000)
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })
})

describe('error bodies', () => {
  it('reads the envelope, the OAuth shape, plain text and nothing', () => {
    expect(
      parseErrorBody(
        json('validation_failed', 'input too long', { fields: { input: 'too long' } }),
      ),
    ).toEqual({
      upstreamCode: 'validation_failed',
      message: 'input too long',
      fields: { input: 'too long' },
      requestId: 'req_body',
    })
    expect(parseErrorBody('{"error":"invalid_scope","error_description":"bad scope"}')).toEqual({
      upstreamCode: 'invalid_scope',
      message: 'bad scope',
    })
    expect(parseErrorBody('Service Unavailable\n')).toEqual({ message: 'Service Unavailable' })
    expect(parseErrorBody('')).toEqual({})
    expect(parseErrorBody('{"error": {"code": "x"')).toEqual({ message: '{"error": {"code": "x"' })
  })
})

describe('errorFromResponse', () => {
  it('maps insufficient_scope (401 or 403) to SCOPE_MISSING with the scope named', () => {
    for (const status of [401, 403]) {
      const e = errorFromResponse(
        status,
        { 'x-request-id': 'req_h' },
        json('insufficient_scope'),
        ctx,
      )
      expect(e.code).toBe('SCOPE_MISSING')
      expect(e.message).toBe(
        'This access token does not allow VoiceDesk to synthesize speech (it needs audio:speech). Sign in with an API key or a token that has audio:speech.',
      )
      expect(e.details).toMatchObject({ status, requiredScope: 'audio:speech', requestId: 'req_h' })
    }
  })

  it('explains a bare 401 as a missing scope when the token visibly lacks it', () => {
    const token = `x.${Buffer.from(JSON.stringify({ scope: 'voices:read' })).toString('base64url')}.y`
    const scopes = scopesOfToken(token)
    expect(scopes).toEqual(['voices:read'])
    const e = errorFromResponse(401, {}, '', {
      ...ctx,
      credentialKind: 'accessToken',
      grantedScopes: scopes,
    })
    expect(e.code).toBe('SCOPE_MISSING')
    const ok = errorFromResponse(401, {}, '', {
      ...ctx,
      credentialKind: 'accessToken',
      grantedScopes: ['audio:all'],
    })
    expect(ok.code).toBe('AUTH_INVALID')
  })

  it('tells the two 402s apart', () => {
    expect(errorFromResponse(402, {}, json('payment_required'), ctx).message).toMatch(
      /out of credit/,
    )
    expect(
      errorFromResponse(402, {}, json('voice_cloning_not_included'), {
        ...ctx,
        operation: 'create a voice',
      }).message,
    ).toBe('Your plan does not include voice cloning. Upgrade the plan to create personal voices.')
  })

  it('says which resource was not found', () => {
    const e = errorFromResponse(404, {}, json('voice_not_found'), {
      ...ctx,
      resource: { kind: 'voice', id: 'v9' },
    })
    expect(e.code).toBe('NOT_FOUND')
    expect(e.message).toMatch(/^No voice with id v9\./)
    expect(
      errorFromResponse(404, {}, '', { ...ctx, resource: { kind: 'conversation', id: 'c1' } })
        .message,
    ).toMatch(/^No conversation with id c1\./)
  })

  it('keeps the wait of a 429 and marks it retryable', () => {
    const e = errorFromResponse(429, { 'retry-after': '2' }, json('concurrency_limit_reached'), ctx)
    expect(e).toMatchObject({
      code: 'RATE_LIMITED',
      retryable: true,
      details: { retryAfterMs: 2000 },
    })
    expect(e.message).toBe(
      'Too many requests are running at once on this account. Try again in 2 s.',
    )
  })

  it('maps 409 too_many_voices, 413, 408 and 5xx', () => {
    expect(errorFromResponse(409, {}, json('too_many_voices'), ctx)).toMatchObject({
      code: 'CONFLICT',
    })
    expect(errorFromResponse(413, {}, '', ctx)).toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(errorFromResponse(408, {}, '', ctx)).toMatchObject({ code: 'TIMEOUT', retryable: true })
    for (const s of [500, 502, 503, 504]) {
      expect(errorFromResponse(s, {}, 'oops', ctx)).toMatchObject({
        code: 'UPSTREAM',
        retryable: true,
        details: { status: s },
      })
    }
    expect(errorFromResponse(501, {}, '', ctx)).toMatchObject({
      code: 'UPSTREAM',
      retryable: false,
    })
  })

  it('takes the request id from any *-request-id header, else from the body', () => {
    expect(errorFromResponse(400, { 'acme-request-id': 'req_x' }, '', ctx).details?.requestId).toBe(
      'req_x',
    )
    expect(errorFromResponse(400, {}, json('bad_request'), ctx).details?.requestId).toBe('req_body')
  })
})
