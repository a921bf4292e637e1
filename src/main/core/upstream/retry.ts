import type { ErrorDetails } from '../../../shared/errors'
import { AppError } from '../../../shared/errors'
import type { Clock } from '../clock'
import { sleep, systemClock } from '../clock'
import type { Logger } from '../log/logger'
import { cancelledError } from './http'
import { MAX_RETRY_AFTER_MS, formatWait } from './retry-after'

/**
 * How long one request keeps retrying 429 answers, from its first 429 to the moment its next try
 * could start. A 429 is never billed and changes nothing on the service, so waiting it out is
 * safe; past this the request fails with RATE_LIMITED (docs/narration.md, "429 storms").
 */
export const RATE_LIMIT_BUDGET_MS = 10 * 60_000

/** How many times and how patiently a failed request is tried again. */
export interface RetryPolicy {
  /** Total attempts, the first included, counting failures only: 429 answers do not count. */
  maxAttempts: number
  /** Backoff before the second attempt; doubles each time. */
  baseDelayMs: number
  /** No backoff (nor a Retry-After of a failure other than 429) is longer than this. */
  maxDelayMs: number
  /** See RATE_LIMIT_BUDGET_MS (the default). */
  rateLimitBudgetMs?: number
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 10_000,
  rateLimitBudgetMs: RATE_LIMIT_BUDGET_MS,
}

/**
 * The wait before attempt `attempt + 1`: the service's Retry-After when it gave one, otherwise
 * exponential backoff with full jitter (so clients sharing an account do not retry in step).
 */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(policy.maxDelayMs, Math.max(0, retryAfterMs))
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  // Full jitter, with a floor of a quarter so a retry never fires back-to-back.
  return Math.round(ceiling * (0.25 + 0.75 * random()))
}

/** True for failures a retry can fix: retryable codes (network before the first byte, 408, 429, 5xx). */
export function isRetryable(error: unknown): boolean {
  return error instanceof AppError && error.retryable
}

/**
 * The RATE_LIMITED that ends a wait VoiceDesk will not make: names the wait the service asked for
 * (`askedMs`, when it gave one) and the budget, and keeps `details` (status, request id of the
 * 429). The same words whether a request's own 429 asked too much or a later request met the
 * pause that 429 left (the scheduler refuses it at once).
 */
export function tooLongToWait(
  askedMs: number | undefined,
  budgetMs: number,
  waitedMs: number,
  details?: ErrorDetails,
  cause?: unknown,
): AppError {
  const budget = `VoiceDesk waits at most ${formatWait(budgetMs)} per request (its rate-limit budget)`
  const waited = waitedMs > 0 ? ` after ${formatWait(waitedMs)} of waiting` : ''
  // The instruction opens its own sentence, so the app shows this message as it is, without
  // its generic "Wait N s" for the code (which reads badly for an hour or a year).
  const shared = 'Another app or render may be using the same account'
  let message: string
  if (askedMs === undefined) {
    message = `The service is still too busy (HTTP 429)${waited}; ${budget}. ${shared}. Try again in a few minutes.`
  } else if (askedMs >= MAX_RETRY_AFTER_MS) {
    message = `The service asked VoiceDesk to wait more than a year (HTTP 429)${waited}; ${budget}. ${shared}, or the service is refusing this account. Try again later, and check the plan and the base URL in Account.`
  } else {
    const asked = formatWait(askedMs)
    message = `The service asked VoiceDesk to wait ${asked} more (HTTP 429)${waited}; ${budget}. ${shared}. Try again in ${asked}.`
  }
  return new AppError('RATE_LIMITED', message, {
    retryable: true,
    ...(details ? { details } : {}),
    ...(cause === undefined ? {} : { cause }),
  })
}

/** What a retry is about to wait for: the attempt that failed, the wait, and why. */
export interface RetryInfo {
  attempt: number
  delayMs: number
  error: AppError
}

/** An `onRetry` that logs each wait as `message`: attempt, delay, error code and request id. */
export function logEachRetry(logger: Logger, message: string): (info: RetryInfo) => void {
  return ({ attempt, delayMs, error }) =>
    logger.info(message, {
      attempt,
      delayMs,
      code: error.code,
      requestId: error.details?.requestId,
    })
}

/**
 * Runs `attempt` until it succeeds, fails with a non-retryable error, or the policy is spent.
 * Failures count against `maxAttempts`; with `waitOutRateLimits` 429s do not: they are retried
 * after the wait the service asked for, for as long as the rate-limit budget allows. The last
 * error is rethrown as is (it keeps its request id and status), or a RATE_LIMITED naming the
 * budget once that is spent.
 */
export async function withRetry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: {
    policy: RetryPolicy
    signal?: AbortSignal
    /** Called before each wait, e.g. to log it. */
    onRetry?: (info: RetryInfo) => void
    /** For 429s the scheduler already paused new starts; the retry then only re-queues. */
    delayFor?: (error: AppError, attempt: number) => number | undefined
    random?: () => number
    clock?: Clock
    /**
     * 429s are not failures: retry them within the policy's rate-limit budget (synthesis). Why
     * not for every request: a conversation read surfaces its 429 to show "reconnecting", and a
     * key check with one attempt must answer at once.
     */
    waitOutRateLimits?: boolean
  },
): Promise<T> {
  const { policy, signal } = options
  const clock = options.clock ?? systemClock
  const budgetMs = policy.rateLimitBudgetMs ?? RATE_LIMIT_BUDGET_MS
  let failures = 0
  let rateLimits = 0
  let firstRateLimitAt: number | undefined
  for (let n = 1; ; n++) {
    if (signal?.aborted) throw cancelledError()
    try {
      return await attempt(n)
    } catch (error) {
      if (!isRetryable(error) || signal?.aborted) throw error
      const appError = error as AppError
      const asked = appError.details?.retryAfterMs
      let wait: number
      if (options.waitOutRateLimits === true && appError.code === 'RATE_LIMITED') {
        // Why a 429 is not a failure: the service refused before doing anything (nothing billed),
        // so trying again is safe for as long as it keeps asking, within the budget.
        rateLimits += 1
        const now = clock.now()
        firstRateLimitAt ??= now
        wait =
          options.delayFor?.(appError, n) ??
          asked ??
          backoffDelay(rateLimits, policy, undefined, options.random)
        const nextTryAt = now + Math.max(wait, asked ?? 0)
        if (nextTryAt - firstRateLimitAt > budgetMs) {
          throw tooLongToWait(asked, budgetMs, now - firstRateLimitAt, appError.details, appError)
        }
      } else {
        failures += 1
        if (failures >= policy.maxAttempts) throw error
        wait =
          options.delayFor?.(appError, n) ?? backoffDelay(failures, policy, asked, options.random)
      }
      options.onRetry?.({ attempt: n, delayMs: wait, error: appError })
      await sleep(clock, wait, signal)
    }
  }
}
