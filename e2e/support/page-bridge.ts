// Runs inside the page (bundled by esbuild into an init script): builds `window.api` with the very
// same `buildApi` the preload uses, over a Playwright binding instead of ipcRenderer. The page gets
// the contract-generated surface and nothing else: the raw binding is removed from the global.
import { buildApi, pageHasUserGesture } from '../../src/preload/build-api'
import type { Result } from '../../src/shared/errors'

interface BridgeGlobal {
  __voicedesk_invoke?: (channel: string, input: unknown) => Promise<Result<unknown>>
}

const scope = globalThis as unknown as BridgeGlobal
const invoke = scope.__voicedesk_invoke
const listeners = new Map<string, Set<(payload: unknown) => void>>()

if (invoke !== undefined) {
  delete scope.__voicedesk_invoke
  const api = buildApi({
    invoke: (channel, input) => invoke(channel, input),
    subscribe: (channel, listener) => {
      const set = listeners.get(channel) ?? new Set()
      listeners.set(channel, set)
      set.add(listener)
      return () => {
        set.delete(listener)
      }
    },
    hasUserGesture: pageHasUserGesture,
  })
  Object.defineProperty(globalThis, 'api', { value: api, enumerable: true })
  // The host delivers main's events here (page.evaluate), as webContents.send does in Electron.
  Object.defineProperty(globalThis, '__voicedesk_emit', {
    value: (channel: string, payload: unknown) => {
      for (const listener of listeners.get(channel) ?? []) listener(payload)
    },
  })
}
