import { useEffect } from 'react'
import { call } from '../../../lib/ipc'

/** Tells main when the window is hidden or shown, so it polls slower while nobody looks. */
export function useVisibilityReport(): void {
  useEffect(() => {
    const report = (): void => {
      void call((api) =>
        api.conversations.setVisibility({ hidden: document.visibilityState === 'hidden' }),
      ).catch(() => undefined)
    }
    report()
    document.addEventListener('visibilitychange', report)
    return () => document.removeEventListener('visibilitychange', report)
  }, [])
}
