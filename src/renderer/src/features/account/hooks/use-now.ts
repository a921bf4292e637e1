import { useEffect, useState } from 'react'

/**
 * The current time for a countdown to `deadlineMs`: re-read every 15 s, and every second in the
 * last 90 s so the display reaches zero when the deadline does.
 */
export function useCountdownNow(deadlineMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const left = deadlineMs - now
    const delay = left > 0 && left < 90_000 ? 1_000 : 15_000
    const timer = window.setTimeout(() => setNow(Date.now()), delay)
    return () => window.clearTimeout(timer)
  }, [deadlineMs, now])
  return now
}

/** The current time, read again every 30 s: enough for "checked 2 minutes ago". */
export function useMinuteNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000)
    return () => window.clearInterval(timer)
  }, [])
  return now
}
