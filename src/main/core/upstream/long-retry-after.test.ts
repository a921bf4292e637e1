import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AppError } from '../../../shared/errors'
import { closeServer, listenOnLoopback } from '../../testing/loopback-server'
import type { ManualClock } from '../../testing/manual-clock'
import { createManualClock, nextTimerArmed } from '../../testing/manual-clock'
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after'
import { createSynthesisScheduler } from './scheduler'
import type { UpstreamClient } from './upstream-client'
import { createUpstreamClient } from './upstream-client'

type Answer = (req: IncomingMessage, res: ServerResponse) => void

/** A 429 carrying exactly this Retry-After header (written raw, as a broken service might). */
const refused =
  (retryAfter: string): Answer =>
  (_req, res) => {
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter })
    res.end(JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down.' } }))
  }

/** A speech answer: 0.1 s of PCM silence. */
const spoken: Answer = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_ok' })
  res.end(
    JSON.stringify({
      audio_data: Buffer.alloc(4800).toString('base64'),
      audio_format: 'pcm',
      billable_characters_count: 6,
    }),
  )
}

/** Answers each speech request with the next queued answer (then `spoken`), and counts them. */
const answers: Answer[] = []
let speechRequests = 0
const server = createServer((req, res) => {
  req.resume()
  req.once('end', () => {
    speechRequests += 1
    const answer = answers.shift() ?? spoken
    answer(req, res)
  })
})
let base = ''
beforeAll(async () => {
  base = await listenOnLoopback(server)
})
afterAll(() => closeServer(server))
beforeEach(() => {
  answers.length = 0
  speechRequests = 0
})

/** A client on the loopback service with a manual clock (jumping by itself when `auto`). */
function clientOn(clock: ManualClock): UpstreamClient {
  return createUpstreamClient({
    baseUrl: base,
    credential: { kind: 'apiKey', secret: 'sk_test_loopback_0000' },
    clock,
    scheduler: createSynthesisScheduler(
      { requestsPerSecond: 100, maxInFlight: 1 },
      { clock, random: () => 0 },
    ),
    retry: { baseDelayMs: 20, maxDelayMs: 2000 },
  })
}

const speak = (client: UpstreamClient, signal?: AbortSignal): Promise<unknown> =>
  client.synthesize({
    input: 'Hello.',
    voiceId: 'olivia',
    format: 'pcm',
    ...(signal ? { signal } : {}),
  })

const failure = (work: Promise<unknown>): Promise<AppError> =>
  work.then(
    () => {
      throw new Error('expected the synthesis to fail')
    },
    (error: unknown) => error as AppError,
  )

describe('a Retry-After longer than the rate-limit budget', () => {
  it('ends the next synthesis at once with the same message, without a request', async () => {
    // Time moves only when told: the hour's pause is still on for the second request.
    const clock = createManualClock()
    const client = clientOn(clock)
    answers.push(refused('3600'))
    const t0 = clock.now()
    const first = await failure(speak(client))
    expect(first.code).toBe('RATE_LIMITED')
    expect(first.message).toContain('The service asked VoiceDesk to wait 60 min more (HTTP 429)')
    expect(first.message).toContain('Try again in 60 min')

    const second = await failure(speak(client))
    expect(second.code).toBe('RATE_LIMITED')
    expect(second.message).toBe(first.message)
    expect(second.details).toMatchObject({ status: 429, retryAfterMs: 3_600_000 })
    expect(speechRequests).toBe(1)
    expect(clock.now()).toBe(t0)
    client.close()
  })

  it('also ends a synthesis already queued behind the request that met it', async () => {
    const clock = createManualClock()
    const client = clientOn(clock)
    // One at a time: the second request waits in the queue while the first is refused.
    let release: () => void = () => undefined
    answers.push((req, res) => {
      release = () => refused('3600')(req, res)
    })
    const firstWork = failure(speak(client))
    const queuedWork = failure(speak(client))
    while (speechRequests === 0) await new Promise((resolve) => setImmediate(resolve))
    release()
    const [first, queued] = await Promise.all([firstWork, queuedWork])
    expect(queued.message).toBe(first.message)
    expect(speechRequests).toBe(1)
    client.close()
  })

  it.each([
    ['a year-9999 date', 'Fri, 31 Dec 9999 23:59:59 GMT'],
    ['a 400-digit number', '9'.repeat(400)],
  ])('reads %s as more than a year, and ends every synthesis at once', async (_name, header) => {
    const clock = createManualClock()
    const client = clientOn(clock)
    answers.push(refused(header))
    const t0 = clock.now()
    const first = await failure(speak(client))
    expect(first.message).toContain('The service asked VoiceDesk to wait more than a year')
    expect(first.message).toContain('Try again later')
    expect(first.details?.retryAfterMs).toBe(MAX_RETRY_AFTER_MS)
    const second = await failure(speak(client))
    expect(second.message).toBe(first.message)
    expect(speechRequests).toBe(1)
    expect(clock.now()).toBe(t0)
    // The pause is a finite time the resume timer can reach (no Infinity, no NaN).
    const pausedUntil = client.scheduler.stats().pausedUntil!
    expect(Number.isFinite(pausedUntil)).toBe(true)
    expect(pausedUntil - t0).toBeLessThanOrEqual(MAX_RETRY_AFTER_MS + 100)
    client.close()
  })
})

describe('a Retry-After that is not a wait', () => {
  it.each([
    ['empty', ''],
    ['negative', '-5'],
    ['a word and a year', 'later 2099'],
    ['non-ASCII digits', '\u00b3\u00b9'],
    ['a number in another notation', '1e3'],
    ['an ISO date', '2099-01-01T00:00:00Z'],
    ['a date that does not exist', 'Mon, 31 Feb 2099 00:00:00 GMT'],
  ])('(%s) is ignored: a short backoff, then the synthesis goes through', async (_name, header) => {
    const clock = createManualClock(undefined, { autoAdvance: true })
    const client = clientOn(clock)
    answers.push(refused(header))
    const t0 = clock.now()
    await expect(speak(client)).resolves.toMatchObject({ format: 'pcm' })
    expect(speechRequests).toBe(2)
    // The scheduler's own first backoff after a 429 without a usable Retry-After.
    expect(clock.now() - t0).toBe(250)
    client.close()
  })

  it('parses each form within bounds', () => {
    const now = Date.UTC(2026, 0, 1)
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1500)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('Thursday, 01-Jan-26 00:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('Thu Jan  1 00:01:00 2026', now)).toBe(60_000)
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter(`1${'0'.repeat(20)}`, now)).toBe(MAX_RETRY_AFTER_MS)
    expect(parseRetryAfter('\uff13\uff16\uff10\uff10', now)).toBeUndefined()
    expect(parseRetryAfter('\u0663\u0660', now)).toBeUndefined()
    expect(parseRetryAfter('NaN', now)).toBeUndefined()
    expect(parseRetryAfter('Infinity', now)).toBeUndefined()
    expect(parseRetryAfter(`Thu, 01 Jan 2026 00:01:00 GMT${' '.repeat(40)}x`, now)).toBeUndefined()
  })
})

describe('a Retry-After within the budget', () => {
  it('is told to the progress listeners and can be cancelled at once', async () => {
    const clock = createManualClock()
    const client = clientOn(clock)
    const told: (number | null)[] = []
    client.scheduler.onPause((waitMs) => told.push(waitMs))
    answers.push(refused('30'))
    const abort = new AbortController()
    const armed = nextTimerArmed(clock, 30_000)
    const work = failure(speak(client, abort.signal))
    await armed
    // The refused request is back in the queue, waiting out the pause.
    while (client.scheduler.stats().queued === 0) {
      await new Promise((resolve) => setImmediate(resolve))
    }
    // What the render's progress counts down from (busyWaitMs, busyUntil).
    expect(told).toEqual([30_000])
    const t0 = clock.now()
    abort.abort()
    const error = await work
    expect(error.code).toBe('CANCELLED')
    expect(clock.now()).toBe(t0)
    expect(speechRequests).toBe(1)
    // A request made later, within the pause, waits it (it is not refused) and then runs.
    const later = speak(client)
    clock.advance(30_000)
    await expect(later).resolves.toMatchObject({ format: 'pcm' })
    expect(speechRequests).toBe(2)
    client.close()
  })
})
