import { createContext, useContext } from 'react'

/**
 * The voice-over project open in Voice-over, as Voices uses it. The shell (app/) hands it over
 * from that project's own view: Voices keeps no copy of it.
 */
export interface VoiceoverLink {
  /** The subtitle file's name, as Voice-over shows it. */
  name: string
  /** The project's main voice, or null before one is chosen. */
  mainVoiceId: string | null
  /** The speakers the subtitles name, in order, with the voice each is cast in (null: main). */
  speakers: readonly { name: string; voiceId: string | null }[]
  /** Makes a voice the project's main voice, as Voice-over's own "Main voice" does. */
  setMainVoice(voiceId: string): Promise<void>
  /** Casts a voice for one speaker, as Voice-over's own Cast does. */
  setSpeakerVoice(speaker: string, voiceId: string): Promise<void>
}

/** The open voice-over's link, or null when no voice-over project is open. */
export const VoiceoverLinkContext = createContext<VoiceoverLink | null>(null)

/**
 * Shows Voice-over with its subtitle picker open, the voice to become the main voice of the
 * subtitles opened from it (the shell hands Voice-over's own Open subtitles… over), or null.
 */
export const VoiceVideoWithVoiceContext = createContext<((voiceId: string) => void) | null>(null)

/** The open voice-over's link (null: none is open). */
export function useVoiceoverLink(): VoiceoverLink | null {
  return useContext(VoiceoverLinkContext)
}
