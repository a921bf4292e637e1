/** The time-left estimate of a render, from the pace of its own requests. */
export interface RenderEta {
  /** The service paused new requests for `waitMs` (429), or resumed them (null). */
  serviceWait(waitMs: number | null): void
  /** Seconds left for `left` more requests after `fetched` of them; null before the first. */
  secondsLeft(fetched: number, left: number): number | null
}

/**
 * Starts the estimate now. Why waits on a busy service are left out: during a 429 storm no
 * request finishes while the clock runs, so a pace that counted the wait would promise many
 * times the real remaining time (a render once showed 914 s with 4 of 7 pieces left). The wait
 * is shown on its own ("the service is busy, waiting N s") instead.
 */
export function startRenderEta(now: () => number = Date.now): RenderEta {
  const started = now()
  let waitedMs = 0
  let waitingSince: number | null = null
  const activeMs = (): number => {
    const t = now()
    return t - started - waitedMs - (waitingSince === null ? 0 : t - waitingSince)
  }
  return {
    serviceWait(waitMs) {
      if (waitMs !== null) {
        waitingSince ??= now()
        return
      }
      if (waitingSince !== null) waitedMs += now() - waitingSince
      waitingSince = null
    },
    secondsLeft(fetched, left) {
      if (fetched <= 0) return null
      return (Math.max(0, activeMs()) / 1000 / fetched) * Math.max(0, left)
    },
  }
}
