import { useState } from 'react'

/**
 * Runs a button's asynchronous action and keeps its failure to show beside the button; the next
 * action clears it first.
 */
export function useActionError(): {
  error: unknown
  act: (run: () => Promise<unknown>) => void
} {
  const [error, setError] = useState<unknown>(null)
  const act = (run: () => Promise<unknown>): void => {
    setError(null)
    run().catch(setError)
  }
  return { error, act }
}
