import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { Voice } from '../../../../shared/domain/voice'
import { BytesPlayer } from '../audio/bytes-player'
import { describeError } from '../error-messages'
import { fetchVoicePreview } from './voice-library'

/**
 * The one player for voice previews in the whole window. Why a single shared player: Voices' list,
 * its side panel and Script's voice picker all preview voices, and two previews at once are noise;
 * starting one here stops whichever was playing. Features never import one another, so it lives
 * outside them.
 */
export const voicePreviewPlayer = new BytesPlayer()

/** The voice whose preview the player holds (loading, playing or finished), or null. */
let previewVoiceId: string | null = null

/** What a voice's play button shows: its preview is loading, playing, or neither. */
export type VoicePreviewState = 'idle' | 'loading' | 'playing'

/** Plays a voice's preview on the shared player (stopping any other); `onPlayed` once it starts. */
export function playVoicePreview(
  queryClient: QueryClient,
  voice: Voice,
  options: { locale?: string; onPlayed?: (voiceId: string) => void } = {},
): void {
  const { locale } = options
  const label = `Preview of ${voice.displayName}${locale === undefined ? '' : ` (${locale})`}`
  previewVoiceId = voice.id
  voicePreviewPlayer.loading(label)
  fetchVoicePreview(queryClient, voice.id, locale ?? null).then(
    async (media) => {
      // Another preview started while this one was fetched: that one wins.
      if (previewVoiceId !== voice.id || voicePreviewPlayer.state.getSnapshot().label !== label)
        return
      if (media === null) {
        voicePreviewPlayer.fail(
          label,
          `${voice.displayName} has no preview audio. Use "Try with my text" in Voices to hear it.`,
        )
        return
      }
      options.onPlayed?.(voice.id)
      await voicePreviewPlayer.play(media.bytes, media.contentType ?? 'audio/mpeg', label)
    },
    (error: unknown) => {
      if (previewVoiceId !== voice.id) return
      voicePreviewPlayer.fail(label, messageOf(error))
    },
  )
}

/** Stops the preview, whichever voice it was. */
export function stopVoicePreview(): void {
  voicePreviewPlayer.stop()
}

/** Whether `voiceId`'s preview is loading or playing now (re-renders only when that changes). */
export function useVoicePreviewState(voiceId: string): VoicePreviewState {
  return useSyncExternalStore(voicePreviewPlayer.state.subscribe, () => previewStateOf(voiceId))
}

function previewStateOf(voiceId: string): VoicePreviewState {
  if (previewVoiceId !== voiceId) return 'idle'
  const { status } = voicePreviewPlayer.state.getSnapshot()
  return status === 'loading' ? 'loading' : status === 'playing' ? 'playing' : 'idle'
}

function messageOf(error: unknown): string {
  const description = describeError(error)
  return `${description.title}. ${description.message}`
}
