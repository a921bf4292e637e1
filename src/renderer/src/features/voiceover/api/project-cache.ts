// The page's copy of an open voice-over project (react-query holds it): its key, and how main's
// patch answers (an edit, a line's fit, a settings change) reach it, only the lines sent replaced.

import type { QueryClient } from '@tanstack/react-query'
import type { VoiceoverPatch, VoiceoverProject } from '../../../../../shared/domain/voiceover'
import { applyVoiceoverPatch } from '../../../../../shared/domain/voiceover-patch'

/** The query key of an open project. */
export const projectKey = (projectId: string) => ['voiceover', 'project', projectId] as const

/**
 * Applies a patch answer to the project react-query holds. Why a refetch when it does not apply:
 * a patch made from another revision than the cached one (an answer lost or out of order) would
 * leave lines from two different plans side by side.
 */
export function patchCachedProject(queryClient: QueryClient, answer: VoiceoverPatch): void {
  const key = projectKey(answer.projectId)
  const next = applyVoiceoverPatch(queryClient.getQueryData<VoiceoverProject>(key), answer)
  if (next !== null) queryClient.setQueryData(key, next)
  else void queryClient.invalidateQueries({ queryKey: key })
}
