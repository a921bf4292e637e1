import { setTimeout as delay } from 'node:timers/promises'
import { AppError } from '../../../shared/errors'
import { cancelledError } from './http'

/** How many times and how patiently a failed request is tried again. */
export interface RetryPolicy {
  /** Total attempts, the first included. */
  maxAttempts: number
  /** Backoff before the second attempt; doubles each time. */
  baseDelayMs: number
  /** No wait (backoff or Retry-After) is longer than this. */
  maxDelayMs: number
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 10_000 }

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

/** Sleeps, rejecting with CANCELLED when the signal fires. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) {
    if (signal?.aborted) throw cancelledError()
    return
  }
  try {
    await delay(ms, undefined, signal ? { signal } : undefined)
  } catch {
    throw cancelledError()
  }
}

/**
 * Runs `attempt` until it succeeds, fails with a non-retryable error, or the policy is spent.
 * The last error is rethrown as is (it keeps its request id and status).
 */
export async function withRetry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: {
    policy: RetryPolicy
    signal?: AbortSignal
    /** Called before each wait, e.g. to log it. */
    onRetry?: (info: { attempt: number; delayMs: number; error: AppError }) => void
    /** For 429s the scheduler already paused new starts; the retry then only re-queues. */
    delayFor?: (error: AppError, attempt: number) => number | undefined
    random?: () => number
  },
): Promise<T> {
  const { policy, signal } = options
  for (let n = 1; ; n++) {
    if (signal?.aborted) throw cancelledError()
    try {
      return await attempt(n)
    } catch (error) {
      if (!isRetryable(error) || n >= policy.maxAttempts || signal?.aborted) throw error
      const appError = error as AppError
      const wait =
        options.delayFor?.(appError, n) ??
        backoffDelay(n, policy, appError.details?.retryAfterMs, options.random)
      options.onRetry?.({ attempt: n, delayMs: wait, error: appError })
      await sleep(wait, signal)
    }
  }
}
