/** The slice of a manual clock (src/main/testing/manual-clock.ts) that reports timers as armed. */
export interface ArmReporter {
  onArm(listener: (ms: number) => void): () => void
}

/**
 * Resolves when the next timer of exactly `ms` is armed on `clock` (from now on): the code under
 * test has reached that wait, and so done everything before it, and the test may move time.
 */
export function nextTimerArmed(clock: ArmReporter, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = clock.onArm((armed) => {
      if (armed !== ms) return
      stop()
      resolve()
    })
  })
}
