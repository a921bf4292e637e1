import PQueue from 'p-queue'
import type { PlanLimits } from '../../../shared/domain/account'
import { AppError } from '../../../shared/errors'
import { cancelledError } from './http'

/** What the scheduler has done so far (for the UI, logs, tests and benchmarks). */
export interface SchedulerStats {
  /** Requests handed to the network. */
  started: number
  /** Requests holding a slot right now (sent and not finished). */
  inFlight: number
  /** Highest `inFlight` ever seen. */
  maxInFlightSeen: number
  /** Requests waiting for a slot. */
  queued: number
  /** 429 answers reported by callers. */
  rateLimited: number
  /** New starts are paused until this time (ms since epoch), or null. */
  pausedUntil: number | null
  /** Concurrency in use now: lowered after 429s, raised back after successes. */
  concurrency: number
  limits: PlanLimits
}

/** The account-wide gate every synthesis request (speech and stream) goes through. */
export interface SynthesisScheduler {
  /**
   * Runs `task` once a slot is free and the rate window allows a start. The slot is held until the
   * task settles, so a stream holds it until its last byte. A queued task whose signal fires is
   * dropped with CANCELLED.
   */
  run<T>(task: () => Promise<T>, options?: { signal?: AbortSignal; priority?: number }): Promise<T>
  /** Changes the limits (plan change). New starts wait until the old window is clear. */
  setLimits(limits: PlanLimits): void
  /** Holds all new starts for `ms` (Retry-After). Running requests continue. */
  pauseFor(ms: number): void
  /** A request got 429: pause (Retry-After, or growing backoff while 429s keep coming) and slow down. */
  noteRateLimited(retryAfterMs?: number): void
  /** A request went through: the 429 streak ends, concurrency climbs back. */
  noteSuccess(): void
  stats(): SchedulerStats
}

export interface SchedulerOptions {
  /**
   * Added to each rate window. Why: the service counts starts by its own clock, at arrival; a
   * request on a fresh connection arrives later than one on a warm socket, so two starts that are
   * exactly one window apart here can land inside one window there.
   */
  safetyMarginMs?: number
  /** Longest pause a 429 streak can cause without Retry-After. */
  maxBackoffMs?: number
}

interface Window {
  cap: number
  intervalMs: number
}

/** At most `r` starts in any 1 s window; below 1 req/s, one start per 1/r s. */
export function rateWindow(limits: PlanLimits, marginMs: number): Window {
  const r = limits.requestsPerSecond
  if (r >= 1) return { cap: Math.floor(r), intervalMs: 1000 + marginMs }
  return { cap: 1, intervalMs: Math.ceil(1000 / r) + marginMs }
}

/**
 * Creates the scheduler on p-queue in strict mode, a true sliding window ("no more than cap
 * starts in any interval"), which is what the service enforces; p-queue's default mode resets a
 * counter at fixed boundaries and would allow 2x the rate across a boundary.
 */
export function createSynthesisScheduler(
  initial: PlanLimits,
  options: SchedulerOptions = {},
): SynthesisScheduler {
  const margin = options.safetyMarginMs ?? 40
  const maxBackoff = options.maxBackoffMs ?? 8000
  let limits = { ...initial }
  let concurrency = limits.maxInFlight
  let pausedUntil = 0
  let resumeTimer: NodeJS.Timeout | undefined
  let handoff: Promise<void> | undefined
  let streak = 0
  let successes = 0
  const counters = { started: 0, inFlight: 0, maxInFlightSeen: 0, rateLimited: 0 }

  const build = (autoStart: boolean): PQueue => {
    const w = rateWindow(limits, margin)
    return new PQueue({
      concurrency,
      intervalCap: w.cap,
      interval: w.intervalMs,
      strict: true,
      autoStart,
    })
  }
  let queue = build(true)

  const isPaused = (): boolean => Date.now() < pausedUntil
  const resumeIfAllowed = (): void => {
    if (isPaused()) {
      // Why re-arm: a timer runs on the monotonic clock and may fire a little before Date.now()
      // reaches `pausedUntil`; without a new timer the queue would stay paused for good.
      clearTimeout(resumeTimer)
      resumeTimer = setTimeout(resumeIfAllowed, Math.max(1, pausedUntil - Date.now()))
      return
    }
    if (handoff === undefined) queue.start()
  }

  function pauseFor(ms: number): void {
    if (!(ms > 0)) return
    const until = Date.now() + ms
    if (until <= pausedUntil) return
    pausedUntil = until
    queue.pause()
    clearTimeout(resumeTimer)
    // Not unref'd: work waiting in a paused queue holds no other handle, and a process (the CLI)
    // must not exit while it waits for the pause to end.
    resumeTimer = setTimeout(resumeIfAllowed, ms)
  }

  function setConcurrency(next: number): void {
    concurrency = Math.max(1, Math.min(limits.maxInFlight, next))
    queue.concurrency = concurrency
  }

  return {
    async run<T>(
      task: () => Promise<T>,
      runOptions: { signal?: AbortSignal; priority?: number } = {},
    ) {
      const { signal } = runOptions
      if (signal?.aborted) throw cancelledError()
      // Why the result goes through a box and not through p-queue: p-queue keeps up to a hundred
      // or more finished tasks in its queue array until it compacts it, and with them the promise
      // each was resolved with. A speech answer is megabytes of audio; a long render would keep
      // hundreds of megabytes alive. The box is emptied as soon as the result is handed on.
      const box: { result?: T } = {}
      try {
        await queue.add(
          async () => {
            if (signal?.aborted) throw cancelledError()
            counters.started++
            counters.inFlight++
            counters.maxInFlightSeen = Math.max(counters.maxInFlightSeen, counters.inFlight)
            try {
              box.result = await task()
            } finally {
              counters.inFlight--
            }
          },
          { signal, priority: runOptions.priority ?? 0 },
        )
        const result = box.result as T
        delete box.result
        return result
      } catch (error) {
        if (error instanceof AppError) throw error
        if (signal?.aborted) throw cancelledError()
        throw error
      }
    },

    setLimits(next) {
      if (
        next.requestsPerSecond === limits.requestsPerSecond &&
        next.maxInFlight === limits.maxInFlight
      ) {
        return
      }
      const old = queue
      const oldWindow = rateWindow(limits, margin)
      limits = { ...next }
      concurrency = limits.maxInFlight
      // Why a hand-over and not a live change: p-queue cannot change its window in place, and two
      // queues running side by side would exceed the account's limits together. The new queue
      // starts once the old one is idle and its last window has passed.
      queue = build(false)
      const current = queue
      handoff = old
        .onIdle()
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, oldWindow.intervalMs)))
        .then(() => {
          if (queue === current) {
            handoff = undefined
            resumeIfAllowed()
          }
        })
    },

    pauseFor,

    noteRateLimited(retryAfterMs) {
      counters.rateLimited++
      streak++
      successes = 0
      setConcurrency(Math.floor(concurrency / 2))
      // Another client may share the account: while 429s keep coming, wait longer each time.
      const backoff = Math.min(maxBackoff, 250 * 2 ** (streak - 1))
      pauseFor(Math.max(retryAfterMs ?? 0, streak > 1 || retryAfterMs === undefined ? backoff : 0))
    },

    noteSuccess() {
      streak = 0
      if (concurrency < limits.maxInFlight && ++successes >= concurrency) {
        successes = 0
        setConcurrency(concurrency + 1)
      }
    },

    stats() {
      return {
        ...counters,
        queued: queue.size,
        pausedUntil: isPaused() ? pausedUntil : null,
        concurrency,
        limits: { ...limits },
      }
    },
  }
}

/** A limiter for conversation reads (separate account limit: 5/s free, 20/s paid). */
export function createReadLimiter(readsPerSecond: number, maxInFlight = 4): PQueue {
  return new PQueue({
    concurrency: maxInFlight,
    intervalCap: Math.max(1, Math.floor(readsPerSecond)),
    interval: 1000 + 40,
    strict: true,
  })
}
