import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../shared/errors'
import { runCli } from '../cli/run'
import { APP_SENDER, createTestRuntime } from '../test-support'
import { closeServer, listenOnLoopback } from '../testing/loopback-server'
import type { Handlers } from './dispatch'
import { createDispatcher } from './dispatch'

// A service that echoes the Authorization header it receives into everything it answers: the
// request id header, the body's request id, its message and its field errors.
// Made at run time, so the repository holds nothing shaped like a real key.
const SECRET_PART = randomBytes(16).toString('base64url').replace(/[-_]/g, 'x')
const KEY = `sk_live_${SECRET_PART}`

/** Every 6-character piece of the key's secret part: none may reach the page or the terminal. */
function piecesOfKey(): string[] {
  const pieces: string[] = []
  for (let i = 0; i + 6 <= SECRET_PART.length; i++) pieces.push(SECRET_PART.slice(i, i + 6))
  return pieces
}

function expectNoPartOfKey(text: string): void {
  const found = piecesOfKey().filter((piece) => text.includes(piece))
  expect(found, 'pieces of the key in what left main').toEqual([])
}

function echoAuthorization(req: IncomingMessage, res: ServerResponse): void {
  const auth = req.headers.authorization ?? ''
  res.writeHead(400, { 'content-type': 'application/json', 'x-request-id': auth })
  res.end(
    JSON.stringify({
      error: {
        code: 'invalid_request',
        message: `header ${auth} was not expected`,
        fields: { authorization: auth, [auth]: 'echoed as a name' },
      },
      request_id: auth,
    }),
  )
}

const server = createServer(echoAuthorization)
let baseUrl = ''
beforeAll(async () => {
  baseUrl = await listenOnLoopback(server)
})
afterAll(() => closeServer(server))

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
})

const noEmit = () => {}

describe('credentials echoed by a service never leave main', () => {
  it('account:verify against a service echoing Authorization: the error has no part of the key', async () => {
    const env = await createTestRuntime({ verifyCredential: undefined })
    cleanups.push(env.cleanup)
    const { runtime } = env
    const seen: unknown[] = []
    runtime.onEvent((event) => seen.push(event))
    await runtime.dispatch('account:setBaseUrl', { baseUrl }, APP_SENDER, noEmit)
    const set = await runtime.dispatch('account:setApiKey', { apiKey: KEY }, APP_SENDER, noEmit)
    expect(set).toMatchObject({ ok: true })
    const verified = await runtime.dispatch('account:verify', undefined, APP_SENDER, noEmit)
    // The failure itself still reaches the page, in plain words, with what support needs.
    expect(verified).toMatchObject({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^The service refused the request to list voices\./),
        details: { status: 400, upstreamCode: 'invalid_request' },
      },
    })
    // A request id with a space (the echoed "Bearer …") is not a request id: it is dropped.
    expect(!verified.ok && verified.error.details?.requestId).toBeUndefined()
    expectNoPartOfKey(JSON.stringify([set, verified, seen]))
  })

  it('the command line prints the same failure without any part of the key', async () => {
    let stdout = ''
    let stderr = ''
    const code = await runCli(['voices', 'list', '--base-url', baseUrl, '--json'], {
      io: { out: (t) => (stdout += t), err: (t) => (stderr += t) },
      env: { VOICEDESK_API_KEY: KEY },
      signal: new AbortController().signal,
    })
    expect(code).not.toBe(0)
    expect(stderr).toMatch(/^voicedesk: The service refused the request to list voices\./)
    expectNoPartOfKey(stdout + stderr)
  })

  it('results, errors and events of any handler are masked at the dispatcher', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLXBhcnQ'
    const handlers = {
      'app:getInfo': (_input: unknown, ctx: { emit: (c: string, p: unknown) => void }) => {
        ctx.emit('account:changed', { note: `Bearer ${KEY}`, bytes: new Uint8Array([1, 2]) })
        return { name: `token=${SECRET_PART}`, version: jwt, platform: 'linux' }
      },
      'app:getTheme': () => {
        throw new AppError('UPSTREAM', `The service said: Authorization: Bearer ${KEY}`, {
          details: { requestId: KEY, fields: { [`key=${SECRET_PART}`]: jwt } },
        })
      },
    } as unknown as Handlers
    const dispatch = createDispatcher({ handlers, isTrustedSender: () => true })
    const emitted: unknown[] = []
    const info = await dispatch('app:getInfo', undefined, APP_SENDER, (_c, payload) =>
      emitted.push(payload),
    )
    expect(info).toEqual({
      ok: true,
      data: { name: 'token=[redacted]', version: '[redacted]', platform: 'linux' },
    })
    expect(emitted).toEqual([{ note: 'Bearer [redacted]', bytes: new Uint8Array([1, 2]) }])
    const failed = await dispatch('app:getTheme', undefined, APP_SENDER, noEmit)
    expect(failed).toEqual({
      ok: false,
      error: {
        code: 'UPSTREAM',
        message: 'The service said: Authorization: [redacted]',
        retryable: false,
        details: { requestId: '[redacted]', fields: { 'key=[redacted]': '[redacted]' } },
      },
    })
    expectNoPartOfKey(JSON.stringify([info, emitted, failed]))
    expect(JSON.stringify([info, failed])).not.toContain('eyJ')
  })
})
