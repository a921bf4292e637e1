import { useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/ipc'
import { useVoiceListQuery } from '../../../lib/shared-state/voice-library'

/** The voice library for pickers: the app's one voice list (lib/shared-state/voice-library.ts). */
export function useVoiceOptions() {
  return useVoiceListQuery({ staleTime: 5 * 60_000, retry: false })
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
