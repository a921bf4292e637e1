import { create } from 'zustand'
import type {
  VoiceoverAudioChoice,
  VoiceoverProgress,
} from '../../../../../shared/domain/voiceover'

/** The render as the page follows it. */
export type RenderState =
  { kind: 'idle' } | { kind: 'running'; jobId: string | null; progress: VoiceoverProgress | null }

interface VoiceoverUiState {
  /** The project open in the workspace (main holds it; react-query its view). */
  projectId: string | null
  render: RenderState
  /** Keep the video's own sound as a second track when saving. */
  keepOriginal: boolean
  /** Without a video: the saved track's format and level. */
  audio: VoiceoverAudioChoice
  setAudio: (audio: VoiceoverAudioChoice) => void
  setProject: (projectId: string | null) => void
  setRender: (render: RenderState) => void
  setKeepOriginal: (keep: boolean) => void
}

/** The Voice-over workspace's UI state: which project, the render being followed, save choices. */
export const useVoiceoverStore = create<VoiceoverUiState>((set) => ({
  projectId: null,
  render: { kind: 'idle' },
  keepOriginal: true,
  audio: { format: 'wav', level: 'as-spoken' },
  setAudio: (audio) => set({ audio }),
  setProject: (projectId) => set({ projectId, render: { kind: 'idle' } }),
  setRender: (render) => set({ render }),
  setKeepOriginal: (keepOriginal) => set({ keepOriginal }),
}))
