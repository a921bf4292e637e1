import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createLogger, redact, REDACTED } from './logger'

// Made at run time, so the repository holds nothing shaped like a real key.
const CANARY = `sk_canary_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhY2N0XzEiLCJzY29wZSI6ImF1ZGlvOmFsbCJ9.c2lnbmF0dXJlLXBhcnQ'

function capture(level: 'debug' | 'info' | 'warn' | 'error' = 'debug') {
  const lines: string[] = []
  const logger = createLogger({ sink: (line) => lines.push(line), level, scope: 'test' })
  return { lines, logger, text: () => lines.join('\n') }
}

describe('redact', () => {
  it('masks Authorization header values in headers objects, whatever the case', () => {
    const out = redact({
      headers: { Authorization: `Bearer ${CANARY}`, 'content-type': 'application/json' },
      more: { AUTHORIZATION: 'Basic dXNlcjpwYXNz' },
    }) as { headers: Record<string, string>; more: Record<string, string> }
    expect(out.headers.Authorization).toBe(REDACTED)
    expect(out.headers['content-type']).toBe('application/json')
    expect(out.more.AUTHORIZATION).toBe(REDACTED)
  })

  it('masks secret-named fields at any depth, including inside arrays', () => {
    const out = redact({
      a: { b: [{ apiKey: 'anything-at-all', c: { token: 'x1234', password: 'hunter2' } }] },
      accessToken: 'opaque',
      secret: 'shh',
      key: 'k',
      api_key: 'k2',
    })
    const text = JSON.stringify(out)
    for (const v of ['anything-at-all', 'x1234', 'hunter2', 'opaque', 'shh', '"k"', 'k2']) {
      expect(text).not.toContain(v)
    }
  })

  it('masks sk_ keys, Bearer values and JWT-shaped tokens inside free text', () => {
    const text = redact(
      `calling with Authorization: Bearer ${CANARY} then key ${CANARY}, token ${JWT} end`,
    ) as string
    expect(text).not.toContain(CANARY)
    expect(text).not.toContain('eyJzdWIi')
    expect(text).toContain('calling with')
    expect(text).toContain('end')
  })

  it('masks a Bearer value that is not sk_-shaped', () => {
    expect(redact('Bearer opaque-value-123')).toBe(`Bearer ${REDACTED}`)
  })

  it('masks registered secrets that have no recognisable shape', () => {
    expect(redact('the value is plainsecret99 here', ['plainsecret99'])).toBe(
      `the value is ${REDACTED} here`,
    )
  })

  it('keeps ordinary values, numbers and booleans as they are', () => {
    expect(redact({ status: 429, ok: false, requestId: 'req_123', name: 'George' })).toEqual({
      status: 429,
      ok: false,
      requestId: 'req_123',
      name: 'George',
    })
  })

  it('serialises errors with their message, stack and cause redacted', () => {
    const error = new Error(`failed with ${CANARY}`, { cause: new Error(`inner Bearer ${JWT}`) })
    const text = JSON.stringify(redact({ error }))
    expect(text).toContain('failed with')
    expect(text).not.toContain(CANARY)
    expect(text).not.toContain('eyJzdWIi')
  })

  it('survives circular structures and binary payloads', () => {
    const a: Record<string, unknown> = { name: 'a' }
    a.self = a
    expect(redact({ a, bytes: new Uint8Array(10) })).toEqual({
      a: { name: 'a', self: '[circular]' },
      bytes: '[10 bytes]',
    })
  })
})

describe('createLogger', () => {
  it('writes one JSON line per entry with time, level, scope, message and fields', () => {
    const { lines, logger } = capture()
    logger.info('voice list fetched', { count: 3 })
    expect(lines).toHaveLength(1)
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>
    expect(entry.level).toBe('info')
    expect(entry.scope).toBe('test')
    expect(entry.message).toBe('voice list fetched')
    expect(entry.fields).toEqual({ count: 3 })
    expect(new Date(entry.time as string).toString()).not.toBe('Invalid Date')
  })

  it('drops lines under the configured level', () => {
    const { lines, logger } = capture('warn')
    logger.debug('d')
    logger.info('i')
    logger.warn('w')
    logger.error('e')
    expect(lines.map((l) => (JSON.parse(l) as { level: string }).level)).toEqual(['warn', 'error'])
  })

  it('children extend the scope and share the secret registry both ways', () => {
    const { lines, logger } = capture()
    const child = logger.child('upstream')
    child.addSecret('plain-opaque-secret-value')
    logger.info('parent sees plain-opaque-secret-value')
    child.child('http').warn('grandchild', { note: 'plain-opaque-secret-value' })
    expect(lines.join('\n')).not.toContain('plain-opaque-secret-value')
    expect((JSON.parse(lines[1]!) as { scope: string }).scope).toBe('test.upstream.http')
  })

  it('never lets the canary key through a message, fields, errors or headers', () => {
    const { text, logger } = capture()
    logger.addSecret(CANARY)
    logger.debug(`request with ${CANARY}`)
    logger.info('headers', { headers: { authorization: `Bearer ${CANARY}` } })
    logger.warn('url', { url: `http://127.0.0.1/v1/voices?key=${CANARY}` })
    logger.error('failed', { error: new Error(`Bearer ${CANARY} rejected`) })
    logger.error('odd shape', {
      list: [CANARY.split('').join('')],
      nested: { deep: { v: CANARY } },
    })
    expect(text()).not.toContain(CANARY)
    expect(text()).not.toContain(CANARY.slice(3))
  })

  it('masks a registered secret that needs JSON escaping', () => {
    const { text, logger } = capture()
    const odd = 'we"ird\\secret'
    logger.addSecret(odd)
    logger.info(`x ${odd} y`, { v: odd })
    expect(text()).not.toContain('ird')
  })

  it('ignores secrets too short to be meaningful', () => {
    const { lines, logger } = capture()
    logger.addSecret('ab')
    logger.info('about a cab')
    expect((JSON.parse(lines[0]!) as { message: string }).message).toBe('about a cab')
  })

  it('does not throw when the sink throws', () => {
    const logger = createLogger({
      sink: () => {
        throw new Error('EPIPE')
      },
    })
    expect(() => logger.error('x')).not.toThrow()
  })
})
