import { create } from 'zustand'
import type { SortOrder, VoiceCriteria } from '../hooks/voice-search'
import { NO_CRITERIA } from '../hooks/voice-search'

interface VoicesUiState {
  criteria: VoiceCriteria
  sort: SortOrder
  /** The voice shown in the details panel. */
  selectedId: string | null
  createOpen: boolean
  /** The voice whose delete confirmation is open. */
  deletingId: string | null
  /** Which player the player bar follows: the last one started. */
  activePlayer: 'preview' | 'trial'
  setCriteria: (patch: Partial<VoiceCriteria>) => void
  clearFilters: () => void
  setSort: (sort: SortOrder) => void
  select: (voiceId: string | null) => void
  setCreateOpen: (open: boolean) => void
  askDelete: (voiceId: string | null) => void
  setActivePlayer: (player: 'preview' | 'trial') => void
}

/** UI state of the Voices workspace (filters, selection, dialogs); kept while switching workspaces. */
export const useVoicesUiStore = create<VoicesUiState>()((set) => ({
  criteria: NO_CRITERIA,
  sort: 'name',
  selectedId: null,
  createOpen: false,
  deletingId: null,
  activePlayer: 'preview',
  setCriteria: (patch) => set((state) => ({ criteria: { ...state.criteria, ...patch } })),
  clearFilters: () =>
    set((state) => ({ criteria: { ...NO_CRITERIA, query: state.criteria.query } })),
  setSort: (sort) => set({ sort }),
  select: (voiceId) => set({ selectedId: voiceId }),
  setCreateOpen: (open) => set({ createOpen: open }),
  askDelete: (voiceId) => set({ deletingId: voiceId }),
  setActivePlayer: (player) => set({ activePlayer: player }),
}))
