import type { Result } from '../shared/errors'
import { events, invokes } from '../shared/ipc/contract'
import { eventPropertyName, splitChannel } from '../shared/ipc/contract-types'

/** The two transport primitives `window.api` is built on: Electron's ipcRenderer in the preload, a Playwright binding in the e2e browser host. */
export interface ApiTransport {
  invoke(channel: string, input: unknown): Promise<Result<unknown>>
  subscribe(channel: string, listener: (payload: unknown) => void): () => void
}

/**
 * Builds the plain object exposed as `window.api` from the contract: one function per invoke
 * channel, one `on<Event>` per event channel, and nothing else (no generic invoke, no ipcRenderer).
 */
export function buildApi(transport: ApiTransport): Record<string, Record<string, unknown>> {
  const api: Record<string, Record<string, unknown>> = {}
  for (const channel of Object.keys(invokes)) {
    const { domain, name } = splitChannel(channel)
    const target = (api[domain] ??= {})
    target[name] = (input?: unknown) => transport.invoke(channel, input)
  }
  for (const channel of Object.keys(events)) {
    const { domain, name } = splitChannel(channel)
    const target = (api[domain] ??= {})
    target[eventPropertyName(name)] = (listener: unknown) => {
      if (typeof listener !== 'function') throw new TypeError('listener must be a function')
      return transport.subscribe(channel, (payload) => (listener as (p: unknown) => void)(payload))
    }
  }
  for (const domain of Object.values(api)) Object.freeze(domain)
  return Object.freeze(api)
}
