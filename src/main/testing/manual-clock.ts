import type { Clock } from '../core/clock'

/** A clock a test moves by hand: `advance` runs the timers that fall due, in time order. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms`, running each timer that becomes due at its own moment. */
  advance(ms: number): void
  /** How many timers are armed and not yet run or cancelled. */
  pendingTimers(): number
}

/** Creates a clock that starts at `startMs` and only moves when the test says so. */
export function createManualClock(startMs: number): ManualClock {
  let now = startMs
  let nextId = 0
  const timers = new Map<number, { due: number; run: () => void }>()
  return {
    now: () => now,
    setTimer(run, ms) {
      const id = nextId++
      timers.set(id, { due: now + Math.max(0, ms), run })
      return () => timers.delete(id)
    },
    advance(ms) {
      const target = now + ms
      for (;;) {
        let nextIdDue: number | null = null
        let nextDue = Infinity
        for (const [id, timer] of timers) {
          if (timer.due <= target && timer.due < nextDue) {
            nextDue = timer.due
            nextIdDue = id
          }
        }
        if (nextIdDue === null) break
        const timer = timers.get(nextIdDue)
        timers.delete(nextIdDue)
        now = nextDue
        timer?.run()
      }
      now = target
    },
    pendingTimers: () => timers.size,
  }
}
