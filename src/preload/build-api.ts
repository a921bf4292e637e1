import type { Result } from '../shared/errors'
import { events, invokes } from '../shared/ipc/contract'
import { eventPropertyName, splitChannel } from '../shared/ipc/contract-types'
import { oversizedInput } from '../shared/ipc/message-size'

/** The two transport primitives `window.api` is built on: Electron's ipcRenderer in the preload, a Playwright binding in the e2e browser host. */
export interface ApiTransport {
  invoke(channel: string, input: unknown): Promise<Result<unknown>>
  subscribe(channel: string, listener: (payload: unknown) => void): () => void
  /** Whether the page holds a fresh user gesture (`navigator.userActivation.isActive`). */
  hasUserGesture?: () => boolean
}

// Why here and not in main: Electron gives main no user-activation bit for an IPC message, while
// the preload's isolated world sees the frame's own. A page script that opens links on its own
// (no click, no key) is refused before the message leaves the page; main still checks the address
// and paces what gets through, since it never trusts the page's side.
const NEEDS_USER_GESTURE: ReadonlySet<string> = new Set([
  'app:openExternal',
  'account:openAccountPage',
])

/** The frame's transient user activation, read where both the preload and the e2e bridge run. */
export function pageHasUserGesture(): boolean {
  const scope = globalThis as { navigator?: { userActivation?: { isActive?: boolean } } }
  return scope.navigator?.userActivation?.isActive === true
}

const NO_GESTURE: Result<unknown> = {
  ok: false,
  error: {
    code: 'FORBIDDEN_SENDER',
    message: 'A link opens in your browser only when you click it. Click the link again.',
    retryable: false,
  },
}

/**
 * Builds the plain object exposed as `window.api` from the contract: one function per invoke
 * channel, one `on<Event>` per event channel, and nothing else (no generic invoke, no ipcRenderer).
 */
export function buildApi(transport: ApiTransport): Record<string, Record<string, unknown>> {
  const api: Record<string, Record<string, unknown>> = {}
  for (const [channel, definition] of Object.entries(invokes)) {
    const { domain, name } = splitChannel(channel)
    const target = (api[domain] ??= {})
    // Why measure here as well as in main: an oversized message is refused before it is copied
    // into the IPC pipe and decoded in main, which is where most of its cost would go. Main
    // still checks, since it never trusts the page's side.
    target[name] = (input?: unknown): Promise<Result<unknown>> => {
      const tooLarge = oversizedInput(input, definition.limits)
      if (tooLarge !== null) return Promise.resolve({ ok: false, error: tooLarge })
      if (NEEDS_USER_GESTURE.has(channel) && transport.hasUserGesture?.() !== true)
        return Promise.resolve(NO_GESTURE)
      return transport.invoke(channel, input)
    }
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
