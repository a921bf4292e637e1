/** Tracks every timer the sandbox sets so that `stop()` can clear them and let the process exit. */
export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>()
  private stopped = false

  /** Runs `fn` after `ms`, unless the sandbox stops first. */
  after(ms: number, fn: () => void): void {
    if (this.stopped) return
    const timer = setTimeout(
      () => {
        this.pending.delete(timer)
        fn()
      },
      Math.max(0, ms),
    )
    this.pending.add(timer)
  }

  /** Resolves after `ms` (at once for 0); never resolves once the sandbox has stopped. */
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve()
    return new Promise((resolve) => this.after(ms, resolve))
  }

  /** Clears every pending timer; later calls schedule nothing. */
  stop(): void {
    this.stopped = true
    for (const timer of this.pending) clearTimeout(timer)
    this.pending.clear()
  }
}
