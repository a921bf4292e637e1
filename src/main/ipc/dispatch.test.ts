import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../shared/errors'
import type { InvokeChannel } from '../../shared/ipc/contract'
import { invokes } from '../../shared/ipc/contract'
import { APP_SENDER, createTestRuntime } from '../test-support'
import type { Emit } from './dispatch'

const channels = Object.keys(invokes) as InvokeChannel[]
const noEmit: Emit = () => {}

let env: Awaited<ReturnType<typeof createTestRuntime>>
beforeEach(async () => {
  env = await createTestRuntime()
})
afterEach(async () => {
  await env.cleanup()
})

const malformed: unknown[] = [
  42,
  'text',
  true,
  null,
  [],
  [1, 2],
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
  { apiKey: 12345678, token: ['x'], url: {}, baseUrl: 1, plan: 'enterprise' },
  { url: 'x'.repeat(100_000), apiKey: 'k'.repeat(100_000), token: 't'.repeat(100_000) },
  new Date(0),
  () => 1,
  Symbol('s'),
  BigInt(1),
]

describe('dispatcher: malformed input', () => {
  it.each(channels)(
    '%s rejects malformed input with VALIDATION_FAILED and calls nothing',
    async (channel) => {
      for (const input of malformed) {
        const result = await env.runtime.dispatch(channel, input, APP_SENDER, noEmit)
        expect(result.ok, `${channel} accepted ${String(typeof input)}`).toBe(false)
        if (!result.ok) expect(result.error.code).toBe('VALIDATION_FAILED')
      }
      expect(env.verifyCalls).toEqual([])
      expect(env.opened).toEqual([])
      expect(env.runtime.services.account.getStatus().credential).toBe('none')
      expect(Object.prototype).not.toHaveProperty('polluted')
    },
  )

  it('refuses an unknown channel, including prototype names', async () => {
    for (const channel of [
      'nope:nothing',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
    ]) {
      const result = await env.runtime.dispatch(channel, undefined, APP_SENDER, noEmit)
      expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
    }
  })

  it('reports which field was wrong', async () => {
    const result = await env.runtime.dispatch(
      'account:setApiKey',
      { apiKey: 'short' },
      APP_SENDER,
      noEmit,
    )
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', details: { fields: { apiKey: expect.any(String) } } },
    })
  })
})

describe('dispatcher: sender check', () => {
  const untrusted = [
    ['a sub-frame', { ...APP_SENDER, isMainFrame: false }],
    ['a webview', { ...APP_SENDER, isWebview: true }],
    ['a foreign origin', { ...APP_SENDER, url: 'https://evil.example/' }],
    ['a lost frame', { ...APP_SENDER, url: '', isMainFrame: false }],
  ] as const

  it.each(untrusted)(
    '%s gets FORBIDDEN_SENDER on every channel, even with valid input',
    async (_name, sender) => {
      const valid: Partial<Record<InvokeChannel, unknown>> = {
        'app:openExternal': { url: 'https://example.com' },
        'account:setApiKey': { apiKey: 'sk_test_12345678' },
        'account:setBaseUrl': { baseUrl: 'https://example.com' },
        'account:setPlan': { plan: 'paid' },
        'account:setAccessToken': { token: 'a'.repeat(20) },
      }
      for (const channel of channels) {
        const result = await env.runtime.dispatch(channel, valid[channel], sender, noEmit)
        expect(result).toEqual({
          ok: false,
          error: { code: 'FORBIDDEN_SENDER', message: expect.any(String), retryable: false },
        })
      }
      expect(env.opened).toEqual([])
      expect(env.verifyCalls).toEqual([])
      expect(env.runtime.services.account.getStatus().credential).toBe('none')
    },
  )
})

describe('dispatcher: fuzz', () => {
  const payload = fc.oneof(
    fc.anything({
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withNullPrototype: true,
      withSparseArray: true,
    }),
    fc.dictionary(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'apiKey',
        'token',
        'url',
        'baseUrl',
        'plan',
        'customLimits',
        'toString',
      ),
      fc.anything(),
    ),
    fc.record(
      {
        apiKey: fc.string({ maxLength: 600 }),
        token: fc.string(),
        url: fc.string({ maxLength: 3000 }),
        baseUrl: fc.string(),
      },
      { requiredKeys: [] },
    ),
    fc
      .string({ minLength: 0, maxLength: 200_000 })
      .map((s) => ({ url: s, apiKey: s, token: s, baseUrl: s })),
    fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.dictionary(fc.string(), tie('node')),
      ),
    })).node,
  )

  it('never throws, always answers a Result, never INTERNAL for bad input', async () => {
    const seen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...channels), payload, async (channel, input) => {
        const result = await env.runtime.dispatch(channel, input, APP_SENDER, noEmit)
        expect(typeof result.ok).toBe('boolean')
        seen.add(result.ok ? 'ok' : result.error.code)
        if (!result.ok) {
          expect(ERROR_CODES).toContain(result.error.code)
          expect(result.error.code).not.toBe('INTERNAL')
          expect(typeof result.error.message).toBe('string')
          expect(result.error.message.length).toBeGreaterThan(0)
        }
        expect(Object.prototype).not.toHaveProperty('polluted')
      }),
      { numRuns: 300 },
    )
    expect(seen).toContain('VALIDATION_FAILED')
  })

  it('reaches the handlers too: no channel answers INTERNAL, and some succeed, with no input', async () => {
    // Random payloads rarely pass a schema, so whether the fuzz reached a handler is left to
    // chance; this sweep makes sure every handler behind an input-free call answers cleanly.
    const codes = new Set<string>()
    for (const channel of channels) {
      const result = await env.runtime.dispatch(channel, undefined, APP_SENDER, noEmit)
      codes.add(result.ok ? 'ok' : result.error.code)
      if (!result.ok) expect(result.error.code, channel).not.toBe('INTERNAL')
    }
    expect(codes).toContain('ok')
  })
})
