import { useEffect, useState } from 'react'

/** The time (epoch ms), renewed once a minute: enough to tell a call that has gone stale. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
