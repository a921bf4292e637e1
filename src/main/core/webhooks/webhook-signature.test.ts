import { describe, expect, it } from 'vitest'
import { parseSignatureHeader, signWebhook, verifyWebhookSignature } from './webhook-signature'

// Vectors computed outside this code, with `openssl dgst -sha256 -hmac <secret>` over "<t>.<body>".
const VECTORS = [
  {
    secret: 'whsec_test_secret',
    t: 1_700_000_000,
    body: '{"type":"conversation.ended","id":"evt_1"}',
    hex: '5ea330ce1587176c24d655dd765f0c64ff71dc1a26838a3679dca2b307ef1571',
  },
  {
    secret: 'whsec_test_secret',
    t: 1_700_000_000,
    body: '',
    hex: '316b9ab98c15bfa039d243f3196acee619cf29749a91a634e6a8154e2f7b6727',
  },
  {
    secret: 'another secret',
    t: 1_712_345_678,
    body: '{"a":"café"}\n',
    hex: '68d9003f8d3f84e144414574395360d54bea4146f82de2a15ab39af1e32c62e1',
  },
]

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text)

describe('webhook signatures', () => {
  it.each(VECTORS)('signs $body the way the service does', ({ secret, t, body, hex }) => {
    expect(signWebhook(secret, t, bytes(body))).toBe(hex)
  })

  it.each(VECTORS)('accepts a fresh delivery of $body', ({ secret, t, body, hex }) => {
    const check = verifyWebhookSignature({
      secret,
      header: `t=${t},v1=${hex}`,
      rawBody: bytes(body),
      nowSeconds: t + 10,
    })
    expect(check).toEqual({ valid: true, timestamp: t, ageSeconds: 10 })
  })

  it('refuses a changed body, a wrong secret and a changed timestamp', () => {
    const [v] = VECTORS
    const header = `t=${v!.t},v1=${v!.hex}`
    const base = { secret: v!.secret, header, rawBody: bytes(v!.body), nowSeconds: v!.t }
    expect(verifyWebhookSignature({ ...base, rawBody: bytes(`${v!.body} `) })).toMatchObject({
      valid: false,
      reason: 'mismatch',
    })
    expect(verifyWebhookSignature({ ...base, secret: 'whsec_other' })).toMatchObject({
      valid: false,
      reason: 'mismatch',
    })
    expect(verifyWebhookSignature({ ...base, header: `t=${v!.t + 1},v1=${v!.hex}` })).toMatchObject(
      { valid: false, reason: 'mismatch' },
    )
  })

  it('refuses a stale or future timestamp outside the tolerance, and accepts its edge', () => {
    const [v] = VECTORS
    const base = { secret: v!.secret, header: `t=${v!.t},v1=${v!.hex}`, rawBody: bytes(v!.body) }
    expect(verifyWebhookSignature({ ...base, nowSeconds: v!.t + 300 }).valid).toBe(true)
    const stale = verifyWebhookSignature({ ...base, nowSeconds: v!.t + 301 })
    expect(stale).toMatchObject({ valid: false, reason: 'stale', ageSeconds: 301 })
    expect(stale.valid === false && stale.message).toContain('301 s old')
    expect(
      verifyWebhookSignature({ ...base, nowSeconds: v!.t + 301, toleranceSeconds: 600 }).valid,
    ).toBe(true)
    expect(verifyWebhookSignature({ ...base, nowSeconds: v!.t - 301 })).toMatchObject({
      valid: false,
      reason: 'stale',
    })
  })

  it('accepts any of several v1 signatures (secret rotation) in any case', () => {
    const [v] = VECTORS
    const header = `t=${v!.t}, v1=${'0'.repeat(64)}, v1=${v!.hex.toUpperCase()}`
    expect(
      verifyWebhookSignature({
        secret: v!.secret,
        header,
        rawBody: bytes(v!.body),
        nowSeconds: v!.t,
      }).valid,
    ).toBe(true)
  })

  it.each([
    '',
    'v1=' + 'a'.repeat(64),
    't=1700000000',
    't=abc,v1=' + 'a'.repeat(64),
    't=1700000000,v1=xyz',
    't=1700000000,v1=' + 'a'.repeat(63),
  ])('refuses the malformed header %j', (header) => {
    expect(parseSignatureHeader(header)).toBeNull()
    expect(
      verifyWebhookSignature({ secret: 's', header, rawBody: bytes('{}'), nowSeconds: 0 }),
    ).toMatchObject({ valid: false, reason: 'malformed-header' })
  })
})

describe('webhook signatures: a check that could not fail is refused', () => {
  const [v] = VECTORS
  const good = {
    secret: v!.secret,
    header: `t=${v!.t},v1=${v!.hex}`,
    rawBody: bytes(v!.body),
    nowSeconds: v!.t,
  }

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1])(
    'a tolerance of %s throws instead of letting a replay of any age pass',
    (toleranceSeconds) => {
      // Years after the signature: with a tolerance that compares false, this used to be valid.
      const replay = { ...good, nowSeconds: v!.t + 10 * 365 * 86_400, toleranceSeconds }
      expect(() => verifyWebhookSignature(replay)).toThrow(
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          message: expect.stringMatching(/^The tolerance must be a finite number of seconds/),
        }),
      )
    },
  )

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('a clock reading of %s throws', (nowSeconds) => {
    expect(() => verifyWebhookSignature({ ...good, nowSeconds })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    )
  })

  it.each(['', '   '])(
    'an empty secret %j throws, even with a signature made with it',
    (secret) => {
      const header = `t=${v!.t},v1=${signWebhook(secret, v!.t, bytes(v!.body))}`
      expect(() => verifyWebhookSignature({ ...good, secret, header })).toThrow(
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          message: expect.stringMatching(/^The webhook secret is empty/),
        }),
      )
    },
  )
})
