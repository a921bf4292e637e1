import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Voice } from '../../../../../shared/domain/voice'
import { playVoicePreview } from '../../../lib/shared-state/voice-preview'
import { useMarkUsed, useSetFavorite } from '../api/voices-queries'
import { useVoicesUiStore } from '../stores/voices-ui-store'
import type { TrialSession } from './trial-session'
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
      playVoicePreview(queryClient, voice, {
        ...(locale === undefined ? {} : { locale }),
        onPlayed: markUsedMutate,
      })
    },
    [queryClient, trial, markUsedMutate],
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
