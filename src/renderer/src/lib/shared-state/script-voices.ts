import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

/** A request from another workspace to use a voice for one block of the open script. */
export interface PendingBlockVoice {
  voiceId: string
}

export interface ScriptVoicesState {
  /** The script's default voice, or null when none is chosen. */
  defaultVoiceId: string | null
  /** Voices the open script uses (written by the Script workspace). */
  voiceIdsInOpenScript: string[]
  /** A voice the user sent to the Script workspace for a block; it clears it once applied. */
  pendingBlockVoice: PendingBlockVoice | null
  setDefaultVoice: (voiceId: string | null) => void
  requestBlockVoice: (voiceId: string | null) => void
  setVoicesInOpenScript: (voiceIds: readonly string[]) => void
}

/** The localStorage key; UI state only (voice ids), never anything secret. */
export const SCRIPT_VOICES_STORAGE_KEY = 'voicedesk.script-voices'

/**
 * Cross-feature UI state between Voices and Script: Voices sends a default or block voice,
 * Script says which voices the open script uses (so Voices can warn before deleting one).
 * Persisted across reloads; `voiceIdsInOpenScript` is not, since it describes a script that
 * Script re-reports when it opens one.
 */
export const useScriptVoicesStore = create<ScriptVoicesState>()(
  persist(
    (set) => ({
      defaultVoiceId: null,
      voiceIdsInOpenScript: [],
      pendingBlockVoice: null,
      setDefaultVoice: (voiceId) => set({ defaultVoiceId: voiceId }),
      requestBlockVoice: (voiceId) =>
        set({ pendingBlockVoice: voiceId === null ? null : { voiceId } }),
      setVoicesInOpenScript: (voiceIds) => set({ voiceIdsInOpenScript: [...new Set(voiceIds)] }),
    }),
    {
      name: SCRIPT_VOICES_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => globalThis.localStorage),
      partialize: (state) => ({
        defaultVoiceId: state.defaultVoiceId,
        pendingBlockVoice: state.pendingBlockVoice,
      }),
    },
  ),
)

/**
 * How the open script uses a voice, for the delete warning: as its default voice, in some of
 * its blocks, or not at all (null).
 */
export function scriptUseOf(
  state: ScriptVoicesState,
  voiceId: string,
): 'default' | 'blocks' | null {
  if (state.voiceIdsInOpenScript.includes(voiceId)) return 'blocks'
  if (state.defaultVoiceId === voiceId) return 'default'
  return null
}
