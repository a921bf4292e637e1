import { useEffect } from 'react'
import { reportWindowVisibility } from '../api/conversation-queries'

/** Tells main when the window is hidden or shown, so it polls slower while nobody looks. */
export function useVisibilityReport(): void {
  useEffect(() => {
    const report = (): void => {
      reportWindowVisibility(document.visibilityState === 'hidden')
    }
    report()
    document.addEventListener('visibilitychange', report)
    return () => document.removeEventListener('visibilitychange', report)
  }, [])
}
