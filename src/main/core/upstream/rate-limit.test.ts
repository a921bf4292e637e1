import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { withRetry } from './retry'
import { createSynthesisScheduler } from './scheduler'
import type { Harness } from './test/helpers'
import { startHarness } from './test/helpers'
import type { ManualClock } from '../../testing/manual-clock'
import { createManualClock } from '../../testing/manual-clock'
import type { UpstreamClient } from './upstream-client'

function rateLimited(retryAfterMs?: number): AppError {
  return new AppError('RATE_LIMITED', 'busy', {
    retryable: true,
    details: {
      status: 429,
      requestId: 'req-429',
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    },
  })
}

/** A scheduler at 50 requests a second on a clock that moves on by itself; `jitter` is its random draw. */
function pausingScheduler(maxInFlight: number, jitter: number) {
  const clock = createManualClock(undefined, { autoAdvance: true })
  const scheduler = createSynthesisScheduler(
    { requestsPerSecond: 50, maxInFlight },
    { clock, random: () => jitter },
  )
  return { clock, scheduler }
}

describe('a 429 costs what the service asks, no more', () => {
  it('pauses for exactly the Retry-After; 429s of requests in flight together extend one pause', () => {
    const { clock, scheduler } = pausingScheduler(8, 0)
    const t0 = clock.now()
    for (let i = 0; i < 8; i++) scheduler.noteRateLimited(1000)
    const stats = scheduler.stats()
    expect(stats.rateLimited).toBe(8)
    expect(stats.pausedUntil! - t0).toBe(1000)
    // One refusal of a burst halves concurrency once, not down to 1.
    expect(stats.concurrency).toBe(4)
  })

  it('adds at most the documented jitter', () => {
    const { clock, scheduler } = pausingScheduler(8, 0.999)
    const t0 = clock.now()
    scheduler.noteRateLimited(1000)
    expect(scheduler.stats().pausedUntil! - t0).toBeGreaterThanOrEqual(1000)
    expect(scheduler.stats().pausedUntil! - t0).toBeLessThan(1100)
  })

  it('tells listeners when a pause starts and when starts resume', async () => {
    const { clock, scheduler } = pausingScheduler(2, 0)
    const seen: (number | null)[] = []
    scheduler.onPause((waitMs) => seen.push(waitMs))
    const t0 = clock.now()
    scheduler.noteRateLimited(2000)
    // A listener that arrives during the pause (a render starting) learns what is left of it.
    const late: (number | null)[] = []
    scheduler.onPause((waitMs) => late.push(waitMs))
    await scheduler.run(() => Promise.resolve())
    expect(seen).toEqual([2000, null])
    expect(late).toEqual([2000, null])
    // The run waited the pause out once: its timer was re-armed (to keep the process alive while
    // the run waits), not added to.
    expect(clock.now() - t0).toBe(2000)
    expect(clock.pendingTimers()).toBe(0)
  })

  it('does not count 429s against the retry limit, and waits only what each 429 asked', async () => {
    const clock = createManualClock(undefined, { autoAdvance: true })
    let calls = 0
    const result = await withRetry(
      () => (++calls <= 6 ? Promise.reject(rateLimited(1000)) : Promise.resolve('ok')),
      {
        policy: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
        clock,
        waitOutRateLimits: true,
      },
    )
    expect(result).toBe('ok')
    expect(clock.delays).toEqual([1000, 1000, 1000, 1000, 1000, 1000])
  })

  it('without waitOutRateLimits (reads), a 429 is an attempt like any failure', async () => {
    const clock = createManualClock(undefined, { autoAdvance: true })
    let calls = 0
    const error = await withRetry(
      () => {
        calls++
        return Promise.reject(rateLimited(1000))
      },
      { policy: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 }, clock },
    ).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'RATE_LIMITED', message: 'busy' })
    expect(calls).toBe(2)
  })

  it('ends a storm at the budget with a RATE_LIMITED that names it and keeps the request id', async () => {
    const clock = createManualClock(undefined, { autoAdvance: true })
    const t0 = clock.now()
    const error = await withRetry(() => Promise.reject(rateLimited(1000)), {
      policy: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 20, rateLimitBudgetMs: 5000 },
      clock,
      waitOutRateLimits: true,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'RATE_LIMITED', details: { requestId: 'req-429' } })
    expect((error as AppError).message).toContain('at most 5 s per request (its rate-limit budget)')
    expect(clock.now() - t0).toBe(5000)
  })

  it('gives up at once when the service asks for more than the whole budget', async () => {
    const clock = createManualClock(undefined, { autoAdvance: true })
    const error = await withRetry(() => Promise.reject(rateLimited(3_600_000)), {
      policy: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 20 },
      clock,
      waitOutRateLimits: true,
    }).catch((e: unknown) => e)
    expect((error as AppError).message).toContain('The service asked VoiceDesk to wait 60 min')
    expect((error as AppError).message).toContain('at most 10 min per request')
    expect(clock.delays).toEqual([])
  })
})

describe('the resume timer of a pause', () => {
  const limits = { requestsPerSecond: 50, maxInFlight: 2 }

  it('is one timer, re-armed when the pause grows, never stacked', () => {
    const clock = createManualClock(0)
    const scheduler = createSynthesisScheduler(limits, { clock, random: () => 0 })
    scheduler.noteRateLimited(1000)
    scheduler.noteRateLimited(5000)
    scheduler.pauseFor(8000)
    expect(clock.pendingTimers()).toBe(1)
    clock.advance(8000)
    expect(scheduler.stats().pausedUntil).toBeNull()
    expect(clock.pendingTimers()).toBe(0)
  })

  it('keeps the process alive only while a request waits for the pause to end', async () => {
    const clock = createManualClock(0)
    const scheduler = createSynthesisScheduler(limits, { clock, random: () => 0 })
    scheduler.noteRateLimited(3_600_000)
    // Nothing queued (the request gave up): the pause still holds new starts, on an unref'd timer.
    expect(clock.pendingTimers()).toBe(1)
    expect(clock.pendingTimers({ keepAlive: true })).toBe(0)
    const abort = new AbortController()
    const queued = scheduler.run(() => Promise.resolve('ran'), { signal: abort.signal })
    expect(clock.pendingTimers({ keepAlive: true })).toBe(1)
    abort.abort()
    await expect(queued).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(clock.pendingTimers({ keepAlive: true })).toBe(0)
    expect(scheduler.stats().pausedUntil).toBe(3_600_000)
    // A request queued later is held exactly as long as the service asked, then runs.
    const later = scheduler.run(() => Promise.resolve('ran'))
    clock.advance(3_599_999)
    expect(scheduler.stats().pausedUntil).toBe(3_600_000)
    clock.advance(1)
    await expect(later).resolves.toBe('ran')
    expect(clock.pendingTimers()).toBe(0)
  })

  it('is cancelled by close()', () => {
    const clock = createManualClock(0)
    const scheduler = createSynthesisScheduler(limits, { clock, random: () => 0 })
    scheduler.noteRateLimited(3_600_000)
    scheduler.close()
    expect(clock.pendingTimers()).toBe(0)
  })
})

describe('429 storms against the sandbox', () => {
  let h: Harness
  let clock: ManualClock
  let client: UpstreamClient

  beforeAll(async () => {
    h = await startHarness()
  })
  afterEach(() => h.sandbox.clearFaults())
  afterAll(async () => {
    await h?.stop()
  })

  const makeClient = (rateLimitBudgetMs?: number): UpstreamClient => {
    clock = createManualClock(undefined, { autoAdvance: true })
    client = h.makeClient({
      clock,
      scheduler: createSynthesisScheduler(
        { requestsPerSecond: 100, maxInFlight: 4 },
        { clock, random: () => 0 },
      ),
      ...(rateLimitBudgetMs === undefined ? {} : { retry: { rateLimitBudgetMs } }),
    })
    return client
  }

  /** Speaks a short line that must end in RATE_LIMITED, and returns that error. */
  const rateLimitedSpeech = async (): Promise<AppError> => {
    const error = await client
      .synthesize({ input: 'Hello.', voiceId: 'olivia', format: 'pcm' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'RATE_LIMITED' })
    return error as AppError
  }

  it('N 429s with Retry-After 1 cost exactly N s of waiting, and the request goes through', async () => {
    makeClient()
    h.sandbox.clearRequestLog()
    h.sandbox.setFaults({ rateLimitStorm: 7, stormRetryAfterSeconds: 1 })
    const t0 = clock.now()
    const result = await client.synthesize({ input: 'Hello.', voiceId: 'olivia', format: 'pcm' })
    expect(result.audio.byteLength).toBeGreaterThan(0)
    expect(clock.now() - t0).toBe(7000)
    const statuses = h.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' }).map((e) => e.status)
    expect(statuses).toEqual([429, 429, 429, 429, 429, 429, 429, 200])
  })

  it('a storm longer than the budget ends with RATE_LIMITED naming the budget', async () => {
    makeClient(20_000)
    h.sandbox.clearRequestLog()
    h.sandbox.setFaults({ rateLimitStorm: 1000, stormRetryAfterSeconds: 1 })
    const t0 = clock.now()
    const error = await rateLimitedSpeech()
    expect(error.message).toContain('20 s per request (its rate-limit budget)')
    expect(error.details?.requestId).toEqual(expect.any(String))
    expect(clock.now() - t0).toBe(20_000)
    expect(h.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toHaveLength(21)
  })

  it('a 429 asking for an hour ends the request at once and leaves nothing holding the process', async () => {
    // The client builds its own scheduler here, so close() is what must end its pause timer.
    clock = createManualClock(undefined, { autoAdvance: true })
    client = h.makeClient({ clock })
    h.sandbox.setFaults({ rateLimitStorm: 1000, stormRetryAfterSeconds: 3600 })
    const t0 = clock.now()
    const error = await rateLimitedSpeech()
    expect(error.message).toContain('The service asked VoiceDesk to wait 60 min')
    expect(error.message).toContain('Try again in 60 min')
    expect(clock.now()).toBe(t0)
    // New starts stay held for what the service asked, without keeping a process alive.
    expect(client.scheduler.stats().pausedUntil! - t0).toBeGreaterThanOrEqual(3_600_000)
    expect(clock.pendingTimers({ keepAlive: true })).toBe(0)
    client.close()
    expect(clock.pendingTimers()).toBe(0)
  })
})
