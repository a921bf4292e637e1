import PQueue from 'p-queue'
import type { PlanLimits } from '../../../shared/domain/account'
import type { ErrorDetails } from '../../../shared/errors'
import { AppError } from '../../../shared/errors'
import type { Clock } from '../clock'
import { sleep, systemClock } from '../clock'
import { cancelledError } from './http'
import { MAX_RETRY_AFTER_MS } from './retry-after'
import { FreePlanWatch } from './free-plan-watch'
import { ServiceWait } from './service-wait'

/**
 * Most a pause after a 429 with Retry-After exceeds what the service asked. Why any: several
 * VoiceDesk processes (the app, the CLI) may share an account; a little spread keeps them from
 * all trying again in the same millisecond.
 */
export const RATE_LIMIT_JITTER_MS = 100

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
   * dropped with CANCELLED. With `longestWaitMs`, a task is refused at once with RATE_LIMITED
   * while the service's Retry-After has longer left to run, and a queued one as soon as a 429
   * asks for longer (see ServiceWait).
   */
  run<T>(task: () => Promise<T>, options?: RunOptions): Promise<T>
  /** Changes the limits (plan change). New starts wait until the old window is clear. */
  setLimits(limits: PlanLimits): void
  /** Holds all new starts for `ms` (at most MAX_RETRY_AFTER_MS). Running requests continue. */
  pauseFor(ms: number): void
  /**
   * A request got 429: new starts pause for exactly the Retry-After (plus at most
   * RATE_LIMIT_JITTER_MS), or a growing backoff when the service gave none; concurrency halves
   * once per pause. The 429s of requests that were in flight together extend the same pause
   * instead of adding to it. `details` (status, request id) go into the refusals of requests
   * that cannot wait that long.
   */
  noteRateLimited(retryAfterMs?: number, details?: ErrorDetails): void
  /**
   * Calls `listener` with the wait in ms when a pause starts or grows (at once with what is left
   * when one is under way), and with null when new starts resume. Returns the unsubscribe function.
   */
  onPause(listener: (waitMs: number | null) => void): () => void
  /** A request went through: the 429 streak ends, concurrency climbs back. */
  noteSuccess(): void
  /**
   * Calls `listener` once when the service keeps refusing a second request at once although the
   * limits allow more (a paid plan chosen for a key on the free plan; see FreePlanWatch), again
   * after new limits. Returns the unsubscribe function.
   */
  onFreePlanLimits(listener: () => void): () => void
  stats(): SchedulerStats
  /** Cancels the resume timer and stops telling listeners; requests still queued are dropped. */
  close(): void
}

/** How one task goes through the scheduler. */
export interface RunOptions {
  signal?: AbortSignal
  /** Higher starts first. */
  priority?: number
  /** Longest the service may make this task wait (its rate-limit budget); default: no limit. */
  longestWaitMs?: number
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
  /** Time source of pauses (tests pass a manual clock). */
  clock?: Clock
  /** Source of the pause jitter (tests pass `() => 0`). */
  random?: () => number
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
 * The scheduler on p-queue in strict mode, a true sliding window ("no more than cap starts in any
 * interval"), which is what the service enforces; p-queue's default mode resets a counter at
 * fixed boundaries and would allow 2x the rate across a boundary.
 */
class PacedScheduler implements SynthesisScheduler {
  private readonly margin: number
  private readonly maxBackoff: number
  private readonly clock: Clock
  private readonly random: () => number
  private readonly pauseListeners = new Set<(waitMs: number | null) => void>()
  private limits: PlanLimits
  private concurrency: number
  private pausedUntil = 0
  private cancelResume: (() => void) | undefined
  private readonly serviceWait: ServiceWait
  private readonly freePlanWatch = new FreePlanWatch()
  // Requests queued and not started: only these need the process to stay alive for a pause.
  private waiting = 0
  private handoff: Promise<void> | undefined
  private streak = 0
  private successes = 0
  private readonly counters = { started: 0, inFlight: 0, maxInFlightSeen: 0, rateLimited: 0 }
  private queue: PQueue

  constructor(initial: PlanLimits, options: SchedulerOptions) {
    this.margin = options.safetyMarginMs ?? 40
    this.maxBackoff = options.maxBackoffMs ?? 8000
    this.clock = options.clock ?? systemClock
    this.random = options.random ?? Math.random
    this.limits = { ...initial }
    this.concurrency = this.limits.maxInFlight
    this.queue = this.build(true)
    this.serviceWait = new ServiceWait(this.clock)
  }

  async run<T>(task: () => Promise<T>, runOptions: RunOptions = {}): Promise<T> {
    const { signal, longestWaitMs } = runOptions
    if (signal?.aborted) throw cancelledError()
    // Why refuse and not queue: the service asked for longer than this task may wait, so queueing
    // it would only hang the caller silently until the pause ends.
    const refusal = this.serviceWait.refusal(longestWaitMs)
    if (refusal !== null) throw refusal
    // Why the result goes through a box and not through p-queue: p-queue keeps up to a hundred
    // or more finished tasks in its queue array until it compacts it, and with them the promise
    // each was resolved with. A speech answer is megabytes of audio; a long render would keep
    // hundreds of megabytes alive. The box is emptied as soon as the result is handed on.
    const box: { result?: T } = {}
    let queued = true
    const leaveQueue = (): void => {
      if (queued) this.changeWaiting(-1)
      queued = false
    }
    this.changeWaiting(1)
    // Why the queue gets its own signal, fired only while the task waits: p-queue races a running
    // task against the signal it was given and settles at once on abort, with the task still in
    // flight. The caller would then see CANCELLED while a speech answer that was already paid
    // for is still arriving (and is dropped instead of cached), a file the task is creating
    // appears after the caller cleaned up, and the freed slot lets a new request start beside
    // the old one. Once started, the task's own outcome is the answer: it honours the signal
    // itself (the request is aborted), so a cancel is no slower.
    const whileQueued = new AbortController()
    const onAbort = (): void => {
      if (queued) whileQueued.abort(cancelledError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    const unwatch = this.serviceWait.watch(longestWaitMs, (error) => {
      if (queued) whileQueued.abort(error)
    })
    try {
      await this.queue.add(
        async () => {
          leaveQueue()
          if (signal?.aborted) throw cancelledError()
          box.result = await this.counted(task)
        },
        { signal: whileQueued.signal, priority: runOptions.priority ?? 0 },
      )
      const result = box.result as T
      delete box.result
      return result
    } catch (error) {
      if (error instanceof AppError) throw error
      if (signal?.aborted) throw cancelledError()
      throw error
    } finally {
      signal?.removeEventListener('abort', onAbort)
      unwatch()
      leaveQueue()
    }
  }

  setLimits(next: PlanLimits): void {
    const { limits } = this
    if (
      next.requestsPerSecond === limits.requestsPerSecond &&
      next.maxInFlight === limits.maxInFlight
    ) {
      return
    }
    const old = this.queue
    const oldWindow = rateWindow(limits, this.margin)
    this.limits = { ...next }
    this.concurrency = next.maxInFlight
    this.freePlanWatch.reset()
    // Why a hand-over and not a live change: p-queue cannot change its window in place, and two
    // queues running side by side would exceed the account's limits together. The new queue
    // starts once the old one is idle and its last window has passed.
    const current = this.build(false)
    this.queue = current
    this.handoff = old
      .onIdle()
      .then(() => sleep(this.clock, oldWindow.intervalMs))
      .then(() => {
        if (this.queue === current) {
          this.handoff = undefined
          this.resumeIfAllowed()
        }
      })
  }

  pauseFor(ms: number): void {
    if (!(ms > 0)) return
    // Why a bound: an endless pause (Infinity from a broken header) would never end nor re-arm.
    const until = this.clock.now() + Math.min(ms, MAX_RETRY_AFTER_MS + RATE_LIMIT_JITTER_MS)
    if (until <= this.pausedUntil) return
    this.pausedUntil = until
    this.queue.pause()
    this.armResume()
    this.tellPause(ms)
  }

  noteRateLimited(retryAfterMs?: number, details?: ErrorDetails): void {
    this.counters.rateLimited++
    this.successes = 0
    this.freePlanWatch.refused(details, {
      inFlight: this.counters.inFlight,
      maxInFlight: this.limits.maxInFlight,
    })
    // Why once per pause: the requests in flight together get their 429s together; counting
    // each would halve concurrency down to 1 and grow the backoff for what is one refusal.
    if (!this.isPaused()) {
      this.streak++
      this.setConcurrency(Math.floor(this.concurrency / 2))
    }
    if (retryAfterMs !== undefined) {
      // Wait what the service asks, no more: its Retry-After already says when it has room.
      const jitter = Math.floor(this.random() * RATE_LIMIT_JITTER_MS)
      this.pauseFor(Math.max(0, retryAfterMs) + jitter)
      this.serviceWait.asked(retryAfterMs, details)
      return
    }
    // No Retry-After: another client may share the account; wait longer each time.
    this.pauseFor(Math.min(this.maxBackoff, 250 * 2 ** (this.streak - 1)))
  }

  onPause(listener: (waitMs: number | null) => void): () => void {
    this.pauseListeners.add(listener)
    if (this.isPaused()) listener(this.pausedUntil - this.clock.now())
    return () => this.pauseListeners.delete(listener)
  }

  onFreePlanLimits(listener: () => void): () => void {
    return this.freePlanWatch.onNoticed(listener)
  }

  noteSuccess(): void {
    this.streak = 0
    if (this.concurrency < this.limits.maxInFlight && ++this.successes >= this.concurrency) {
      this.successes = 0
      this.setConcurrency(this.concurrency + 1)
    }
  }

  stats(): SchedulerStats {
    return {
      ...this.counters,
      queued: this.queue.size,
      pausedUntil: this.isPaused() ? this.pausedUntil : null,
      concurrency: this.concurrency,
      limits: { ...this.limits },
    }
  }

  close(): void {
    this.cancelResume?.()
    this.cancelResume = undefined
    this.pauseListeners.clear()
    this.freePlanWatch.clear()
    this.serviceWait.clear()
    this.queue.clear()
  }

  private build(autoStart: boolean): PQueue {
    const w = rateWindow(this.limits, this.margin)
    return new PQueue({
      concurrency: this.concurrency,
      intervalCap: w.cap,
      interval: w.intervalMs,
      strict: true,
      autoStart,
    })
  }

  /** Runs a started task, counting it in flight while it runs. */
  private async counted<T>(task: () => Promise<T>): Promise<T> {
    const { counters } = this
    counters.started++
    counters.inFlight++
    counters.maxInFlightSeen = Math.max(counters.maxInFlightSeen, counters.inFlight)
    try {
      return await task()
    } finally {
      counters.inFlight--
    }
  }

  private isPaused(): boolean {
    return this.clock.now() < this.pausedUntil
  }

  private tellPause(waitMs: number | null): void {
    for (const listener of this.pauseListeners) listener(waitMs)
  }

  // One resume timer, re-armed (never stacked) when the pause grows or who waits changes. It keeps
  // the process alive only while a request is queued: work waiting in a paused queue holds no
  // other handle, and a CLI must not exit while it waits; but a pause nothing waits on (the
  // request gave up: the service asked for more than the budget) must not hold a process open.
  private armResume(): void {
    this.cancelResume?.()
    this.cancelResume = undefined
    if (this.pausedUntil === 0) return
    const waitMs = Math.max(1, this.pausedUntil - this.clock.now())
    this.cancelResume = this.clock.setTimer(() => this.resumeIfAllowed(), waitMs, {
      keepAlive: this.waiting > 0,
    })
  }

  private changeWaiting(delta: 1 | -1): void {
    this.waiting += delta
    if (this.waiting === (delta === 1 ? 1 : 0)) this.armResume()
  }

  private resumeIfAllowed(): void {
    if (this.isPaused()) {
      // Why re-arm: a timer runs on the monotonic clock and may fire a little before Date.now()
      // reaches `pausedUntil`; without a new timer the queue would stay paused for good.
      this.armResume()
      return
    }
    this.cancelResume?.()
    this.cancelResume = undefined
    if (this.pausedUntil !== 0) {
      this.pausedUntil = 0
      this.tellPause(null)
    }
    if (this.handoff === undefined) this.queue.start()
  }

  private setConcurrency(next: number): void {
    this.concurrency = Math.max(1, Math.min(this.limits.maxInFlight, next))
    this.queue.concurrency = this.concurrency
  }
}

/** Creates the account-wide synthesis scheduler (see {@link PacedScheduler}). */
export function createSynthesisScheduler(
  initial: PlanLimits,
  options: SchedulerOptions = {},
): SynthesisScheduler {
  return new PacedScheduler(initial, options)
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
