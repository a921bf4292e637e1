import { AppError } from '../../shared/errors'

/** How a timer treats the process: by default it never keeps the process alive. */
export interface TimerOptions {
  /**
   * Keep the process alive until the timer fires or is cancelled. Why an option: a CLI render
   * waiting out a 429 must not exit, while a token-expiry notice or a pause nothing waits on must
   * not hold a finished process open.
   */
  keepAlive?: boolean
}

/**
 * Time as main's services see it: the current time and one-shot timers. Production uses the
 * system clock; tests pass a manual clock (src/main/testing/manual-clock.ts), so nothing waits on
 * real time.
 */
export interface Clock {
  /** Current time in epoch milliseconds. */
  now(): number
  /** Calls `run` once after `ms`; returns a function that cancels it. */
  setTimer(run: () => void, ms: number, options?: TimerOptions): () => void
}

/** Longest delay setTimeout takes without firing at once (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1

/** The real clock: Date.now and timers (a longer delay is re-armed until it is due). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(run, ms, options) {
    const due = Date.now() + ms
    let timer: ReturnType<typeof setTimeout>
    const arm = (): void => {
      const left = due - Date.now()
      timer = setTimeout(left > MAX_TIMER_MS ? arm : run, Math.min(Math.max(0, left), MAX_TIMER_MS))
      if (options?.keepAlive !== true) timer.unref?.()
    }
    arm()
    return () => clearTimeout(timer)
  },
}

/**
 * Waits `ms` on `clock`, rejecting with CANCELLED when `signal` fires (or has fired). Keeps the
 * process alive by default: whoever awaits the sleep has work left to do after it.
 */
export function sleep(
  clock: Clock,
  ms: number,
  signal?: AbortSignal,
  options: TimerOptions = { keepAlive: true },
): Promise<void> {
  const cancelled = (): AppError => new AppError('CANCELLED', 'The request was cancelled.')
  if (signal?.aborted) return Promise.reject(cancelled())
  if (ms <= 0) return Promise.resolve()
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => {
      cancel()
      reject(cancelled())
    }
    const cancel = clock.setTimer(
      () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      },
      ms,
      options,
    )
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
