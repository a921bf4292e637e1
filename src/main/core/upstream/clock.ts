import { setTimeout as delay } from 'node:timers/promises'
import { cancelledError } from './http'

/**
 * The time source of retries and the scheduler's pauses. Why a port: waits after a 429 last
 * seconds to minutes; tests hand in a clock whose sleeps take no real time, so they can count
 * the waiting exactly without depending on timing. Why not core/clock.ts: its timers never keep
 * the process alive, and a CLI render waiting out a 429 must not exit.
 */
export interface WaitClock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Waits `ms`, rejecting with CANCELLED when the signal fires. Keeps the process alive. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/** The real clock: Date.now and a ref'd timer (a CLI waiting out a 429 must not exit). */
export const systemWaitClock: WaitClock = {
  now: () => Date.now(),
  async sleep(ms, signal) {
    if (signal?.aborted) throw cancelledError()
    if (ms <= 0) return
    try {
      await delay(ms, undefined, signal ? { signal } : undefined)
    } catch {
      throw cancelledError()
    }
  },
}
