/**
 * The time the sandbox runs on: the current time and one-shot timers. Same shape as main's `Clock`
 * (src/main/core/clock.ts), so a test can hand the sandbox the manual clock it also gives the app.
 */
export interface SandboxClock {
  /** Current time in epoch milliseconds. */
  now(): number
  /** Calls `run` once after `ms`; returns a function that cancels it. */
  setTimer(run: () => void, ms: number): () => void
}

/** Real time: Date.now and setTimeout (a pending timer keeps the process alive until `stop()`). */
export const realSandboxClock: SandboxClock = {
  now: () => Date.now(),
  setTimer(run, ms) {
    const timer = setTimeout(run, Math.max(0, ms))
    return () => clearTimeout(timer)
  },
}

/** Tracks every timer the sandbox sets so that `stop()` can clear them and let the process exit. */
export class Timers {
  private readonly pending = new Set<() => void>()
  private stopped = false

  constructor(private readonly clock: SandboxClock = realSandboxClock) {}

  /** Runs `fn` after `ms`, unless the sandbox stops first. */
  after(ms: number, fn: () => void): void {
    if (this.stopped) return
    const cancel = this.clock.setTimer(
      () => {
        this.pending.delete(cancel)
        fn()
      },
      Math.max(0, ms),
    )
    this.pending.add(cancel)
  }

  /** Resolves after `ms` (at once for 0); never resolves once the sandbox has stopped. */
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve()
    return new Promise((resolve) => this.after(ms, resolve))
  }

  /** Clears every pending timer; later calls schedule nothing. */
  stop(): void {
    this.stopped = true
    for (const cancel of this.pending) cancel()
    this.pending.clear()
  }
}
