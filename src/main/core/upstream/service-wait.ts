import type { AppError, ErrorDetails } from '../../../shared/errors'
import type { Clock } from '../clock'
import { tooLongToWait } from './retry'
import { MAX_RETRY_AFTER_MS } from './retry-after'

interface Watcher {
  limitMs: number
  refuse: (error: AppError) => void
}

/**
 * The wait the service asked for with its last 429s (Retry-After), and the requests that will not
 * wait that long. Why it exists: a 429 asking for an hour fails its own request at once (past the
 * rate-limit budget), but the account's pause it leaves would hold every later request silently
 * for the hour. Each request says how long it may wait; one that may not wait what is left is
 * refused at once, with the words its own 429 would have given.
 */
export class ServiceWait {
  readonly #clock: Clock
  #until = 0
  #details: ErrorDetails | undefined
  readonly #watchers = new Set<Watcher>()

  constructor(clock: Clock) {
    this.#clock = clock
  }

  /** A 429 asked for `ms`: the later end counts; queued requests that cannot wait it are refused. */
  asked(ms: number, details: ErrorDetails | undefined): void {
    const wait = Number.isFinite(ms)
      ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms))
      : MAX_RETRY_AFTER_MS
    const until = this.#clock.now() + wait
    if (until < this.#until) return
    this.#until = until
    this.#details = details
    for (const watcher of [...this.#watchers]) {
      const refusal = this.refusal(watcher.limitMs)
      if (refusal === null) continue
      this.#watchers.delete(watcher)
      watcher.refuse(refusal)
    }
  }

  /** What is left of the service's wait, in ms (0 when none). */
  left(): number {
    return Math.max(0, this.#until - this.#clock.now())
  }

  /** The refusal for a request that may wait at most `limitMs`, or null when what is left fits. */
  refusal(limitMs: number | undefined): AppError | null {
    const left = this.left()
    if (limitMs === undefined || left <= limitMs) return null
    return tooLongToWait(left, limitMs, 0, { ...this.#details, status: 429, retryAfterMs: left })
  }

  /**
   * Watches a queued request: `refuse` is called once, should a later 429 ask for more than
   * `limitMs`. Returns the function that stops watching (the request started or gave up).
   */
  watch(limitMs: number | undefined, refuse: (error: AppError) => void): () => void {
    if (limitMs === undefined) return () => undefined
    const watcher: Watcher = { limitMs, refuse }
    this.#watchers.add(watcher)
    return () => this.#watchers.delete(watcher)
  }

  /** Stops watching every request (the scheduler is closed). */
  clear(): void {
    this.#watchers.clear()
  }
}
