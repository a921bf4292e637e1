import { create } from 'zustand'

interface ConversationsUiState {
  /** The conversation shown in the detail pane (opened and followed by main). */
  selectedId: string | null
  /** Filter text of the local list. */
  listFilter: string
  select: (id: string | null) => void
  setListFilter: (value: string) => void
}

/** UI state of the Conversations workspace that survives switching workspaces. */
export const useConversationsStore = create<ConversationsUiState>((set) => ({
  selectedId: null,
  listFilter: '',
  select: (id) => set({ selectedId: id }),
  setListFilter: (value) => set({ listFilter: value }),
}))
