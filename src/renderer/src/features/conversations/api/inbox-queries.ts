import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type {
  BatchExportEnded,
  BatchExportProgress,
  EvaluationSummary,
  InboxServerFilters,
  InboxUpdate,
} from '../../../../../shared/domain/conversation-inbox'
import type { AppErrorData } from '../../../../../shared/errors'
import { call, subscribe } from '../../../lib/ipc'
import type { InboxPage } from '../hooks/inbox-filter'
import { applyLiveChange } from '../hooks/inbox-filter'

/** Rows per list page: a few screens, and few enough to paint at once. */
export const INBOX_PAGE_SIZE = 100
/** Evaluation summaries asked for in one call (the contract takes up to 200). */
const SUMMARY_BATCH = 50

const inboxRoot = ['conversations', 'inbox'] as const
export const inboxKey = (filters: InboxServerFilters) => [...inboxRoot, 'list', filters] as const
export const agentsKey = ['conversations', 'agents'] as const
export const statsKey = ['conversations', 'stats'] as const
export const summariesKey = ['conversations', 'summaries'] as const
/** False once main learns the deployment does not list conversations. */
export const listServedKey = ['conversations', 'listServed'] as const

/** A list page, or null when the service does not list conversations. */
type CachedPage = InboxPage | null

/** The inbox's pages for the filters the service applies; follows `nextCursor` on demand. */
export function useInboxList(filters: InboxServerFilters) {
  return useInfiniteQuery({
    queryKey: inboxKey(filters),
    queryFn: async ({ pageParam }): Promise<CachedPage> => {
      const page = await call((api) =>
        api.conversations.list({
          ...filters,
          limit: INBOX_PAGE_SIZE,
          ...(pageParam === null ? {} : { cursor: pageParam }),
        }),
      )
      if (!page.served) return null
      return {
        conversations: page.conversations,
        nextCursor: page.nextCursor,
        hasMore: page.hasMore,
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last !== null && last.hasMore && last.nextCursor !== null ? last.nextCursor : undefined,
    // Live rows arrive by events; a refetch would reload every page the user scrolled through.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
}

/** Every agent with its name, and a lookup from id to name. */
export function useAgents() {
  const query = useQuery({
    queryKey: agentsKey,
    queryFn: () => call((api) => api.conversations.agents()),
    staleTime: 5 * 60_000,
  })
  const names = useMemo(
    () => new Map((query.data ?? []).map((agent) => [agent.id, agent.name])),
    [query.data],
  )
  return { ...query, names }
}

/** An agent's name for display: never its raw id. */
export function agentLabel(
  agents: { names: ReadonlyMap<string, string>; isPending: boolean },
  agentId: string | null,
): string {
  if (agentId === null) return 'No agent'
  return agents.names.get(agentId) ?? (agents.isPending ? 'Loading…' : 'Unknown agent')
}

/** Counts by status of the whole account. */
export function useConversationStats(enabled: boolean) {
  return useQuery({
    queryKey: statsKey,
    queryFn: () => call((api) => api.conversations.stats()),
    enabled,
    staleTime: 30_000,
  })
}

/** Evaluation summaries read so far, by conversation id. */
export function useSummaries(): Record<string, EvaluationSummary> {
  return (
    useQuery({
      queryKey: summariesKey,
      // Filled only by setQueryData (answers and events); never fetched.
      queryFn: () => ({}),
      initialData: {},
      staleTime: Infinity,
      gcTime: Infinity,
    }).data ?? {}
  )
}

const asked = new Set<string>()

function mergeSummaries(queryClient: QueryClient, found: Record<string, EvaluationSummary>): void {
  queryClient.setQueryData<Record<string, EvaluationSummary>>(summariesKey, (current) => ({
    ...current,
    ...found,
  }))
}

/**
 * Asks main for the evaluation summaries of these finished conversations, those not asked for
 * yet, a batch at a time (main reads each once, within the account's read limit). One still
 * without evaluations is asked again the next time it is wanted.
 */
export function useRequestSummaries(ids: string[]): void {
  const queryClient = useQueryClient()
  const key = ids.join(',')
  useEffect(() => {
    const wanted = key === '' ? [] : key.split(',').filter((id) => !asked.has(id))
    if (wanted.length === 0) return
    for (const id of wanted) asked.add(id)
    let stopped = false
    void (async () => {
      for (let start = 0; start < wanted.length; start += SUMMARY_BATCH) {
        const batch = wanted.slice(start, start + SUMMARY_BATCH)
        if (stopped) {
          // Not asked after all (the rows changed): free them for the next request.
          for (const id of batch) asked.delete(id)
          continue
        }
        try {
          const found = await call((api) => api.conversations.evaluationSummaries({ ids: batch }))
          mergeSummaries(queryClient, found)
          // Without evaluations yet: may be asked again when the row is shown again.
          for (const id of batch) if (found[id] === undefined) asked.delete(id)
        } catch {
          for (const id of batch) asked.delete(id)
          return
        }
      }
    })()
    return () => {
      stopped = true
    }
  }, [key, queryClient])
}

/**
 * Polls live conversations while `watching` (the inbox is shown and the window visible) and
 * applies what main reports: changed rows into the loaded pages, evaluations into the summaries,
 * and the end of listing.
 */
export function useInboxUpdates(
  watching: boolean,
  filters: InboxServerFilters,
  onError: (error: AppErrorData | null) => void,
): void {
  const queryClient = useQueryClient()
  const filterKey = JSON.stringify(filters)
  useEffect(() => {
    const current = JSON.parse(filterKey) as InboxServerFilters
    return subscribe((api) =>
      api.conversations.onInbox((update: InboxUpdate) => {
        if (update.kind === 'changed') {
          onError(null)
          queryClient.setQueryData<InfiniteData<CachedPage, string | null>>(
            inboxKey(current),
            (data) => {
              if (data === undefined || data.pages.some((page) => page === null)) return data
              const pages = applyLiveChange(data.pages as InboxPage[], update.conversation, current)
              return pages === data.pages ? data : { ...data, pages }
            },
          )
        } else if (update.kind === 'evaluations') {
          mergeSummaries(queryClient, { [update.id]: update.summary })
        } else if (update.kind === 'notServed') {
          queryClient.setQueryData(listServedKey, false)
        } else {
          onError(update.error)
        }
      }),
    )
  }, [queryClient, filterKey, onError])

  useEffect(() => {
    if (!watching) return
    void call((api) => api.conversations.watchInbox({ watching: true })).catch(() => undefined)
    return () => {
      void call((api) => api.conversations.watchInbox({ watching: false })).catch(() => undefined)
    }
  }, [watching])
}

/** False once main reported that this deployment does not list conversations. */
export function useListServed(): boolean {
  return (
    useQuery({
      queryKey: listServedKey,
      queryFn: () => true,
      initialData: true,
      staleTime: Infinity,
    }).data ?? true
  )
}

/** Asks for a folder and starts exporting; null when the dialog was cancelled. */
export function startBatchExport(ids: string[]) {
  return call((api) => api.conversations.exportBatch({ ids }))
}

/** Stops a running batch export (nothing is left under the final names). */
export function cancelBatchExport(jobId: string) {
  return call((api) => api.jobs.cancel({ jobId }))
}

/** Subscribes to batch export progress and its end. */
export function useBatchExportEvents(handlers: {
  progress: (p: BatchExportProgress) => void
  ended: (e: BatchExportEnded) => void
}): void {
  const { progress, ended } = handlers
  useEffect(() => {
    const offProgress = subscribe((api) => api.conversations.onExportProgress(progress))
    const offEnded = subscribe((api) => api.conversations.onExportEnded(ended))
    return () => {
      offProgress()
      offEnded()
    }
  }, [progress, ended])
}
