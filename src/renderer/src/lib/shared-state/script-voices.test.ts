import { beforeEach, describe, expect, it, vi } from 'vitest'

class MemoryStorage {
  readonly items = new Map<string, string>()
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value)
  }
  removeItem(key: string): void {
    this.items.delete(key)
  }
}

let storage: MemoryStorage
beforeEach(() => {
  storage = new MemoryStorage()
  vi.stubGlobal('localStorage', storage)
  vi.resetModules()
})

async function load() {
  return import('./script-voices')
}

describe('script voices store', () => {
  it('sets the default voice and a pending block voice, and persists them (not the open script)', async () => {
    const { useScriptVoicesStore, SCRIPT_VOICES_STORAGE_KEY } = await load()
    const store = useScriptVoicesStore.getState()
    store.setDefaultVoice('emma')
    store.requestBlockVoice('george')
    store.setVoicesInOpenScript(['emma', 'liam', 'liam'])
    expect(useScriptVoicesStore.getState()).toMatchObject({
      defaultVoiceId: 'emma',
      pendingBlockVoice: { voiceId: 'george' },
      voiceIdsInOpenScript: ['emma', 'liam'],
    })
    const saved = JSON.parse(storage.getItem(SCRIPT_VOICES_STORAGE_KEY) ?? '{}') as {
      state: Record<string, unknown>
    }
    expect(saved.state).toEqual({
      defaultVoiceId: 'emma',
      pendingBlockVoice: { voiceId: 'george' },
    })

    // A reload reads them back.
    vi.resetModules()
    const reloaded = await load()
    await reloaded.useScriptVoicesStore.persist.rehydrate()
    expect(reloaded.useScriptVoicesStore.getState()).toMatchObject({
      defaultVoiceId: 'emma',
      pendingBlockVoice: { voiceId: 'george' },
      voiceIdsInOpenScript: [],
    })
  })

  it('says how the open script uses a voice, for the delete warning', async () => {
    const { useScriptVoicesStore, scriptUseOf } = await load()
    useScriptVoicesStore.getState().setDefaultVoice('emma')
    useScriptVoicesStore.getState().setVoicesInOpenScript(['liam'])
    const state = useScriptVoicesStore.getState()
    expect(scriptUseOf(state, 'emma')).toBe('default')
    expect(scriptUseOf(state, 'liam')).toBe('blocks')
    expect(scriptUseOf(state, 'george')).toBeNull()
    state.requestBlockVoice(null)
    expect(useScriptVoicesStore.getState().pendingBlockVoice).toBeNull()
  })
})
