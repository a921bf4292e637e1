import { useQuery } from '@tanstack/react-query'
import type { Voice } from '../../../../../shared/domain/voice'
import { call } from '../../../lib/ipc'

/** The voice library for pickers (the Voices workspace's `voices:list`, cached in main). */
export function useVoiceOptions() {
  return useQuery<Voice[]>({
    queryKey: ['voices', 'list'],
    queryFn: () => call((api) => api.voices.list({ refresh: false })),
    staleTime: 5 * 60_000,
    retry: false,
  })
}

/** Recently opened or saved projects. */
export function useRecentProjects() {
  return useQuery({
    queryKey: ['script', 'recent'],
    queryFn: () => call((api) => api.script.listRecent()),
  })
}

/** Drafts left by a crash, offered once at start. */
export function useRecoveryOffers() {
  return useQuery({
    queryKey: ['script', 'recovery'],
    queryFn: () => call((api) => api.script.getRecovery()),
    staleTime: Infinity,
  })
}

/** The document's running, resumable and last finished render. */
export function useRenderOverview(docId: string | null) {
  return useQuery({
    queryKey: ['script', 'render-overview', docId],
    queryFn: () => call((api) => api.script.renderOverview({ docId: docId ?? '' })),
    enabled: docId !== null,
  })
}
