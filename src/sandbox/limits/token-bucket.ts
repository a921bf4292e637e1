/** The outcome of asking a limiter for room. */
export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number }

/**
 * A token bucket: holds up to `capacity` tokens, refills at `ratePerSecond`, starts full.
 * With capacity equal to the rate, a client whose requests arrive at least 1/rate seconds apart
 * always finds a token, and a burst of N gets exactly min(N, tokens held) through.
 */
export class TokenBucket {
  private tokens: number
  private updatedAt: number

  constructor(
    private capacity: number,
    private ratePerSecond: number,
    now: number,
  ) {
    this.tokens = capacity
    this.updatedAt = now
  }

  /** Changes capacity and rate; a larger bucket gains the extra tokens at once, a smaller one is capped. */
  reconfigure(capacity: number, ratePerSecond: number, now: number): void {
    this.refill(now)
    const gained = Number.isFinite(this.capacity) ? Math.max(0, capacity - this.capacity) : 0
    this.capacity = capacity
    this.ratePerSecond = ratePerSecond
    this.tokens = Math.min(capacity, this.tokens + gained)
  }

  /** Takes one token if there is one; otherwise says how long until there will be (whole seconds, at least 1). */
  take(now: number): Admission {
    if (!Number.isFinite(this.capacity)) return { ok: true }
    this.refill(now)
    if (this.tokens >= 1) {
      this.tokens -= 1
      return { ok: true }
    }
    const seconds = this.ratePerSecond > 0 ? (1 - this.tokens) / this.ratePerSecond : 60
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(seconds)) }
  }

  /** Tokens held now (for RateLimit-Remaining). */
  remaining(now: number): number {
    this.refill(now)
    return Number.isFinite(this.tokens) ? Math.floor(this.tokens) : Number.MAX_SAFE_INTEGER
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.updatedAt) / 1000
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.ratePerSecond)
    this.updatedAt = now
  }
}
