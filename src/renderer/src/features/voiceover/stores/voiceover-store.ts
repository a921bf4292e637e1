import { create } from 'zustand'
import type { VoiceoverProgress } from '../../../../../shared/domain/voiceover'

/** The render as the page follows it. */
export type RenderState =
  { kind: 'idle' } | { kind: 'running'; jobId: string | null; progress: VoiceoverProgress | null }

interface VoiceoverUiState {
  /** The project open in the workspace (main holds it; react-query its view). */
  projectId: string | null
  render: RenderState
  /** Keep the video's own sound as a second track when saving. */
  keepOriginal: boolean
  setProject: (projectId: string | null) => void
  setRender: (render: RenderState) => void
  setKeepOriginal: (keep: boolean) => void
}

/** The Voice-over workspace's UI state: which project, the render being followed, save choices. */
export const useVoiceoverStore = create<VoiceoverUiState>((set) => ({
  projectId: null,
  render: { kind: 'idle' },
  keepOriginal: true,
  setProject: (projectId) => set({ projectId, render: { kind: 'idle' } }),
  setRender: (render) => set({ render }),
  setKeepOriginal: (keepOriginal) => set({ keepOriginal }),
}))
