import type { WaitClock } from '../clock'
import { cancelledError } from '../http'

/** A clock whose time moves only when something sleeps: waits cost no real time and add up exactly. */
export interface InstantClock extends WaitClock {
  /** Every sleep requested so far, in ms, in the order they were asked for. */
  readonly sleeps: number[]
}

interface Sleeper {
  at: number
  resolve(): void
}

/**
 * Creates a test clock. Each sleep is queued at `now + ms`; once the current turn of the event loop
 * is over, time jumps to the earliest queued deadline and that sleeper wakes (one at a time, so
 * sleeps asked for in reaction to a wake-up are ordered correctly). Real I/O is unaffected.
 */
export function createInstantClock(start = Date.UTC(2026, 0, 1)): InstantClock {
  let now = start
  let sleepers: Sleeper[] = []
  let draining = false
  const sleeps: number[] = []

  const drain = (): void => {
    draining = false
    if (sleepers.length === 0) return
    sleepers.sort((a, b) => a.at - b.at)
    const next = sleepers.shift()!
    now = Math.max(now, next.at)
    next.resolve()
    schedule()
  }
  const schedule = (): void => {
    if (draining || sleepers.length === 0) return
    draining = true
    setImmediate(drain)
  }

  return {
    sleeps,
    now: () => now,
    sleep(ms, signal) {
      if (signal?.aborted) return Promise.reject(cancelledError())
      sleeps.push(ms)
      if (ms <= 0) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        const sleeper: Sleeper = {
          at: now + ms,
          resolve: () => {
            signal?.removeEventListener('abort', onAbort)
            resolve()
          },
        }
        const onAbort = (): void => {
          sleepers = sleepers.filter((s) => s !== sleeper)
          reject(cancelledError())
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        sleepers.push(sleeper)
        schedule()
      })
    },
  }
}
