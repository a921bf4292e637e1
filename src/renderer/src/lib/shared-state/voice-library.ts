import { useQuery } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import type { Voice } from '../../../../shared/domain/voice'
import { call } from '../ipc'

/**
 * The account's voice list as react-query holds it, one cache entry for the whole app: Voices
 * lists and refreshes it, Script's pickers read it. Voice previews likewise: Voices' list and
 * Script's picker play the same one (voice-preview.ts). Why here and not in a feature: features never
 * import one another, and two features declaring the same key drift apart.
 */
export const VOICE_LIST_KEY = ['voices', 'list'] as const

/** Reads the voice list main holds (`voices:list`, cached there; `refresh` reads the service again). */
export function fetchVoiceList(refresh = false): Promise<Voice[]> {
  return call((api) => api.voices.list({ refresh }))
}

/**
 * The voice list under {@link VOICE_LIST_KEY}. `staleTime` says how long a reader trusts what it
 * has (Voices keeps it until a refresh; a picker reads it again after a while).
 */
export function useVoiceListQuery(
  options: {
    enabled?: boolean
    staleTime?: number
    retry?: boolean
  } = {},
) {
  return useQuery<Voice[]>({
    queryKey: VOICE_LIST_KEY,
    queryFn: () => fetchVoiceList(false),
    ...options,
  })
}

/** A preview's cache key (one per voice and language), shared by every reader of previews. */
export function voicePreviewKey(voiceId: string, locale: string | null) {
  return ['voices', 'preview', voiceId, locale ?? ''] as const
}

/** Fetches a voice's preview bytes (main's disk cache first), cached in the page for the session. */
export function fetchVoicePreview(
  queryClient: QueryClient,
  voiceId: string,
  locale: string | null,
) {
  return queryClient.fetchQuery({
    queryKey: voicePreviewKey(voiceId, locale),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    queryFn: () =>
      call((api) =>
        api.voices.getMedia({ voiceId, kind: 'preview', ...(locale === null ? {} : { locale }) }),
      ),
  })
}
