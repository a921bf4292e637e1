/**
 * Time as main's services see it: the current time and one-shot timers. Production uses the
 * system clock; tests pass a clock they move by hand, so nothing waits on real time.
 */
export interface Clock {
  /** Current time in epoch milliseconds. */
  now(): number
  /** Calls `run` once after `ms`; returns a function that cancels it. Never keeps the process alive. */
  setTimer(run: () => void, ms: number): () => void
}

/** Longest delay setTimeout takes without firing at once (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1

/** The real clock: Date.now and unref'd timers (a longer delay is re-armed until it is due). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(run, ms) {
    const due = Date.now() + ms
    let timer: ReturnType<typeof setTimeout>
    const arm = (): void => {
      const left = due - Date.now()
      timer = setTimeout(left > MAX_TIMER_MS ? arm : run, Math.min(Math.max(0, left), MAX_TIMER_MS))
      timer.unref?.()
    }
    arm()
    return () => clearTimeout(timer)
  },
}
