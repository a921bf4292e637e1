import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Voice } from '../../../../../shared/domain/voice'
import { fetchPreview, useMarkUsed, useSetFavorite } from '../api/voices-queries'
import { useVoicesUiStore } from '../stores/voices-ui-store'
import type { TrialSession } from './trial-session'
import { messageOf } from './trial-session'
import { useVoicePlayers } from './use-voice-players'

/** Longest "try with my text" line (the contract's limit). */
export const MAX_TRY_TEXT = 500

/** Preview, trial, stop and favourite: what the list, the details and the keyboard share. */
export function useVoiceActions(trial: TrialSession) {
  const players = useVoicePlayers()
  const queryClient = useQueryClient()
  const markUsed = useMarkUsed()
  const setFavorite = useSetFavorite()
  const { mutate: markUsedMutate } = markUsed
  const { mutate: setFavoriteMutate } = setFavorite

  const preview = useCallback(
    (voice: Voice, locale?: string) => {
      trial.cancel()
      useVoicesUiStore.getState().setActivePlayer('preview')
      const label = `Preview of ${voice.displayName}${locale === undefined ? '' : ` (${locale})`}`
      players.preview.loading(label)
      fetchPreview(queryClient, voice.id, locale ?? null).then(
        async (media) => {
          if (media === null) {
            players.preview.fail(
              label,
              `${voice.displayName} has no preview audio. Use "Try with my text" to hear it.`,
            )
            return
          }
          markUsedMutate(voice.id)
          await players.preview.play(media.bytes, media.contentType ?? 'audio/mpeg', label)
        },
        (error: unknown) => players.preview.fail(label, messageOf(error)),
      )
    },
    [players, queryClient, trial, markUsedMutate],
  )

  const tryText = useCallback(
    (voice: Voice, text: string, model?: string) => {
      players.preview.stop()
      useVoicesUiStore.getState().setActivePlayer('trial')
      void trial.start({
        voiceId: voice.id,
        voiceName: voice.displayName,
        text,
        ...(model === undefined ? {} : { model }),
      })
      void queryClient.invalidateQueries({ queryKey: ['voices', 'library'] })
    },
    [players, trial, queryClient],
  )

  const stop = useCallback(() => {
    players.preview.stop()
    trial.cancel()
  }, [players, trial])

  const toggleFavorite = useCallback(
    (voiceId: string, favorite: boolean) => setFavoriteMutate({ voiceId, favorite }),
    [setFavoriteMutate],
  )

  return { preview, tryText, stop, toggleFavorite }
}
