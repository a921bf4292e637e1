import type { PlanLimits } from '../options.js'
import { ApiError } from '../server/api-error.js'
import { TokenBucket } from './token-bucket.js'

/** 429 rate_limited: a token bucket is empty; `headers` say when to try again. */
function rateLimited(message: string, headers: Record<string, string>): ApiError {
  return new ApiError(429, 'rate_limited', message, undefined, headers)
}

/** Releases an in-flight slot; safe to call more than once. */
export type Release = () => void

/**
 * The limits of one account (never of one key): a synthesis token bucket, a synthesis in-flight
 * counter, and a separate token bucket for conversation reads.
 */
export class AccountLimiter {
  private readonly synthesis: TokenBucket
  private readonly reads: TokenBucket
  private inFlight = 0

  constructor(
    private limits: PlanLimits,
    now: number,
  ) {
    this.synthesis = new TokenBucket(limits.synthesisPerSecond, limits.synthesisPerSecond, now)
    this.reads = new TokenBucket(
      limits.conversationReadBurst,
      limits.conversationReadsPerSecond,
      now,
    )
  }

  /** Current limits. */
  current(): PlanLimits {
    return { ...this.limits }
  }

  /** Replaces the limits; requests already in flight keep their slots. */
  reconfigure(limits: PlanLimits, now: number): void {
    this.limits = limits
    this.synthesis.reconfigure(limits.synthesisPerSecond, limits.synthesisPerSecond, now)
    this.reads.reconfigure(limits.conversationReadBurst, limits.conversationReadsPerSecond, now)
  }

  /** Requests of this account being synthesized now. */
  synthesisInFlight(): number {
    return this.inFlight
  }

  /**
   * Admits a synthesis request or throws 429. The concurrency limit is checked first, and a request
   * refused for concurrency does not spend a rate token, so both counts stay exact under a burst.
   */
  admitSynthesis(now: number): { release: Release; headers: Record<string, string> } {
    if (this.inFlight >= this.limits.synthesisConcurrency) {
      throw new ApiError(
        429,
        'concurrency_limit_reached',
        `at most ${this.limits.synthesisConcurrency} synthesis requests may be in flight for this account`,
        undefined,
        { 'Retry-After': '1' },
      )
    }
    const admission = this.synthesis.take(now)
    if (!admission.ok) {
      throw rateLimited(
        `at most ${this.limits.synthesisPerSecond} synthesis requests per second for this account`,
        this.rateHeaders(admission.retryAfterSeconds, now),
      )
    }
    this.inFlight += 1
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        this.inFlight -= 1
      },
      headers: this.rateHeaders(null, now),
    }
  }

  /** Admits a conversation read or throws 429 rate_limited. */
  admitRead(now: number): void {
    const admission = this.reads.take(now)
    if (!admission.ok) {
      throw rateLimited(
        `at most ${this.limits.conversationReadsPerSecond} conversation reads per second for this account`,
        { 'Retry-After': String(admission.retryAfterSeconds) },
      )
    }
  }

  private rateHeaders(retryAfter: number | null, now: number): Record<string, string> {
    const headers: Record<string, string> = {}
    if (Number.isFinite(this.limits.synthesisPerSecond)) {
      headers['RateLimit-Limit'] = String(this.limits.synthesisPerSecond)
      headers['RateLimit-Remaining'] = String(this.synthesis.remaining(now))
      headers['RateLimit-Reset'] = '1'
    }
    if (retryAfter !== null) headers['Retry-After'] = String(retryAfter)
    return headers
  }
}
