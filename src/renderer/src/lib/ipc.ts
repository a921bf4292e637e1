import type { Result } from '../../../shared/errors'
import { AppError } from '../../../shared/errors'
import type { Api } from '../../../shared/ipc/contract'

declare global {
  interface Window {
    /** Built by the preload from the IPC contract; read only through this module. */
    readonly api?: Api
  }
}

/** The bridge, or a clear error when the page runs outside VoiceDesk (no preload, no host). */
function bridge(): Api {
  const api = window.api
  if (api === undefined) {
    throw new AppError(
      'INTERNAL',
      'This page is not connected to VoiceDesk. Open it from the VoiceDesk app, or restart the app.',
    )
  }
  return api
}

/**
 * Runs one contract call and unwraps its Result: resolves with the data, or throws the typed
 * {@link AppError} main returned. Transport failures (a closed window, a broken bridge) become
 * INTERNAL errors, so callers only ever see AppError.
 *
 * @example const status = await call((api) => api.account.getStatus())
 */
export async function call<T>(invocation: (api: Api) => Promise<Result<T>>): Promise<T> {
  let result: Result<T>
  try {
    result = await invocation(bridge())
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError(
      'INTERNAL',
      'VoiceDesk could not reach its background process. Try again; if it keeps happening, restart the app.',
      { cause: error },
    )
  }
  if (result.ok) return result.data
  throw AppError.fromData(result.error)
}

/**
 * Subscribes to one contract event; returns the unsubscribe function. Returns a no-op when the
 * bridge is missing so a component effect never throws during render.
 *
 * @example useEffect(() => subscribe((api) => api.account.onChanged(setStatus)), [])
 */
export function subscribe(subscription: (api: Api) => () => void): () => void {
  const api = window.api
  if (api === undefined) return () => {}
  return subscription(api)
}

/**
 * Subscribes to several contract events at once (a job's progress and its end, say); returns
 * one function that unsubscribes them all.
 *
 * @example return subscribeAll((api) => api.script.onRenderProgress(p), (api) => api.script.onRenderEnded(e))
 */
export function subscribeAll(...subscriptions: ((api: Api) => () => void)[]): () => void {
  const offs = subscriptions.map((subscription) => subscribe(subscription))
  return () => {
    for (const off of offs) off()
  }
}
