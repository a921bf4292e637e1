import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Api } from '../../../shared/ipc/contract'
import { subscribeAll } from './ipc'

// The unit environment has no preload: `window.api` is a stand-in holding two event sources,
// each remembering who listens, as the preload's listeners do.
function eventSource() {
  const listeners = new Set<(payload: string) => void>()
  return {
    listeners,
    on: (listener: (payload: string) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('subscribeAll', () => {
  it('listens to every event given, and one call stops them all', () => {
    const progress = eventSource()
    const ended = eventSource()
    vi.stubGlobal('window', { api: {} as Api })
    const heard: string[] = []
    const off = subscribeAll(
      () => progress.on((p) => heard.push(`progress ${p}`)),
      () => ended.on((p) => heard.push(`ended ${p}`)),
    )
    for (const listener of progress.listeners) listener('50%')
    for (const listener of ended.listeners) listener('ok')
    expect(heard).toEqual(['progress 50%', 'ended ok'])
    off()
    expect(progress.listeners.size).toBe(0)
    expect(ended.listeners.size).toBe(0)
  })

  it('does nothing (and throws nothing) outside VoiceDesk, where there is no bridge', () => {
    vi.stubGlobal('window', {})
    const subscription = vi.fn(() => () => undefined)
    const off = subscribeAll(subscription)
    expect(subscription).not.toHaveBeenCalled()
    expect(() => off()).not.toThrow()
  })
})
