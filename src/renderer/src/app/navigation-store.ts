import { create } from 'zustand'

export const WORKSPACE_IDS = ['script', 'voices', 'conversations', 'voiceover', 'account'] as const
export type WorkspaceId = (typeof WORKSPACE_IDS)[number]

/** How the user got to a workspace: a shortcut moves focus into it, a sidebar click does not. */
export type NavigationSource = 'pointer' | 'sidebar-keys' | 'shortcut'

interface NavigationState {
  current: WorkspaceId
  source: NavigationSource
  open: (id: WorkspaceId, source: NavigationSource) => void
}

/** The open workspace: UI state, so zustand (nothing here came over IPC). */
export const useNavigationStore = create<NavigationState>((set) => ({
  current: 'script',
  source: 'pointer',
  open: (id, source) => set({ current: id, source }),
}))
