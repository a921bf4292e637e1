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
  /** The cast's row is open under the toolbar (folded by default: the lines come first). */
  castOpen: boolean
  /** The video picture is shown (hidden, it still plays in step: only the picture goes). */
  videoShown: boolean
  /** The line last gone to from the track or focused in its row: outlined on the track. */
  selectedCue: number | null
  /**
   * A voice chosen in Voices for the subtitles about to be opened: their main voice once they
   * open. Forgotten when the picker is cancelled, so nothing waits unseen for a later file.
   */
  voiceForOpen: string | null
  /** The subtitle picker should open as soon as the workspace shows (asked for from Voices). */
  pickerWanted: boolean
  setSelectedCue: (cue: number | null) => void
  setCastOpen: (open: boolean) => void
  setVideoShown: (shown: boolean) => void
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
  castOpen: false,
  videoShown: true,
  selectedCue: null,
  voiceForOpen: null,
  pickerWanted: false,
  setSelectedCue: (selectedCue) => set({ selectedCue }),
  setCastOpen: (castOpen) => set({ castOpen }),
  setVideoShown: (videoShown) => set({ videoShown }),
  setAudio: (audio) => set({ audio }),
  setProject: (projectId) => set({ projectId, render: { kind: 'idle' }, selectedCue: null }),
  setRender: (render) => set({ render }),
  setKeepOriginal: (keepOriginal) => set({ keepOriginal }),
}))
