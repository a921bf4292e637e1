import type { Clock } from '../core/clock'

/** A clock a test moves: `advance` runs the timers that fall due, in time order. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms`, running each timer that becomes due at its own moment. */
  advance(ms: number): void
  /** How many timers are armed and not yet run or cancelled (only keep-alive ones if asked). */
  pendingTimers(filter?: { keepAlive: true }): number
  /** Every delay a timer was armed with so far, in ms, in the order they were asked for. */
  readonly delays: number[]
  /**
   * Calls `listener` with the delay of each timer armed from now on, as it is armed; returns a
   * function that stops listening. A test waits on this to know the code under test has reached
   * a wait (and so has done everything before it) before it moves time.
   */
  onArm(listener: (ms: number) => void): () => void
}

export interface ManualClockOptions {
  /**
   * Time jumps by itself: once the current turn of the event loop is over, the clock moves to the
   * earliest armed timer and runs it (one at a time, so timers armed in reaction are ordered
   * correctly). Waits then cost no real time and add up exactly. Real I/O is unaffected.
   */
  autoAdvance?: boolean
}

interface Timer {
  due: number
  run: () => void
  keepAlive: boolean
}

/** Creates a clock that starts at `startMs` and only moves when the test (or auto-advance) says so. */
export function createManualClock(
  startMs = Date.UTC(2026, 0, 1),
  options: ManualClockOptions = {},
): ManualClock {
  let now = startMs
  let nextId = 0
  let draining = false
  const timers = new Map<number, Timer>()
  const delays: number[] = []
  const armListeners = new Set<(ms: number) => void>()

  const earliest = (until: number): number | null => {
    let found: number | null = null
    let foundDue = Infinity
    for (const [id, timer] of timers) {
      if (timer.due <= until && timer.due < foundDue) {
        foundDue = timer.due
        found = id
      }
    }
    return found
  }
  const runTimer = (id: number): void => {
    const timer = timers.get(id)
    if (timer === undefined) return
    timers.delete(id)
    now = Math.max(now, timer.due)
    timer.run()
  }
  const drain = (): void => {
    draining = false
    const id = earliest(Infinity)
    if (id === null) return
    runTimer(id)
    schedule()
  }
  const schedule = (): void => {
    if (!options.autoAdvance || draining || timers.size === 0) return
    draining = true
    setImmediate(drain)
  }

  return {
    delays,
    now: () => now,
    setTimer(run, ms, timerOptions) {
      const id = nextId++
      delays.push(ms)
      timers.set(id, {
        due: now + Math.max(0, ms),
        run,
        keepAlive: timerOptions?.keepAlive === true,
      })
      schedule()
      for (const listener of [...armListeners]) listener(ms)
      return () => timers.delete(id)
    },
    onArm(listener) {
      armListeners.add(listener)
      return () => armListeners.delete(listener)
    },
    advance(ms) {
      const target = now + ms
      for (let id = earliest(target); id !== null; id = earliest(target)) runTimer(id)
      now = target
    },
    pendingTimers(filter) {
      if (filter === undefined) return timers.size
      return [...timers.values()].filter((t) => t.keepAlive).length
    },
  }
}

/**
 * Resolves when the next timer (of exactly `ms`, when given) is armed on `clock` from now on: the
 * code under test has reached that wait, and so done everything before it, and the test may move
 * time.
 */
export function nextTimerArmed(clock: Pick<ManualClock, 'onArm'>, ms?: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = clock.onArm((armed) => {
      if (ms !== undefined && armed !== ms) return
      stop()
      resolve()
    })
  })
}
