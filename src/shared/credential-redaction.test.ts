import { describe, expect, it } from 'vitest'
import { maskCredentials, maskStrings, REDACTED } from './credential-redaction'

// Random-looking key bodies made at run time, so the repository holds nothing shaped like a key.
const part = (length: number): string =>
  Array.from({ length }, (_, i) => 'Q7dmW2xPz9LkV4bN8cRtJ3eH'[(i * 7 + length) % 24]).join('')

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLXBhcnQ'

describe('maskCredentials', () => {
  it.each([
    ['Authorization: Bearer abc', `Authorization: ${REDACTED}`],
    ['{"authorization":"Basic dXNlcjpwYXNz"}', `{"authorization":"${REDACTED}"}`],
    [`Bearer sk_live_${part(12)}`, `Bearer ${REDACTED}`],
    ['bearer opaque-value-123', `bearer ${REDACTED}`],
    [`Bearer ${JWT}`, `Bearer ${REDACTED}`],
    [`key sk_test_${part(24)} here`, `key ${REDACTED} here`],
    [`token ${JWT}.`, `token ${REDACTED}.`],
    [
      'https://x.test/cb?access_token=Zp81Lq0vQw3eRt5y&x=1',
      `https://x.test/cb?access_token=${REDACTED}&x=1`,
    ],
    ['api_key="AbCdEfGhIjKlMnOp1234"', `api_key="${REDACTED}"`],
    ['password: hunter2-hunter2-hunter2', `password: ${REDACTED}`],
  ])('masks %j', (text, masked) => {
    expect(maskCredentials(text)).toBe(masked)
  })

  it.each([
    'The bearer of well-known news arrived.',
    'Basic instructions for the narrator.',
    'Folder /home/ana/sk_project/chapter-1.wav',
    'The key to the token booth is a secret.',
    'token=expired, key=chapter-one',
    'keyHint: sk_…abcd',
    'req_01HZX3R5Y2K9',
    'Eyjafjallajökull erupted in 2010.',
  ])('leaves prose and ids alone: %j', (text) => {
    expect(maskCredentials(text)).toBe(text)
  })
})

describe('maskStrings', () => {
  it('masks every string, keys included, copying only what changed', () => {
    const bytes = new Uint8Array([1, 2, 3])
    const untouched = { name: 'Ava', tags: ['warm'] }
    const value = {
      voice: untouched,
      audio: bytes,
      details: { requestId: `Bearer ${JWT}`, fields: { [`key=AbCdEfGhIjKlMnOp1234`]: 'x' } },
    }
    const out = maskStrings(value)
    expect(out).toEqual({
      voice: { name: 'Ava', tags: ['warm'] },
      audio: bytes,
      details: { requestId: `Bearer ${REDACTED}`, fields: { [`key=${REDACTED}`]: 'x' } },
    })
    expect(out.voice).toBe(untouched)
    expect(out.audio).toBe(bytes)
    expect(value.details.requestId).toBe(`Bearer ${JWT}`)
  })

  it('masks an object shared by two fields in both places, and survives a cycle', () => {
    const shared = { note: `Bearer ${JWT}` }
    const cyclic: Record<string, unknown> = { token: JWT }
    cyclic.self = cyclic
    const out = maskStrings({ a: shared, b: shared, c: cyclic })
    expect(out.a).toEqual({ note: `Bearer ${REDACTED}` })
    expect(out.b).toBe(out.a)
    expect(JSON.stringify([out.a, out.b, out.c.token])).not.toContain('eyJ')
  })

  it('keeps a field named __proto__ a plain field', () => {
    const value = JSON.parse(`{"__proto__": {"t": "Bearer ${JWT}"}}`) as Record<string, unknown>
    const out = maskStrings(value)
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({
      t: `Bearer ${REDACTED}`,
    })
  })
})
