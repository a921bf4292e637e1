import { setTimeout as delay } from 'node:timers/promises'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'
import { backoffDelay, DEFAULT_RETRY, withRetry } from './retry'
import { createSynthesisScheduler, rateWindow } from './scheduler'
import { AppError } from '../../../shared/errors'

/** Largest number of starts inside any window of `windowMs` (the service's view of the rate). */
function maxStartsInWindow(starts: number[], windowMs: number): number {
  const sorted = [...starts].sort((a, b) => a - b)
  let best = 0
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++
    best = Math.max(best, i - j + 1)
  }
  return best
}

/** A full garbage collection, from inside a test (V8's gc exposed on demand). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

describe('synthesis scheduler', () => {
  it('keeps no finished result alive (speech answers are megabytes each)', async () => {
    const scheduler = createSynthesisScheduler({ requestsPerSecond: 1000, maxInFlight: 4 })
    const refs: WeakRef<object>[] = []
    let release = (): void => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    // As in a render: a few tasks handed over at a time, a new one each time one finishes, so
    // the queue is never empty. The test keeps a count of the results, never a result.
    let added = 0
    let finished = 0
    const runs: Promise<void>[] = []
    const add = (): void => {
      const i = added++
      runs.push(
        scheduler
          .run(async () => {
            if (i >= 90) await gate
            const result = { audio: new Uint8Array(16), i }
            refs.push(new WeakRef(result))
            return result
          })
          .then((result) => {
            if (result.i >= 0) finished++
            if (added < 100) add()
          }),
      )
    }
    for (let k = 0; k < 10; k++) add()
    while (finished < 90) await delay(5)
    collectGarbage()
    const alive = refs.filter((ref) => ref.deref() !== undefined).length
    release()
    await Promise.all(runs)
    expect(finished).toBe(100)
    expect(alive).toBe(0)
  })

  it('never exceeds the rate in any 1 s window, nor the in-flight limit', async () => {
    const scheduler = createSynthesisScheduler(
      { requestsPerSecond: 5, maxInFlight: 2 },
      { safetyMarginMs: 10 },
    )
    const starts: number[] = []
    let inFlight = 0
    let maxInFlight = 0
    await Promise.all(
      Array.from({ length: 12 }, () =>
        scheduler.run(async () => {
          starts.push(performance.now())
          maxInFlight = Math.max(maxInFlight, ++inFlight)
          await delay(30)
          inFlight--
        }),
      ),
    )
    expect(starts).toHaveLength(12)
    expect(maxStartsInWindow(starts, 1000)).toBeLessThanOrEqual(5)
    expect(maxInFlight).toBe(2)
    expect(scheduler.stats()).toMatchObject({
      started: 12,
      inFlight: 0,
      maxInFlightSeen: 2,
      queued: 0,
    })
  })

  it('pauseFor holds new starts; a 429 halves concurrency and counts', async () => {
    const scheduler = createSynthesisScheduler({ requestsPerSecond: 100, maxInFlight: 8 })
    scheduler.noteRateLimited(300)
    const stats = scheduler.stats()
    expect(stats.rateLimited).toBe(1)
    expect(stats.concurrency).toBe(4)
    expect(stats.pausedUntil).not.toBeNull()
    let ran = false
    const pending = scheduler.run(() => {
      ran = true
      return Promise.resolve()
    })
    await delay(100)
    expect(ran).toBe(false)
    await pending
    expect(ran).toBe(true)
    for (let i = 0; i < 4; i++) scheduler.noteSuccess()
    expect(scheduler.stats().concurrency).toBe(5)
  })

  it('drops a queued task whose signal fires, with CANCELLED', async () => {
    const scheduler = createSynthesisScheduler({ requestsPerSecond: 100, maxInFlight: 1 })
    let release!: () => void
    const first = scheduler.run(() => new Promise<void>((r) => (release = r)))
    const controller = new AbortController()
    let secondRan = false
    const second = scheduler.run(
      () => {
        secondRan = true
        return Promise.resolve()
      },
      { signal: controller.signal },
    )
    controller.abort()
    await expect(second).rejects.toMatchObject({ code: 'CANCELLED' })
    release()
    await first
    expect(secondRan).toBe(false)
  })

  // A cancel that comes while a task runs: the task honours it itself (or finishes first). Before,
  // run() settled with CANCELLED at once, dropping an answer that then arrived, and freed the
  // slot so the next task started beside the one still running.
  it('a started task settles run() itself after a cancel, and holds its slot until then', async () => {
    const scheduler = createSynthesisScheduler({ requestsPerSecond: 100, maxInFlight: 1 })
    const controller = new AbortController()
    let finish!: (value: string) => void
    let settled = false
    const first = scheduler.run(() => new Promise<string>((r) => (finish = r)), {
      signal: controller.signal,
    })
    void first.then(
      () => (settled = true),
      () => (settled = true),
    )
    await delay(0)
    expect(finish).toBeTypeOf('function')
    let secondStarted = false
    const second = scheduler.run(() => {
      secondStarted = true
      return Promise.resolve('second')
    })
    controller.abort()
    await delay(20)
    expect(settled).toBe(false)
    expect(secondStarted).toBe(false)
    expect(scheduler.stats().inFlight).toBe(1)
    finish('answer already paid for')
    await expect(first).resolves.toBe('answer already paid for')
    await expect(second).resolves.toBe('second')
  })

  // On a clock the test moves (fake timers drive p-queue's window, the hand-over's pause and
  // Date.now alike): on a real one, a busy machine delays one task's first line more than the
  // other's and the measured gap says nothing about the scheduler.
  it('setLimits hands over to the new limits without overlapping the old queue', async () => {
    vi.useFakeTimers()
    try {
      const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))
      const scheduler = createSynthesisScheduler(
        { requestsPerSecond: 50, maxInFlight: 3 },
        { safetyMarginMs: 0 },
      )
      const starts: number[] = []
      const warm = scheduler.run(() => {
        starts.push(Date.now())
        return wait(5)
      })
      await vi.advanceTimersByTimeAsync(5)
      await warm
      scheduler.setLimits({ requestsPerSecond: 1, maxInFlight: 1 })
      expect(scheduler.stats().limits).toEqual({ requestsPerSecond: 1, maxInFlight: 1 })
      const both = Promise.all(
        [0, 1].map(() =>
          scheduler.run(async () => {
            starts.push(Date.now())
            await wait(5)
          }),
        ),
      )
      await vi.advanceTimersByTimeAsync(10_000)
      await both
      // The start under the old limits counts too: the service sees one account, one rate.
      expect(starts).toHaveLength(3)
      expect(maxStartsInWindow(starts, 1000)).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('windows below 1 request per second stretch the interval', () => {
    expect(rateWindow({ requestsPerSecond: 0.5, maxInFlight: 1 }, 0)).toEqual({
      cap: 1,
      intervalMs: 2000,
    })
    expect(rateWindow({ requestsPerSecond: 20, maxInFlight: 15 }, 40)).toEqual({
      cap: 20,
      intervalMs: 1040,
    })
  })
})

describe('retry', () => {
  it('backs off exponentially with jitter, prefers Retry-After, and is capped', () => {
    expect(backoffDelay(1, DEFAULT_RETRY, undefined, () => 1)).toBe(250)
    expect(backoffDelay(3, DEFAULT_RETRY, undefined, () => 1)).toBe(1000)
    expect(backoffDelay(3, DEFAULT_RETRY, undefined, () => 0)).toBe(250)
    expect(backoffDelay(20, DEFAULT_RETRY, undefined, () => 1)).toBe(DEFAULT_RETRY.maxDelayMs)
    expect(backoffDelay(1, DEFAULT_RETRY, 3000)).toBe(3000)
    expect(backoffDelay(1, DEFAULT_RETRY, 60_000)).toBe(DEFAULT_RETRY.maxDelayMs)
  })

  it('retries retryable errors up to the limit and rethrows the last one', async () => {
    let calls = 0
    const error = new AppError('UPSTREAM', 'x', { retryable: true, details: { status: 503 } })
    await expect(
      withRetry(
        () => {
          calls++
          return Promise.reject(error)
        },
        { policy: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 } },
      ),
    ).rejects.toBe(error)
    expect(calls).toBe(3)
  })

  it('does not retry a non-retryable error', async () => {
    let calls = 0
    await expect(
      withRetry(
        () => {
          calls++
          return Promise.reject(new AppError('VALIDATION_FAILED', 'no'))
        },
        { policy: DEFAULT_RETRY },
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(calls).toBe(1)
  })
})

describe('pause timers', () => {
  it('resumes even when the resume timer fires before the wall clock reaches the end of the pause', async () => {
    const scheduler = createSynthesisScheduler({ requestsPerSecond: 100, maxInFlight: 2 })
    const realNow = Date.now
    let lag = 0
    // A timer may fire a little before Date.now() reaches its deadline (monotonic vs wall clock).
    Date.now = () => realNow() - lag
    try {
      scheduler.pauseFor(30)
      lag = 10
      const done = scheduler.run(() => Promise.resolve('ran'))
      await delay(45)
      lag = 0
      const outcome = await Promise.race([done, delay(1000).then(() => 'stuck')])
      expect(outcome).toBe('ran')
    } finally {
      Date.now = realNow
    }
  })
})
