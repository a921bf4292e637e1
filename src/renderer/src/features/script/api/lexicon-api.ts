import { useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  LexiconImportResult,
  LexiconSource,
} from '../../../../../shared/domain/lexicon-layers'
import type { LexiconEntry } from '../../../../../shared/domain/script'
import { call } from '../../../lib/ipc'
import { onOpenDocument } from './document-sync'

const USER_LEXICON_KEY = ['lexicon', 'user'] as const

/** The pronunciations every project shares (kept by main in the user data folder). */
export function useUserLexicon() {
  return useQuery({
    queryKey: USER_LEXICON_KEY,
    queryFn: () => call((api) => api.lexicon.getUser()),
    staleTime: Infinity,
  })
}

/** Saving the shared pronunciations: main validates and writes them, the query then holds them. */
export function useSaveUserLexicon(): (entries: LexiconEntry[]) => Promise<LexiconEntry[]> {
  const queryClient = useQueryClient()
  return async (entries) => {
    const saved = await call((api) => api.lexicon.setUser({ entries }))
    queryClient.setQueryData(USER_LEXICON_KEY, saved)
    return saved
  }
}

/**
 * A PLS or CSV file chosen in main's dialog: for `user` main merges and saves it (the query is
 * updated), for `project` its entries come back for the page to add. Null when cancelled.
 */
export function useImportLexicon(): (target: LexiconSource) => Promise<LexiconImportResult | null> {
  const queryClient = useQueryClient()
  return async (target) => {
    const result = await call((api) => api.lexicon.import({ target }))
    if (result?.userEntries !== undefined) {
      queryClient.setQueryData(USER_LEXICON_KEY, result.userEntries)
    }
    return result
  }
}

/** Writes a dictionary to a PLS or CSV file chosen in main's save dialog; null when cancelled. */
export function exportLexicon(
  source: LexiconSource,
): Promise<{ fileName: string; location: string; count: number } | null> {
  if (source === 'user') return call((api) => api.lexicon.export({ source }))
  // The project's entries as main holds them, after the edits not sent yet reach it.
  return onOpenDocument((document) => call((api) => api.lexicon.export({ source, document })))
}
