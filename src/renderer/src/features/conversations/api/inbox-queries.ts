import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { Conversation } from '../../../../../shared/domain/conversation'
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

/**
 * The inbox's pages for the filters the service applies; follows `nextCursor` on demand. Read
 * only while `enabled` (the inbox or the opened-by-id side shows, not the overview).
 */
export function useInboxList(filters: InboxServerFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: inboxKey(filters),
    enabled,
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

/** Ids read or being read by main (asked once), and ids waiting their turn, newest wish first. */
const asked = new Set<string>()
let queue: string[] = []
let pumping = false
/**
 * Most ids waiting. Why a cap: a fast scroll over thousands of rows must not leave thousands of
 * reads queued for rows already gone by; a dropped id is queued again when it is wanted again.
 */
const MAX_QUEUED = 400
/**
 * How long after its end a conversation without evaluations counts as not evaluated (the service
 * writes them within seconds of the end); before that it is asked again when next wanted.
 */
const EVALUATION_GRACE_MS = 10 * 60_000
/** When each queued conversation ended (ms), to tell "none yet" from "none". */
const endedAt = new Map<string, number>()

function mergeSummaries(queryClient: QueryClient, found: Record<string, EvaluationSummary>): void {
  queryClient.setQueryData<Record<string, EvaluationSummary>>(summariesKey, (current) => ({
    ...current,
    ...found,
  }))
}

async function pump(queryClient: QueryClient): Promise<void> {
  if (pumping) return
  pumping = true
  try {
    while (queue.length > 0) {
      const batch = queue.slice(0, SUMMARY_BATCH)
      queue = queue.slice(SUMMARY_BATCH)
      for (const id of batch) asked.add(id)
      try {
        const found = await call((api) => api.conversations.evaluationSummaries({ ids: batch }))
        const none: Record<string, EvaluationSummary> = {}
        for (const id of batch) {
          if (found[id] !== undefined) continue
          const ended = endedAt.get(id) ?? NaN
          if (Date.now() - ended > EVALUATION_GRACE_MS) {
            none[id] = { passed: 0, total: 0, criteria: [], summary: null }
          } else {
            // Without evaluations yet: asked again the next time the row is wanted.
            asked.delete(id)
          }
        }
        mergeSummaries(queryClient, { ...found, ...none })
        for (const id of batch) endedAt.delete(id)
      } catch {
        // Asked again when next wanted (the next scroll, filter or update).
        for (const id of [...batch, ...queue]) asked.delete(id)
        queue = []
      }
    }
  } finally {
    pumping = false
  }
}

/**
 * Asks main for the evaluation summaries of these finished conversations, those not asked for
 * yet, a batch at a time in one queue (main reads each once, within the account's read limit).
 * The latest wish goes first, so the rows on screen are read before rows scrolled past.
 */
export function useRequestSummaries(rows: Conversation[]): void {
  const queryClient = useQueryClient()
  // Ids and end times in one string: the effect runs when the set of rows changes, not per render.
  const key = rows.map((row) => `${row.id}@${row.endedAt ?? ''}`).join(',')
  useEffect(() => {
    if (key === '') return
    const wanted: string[] = []
    for (const item of key.split(',')) {
      const [id = '', ended = ''] = item.split('@')
      if (asked.has(id)) continue
      wanted.push(id)
      endedAt.set(id, ended === '' ? NaN : Date.parse(ended))
    }
    if (wanted.length === 0) return
    const fresh = new Set(wanted)
    const next = [...wanted, ...queue.filter((id) => !fresh.has(id))]
    for (const id of next.slice(MAX_QUEUED)) endedAt.delete(id)
    queue = next.slice(0, MAX_QUEUED)
    void pump(queryClient)
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

/**
 * Asks for a folder and starts exporting these ids, or every call the service's filters match
 * (main finds them); null when the dialog was cancelled.
 */
export function startBatchExport(what: { ids: string[] } | { filter: InboxServerFilters }) {
  return call((api) => api.conversations.exportBatch(what))
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

/** Shows an exported file in the system file manager (only files main wrote for this window). */
export function revealExport(path: string) {
  return call((api) => api.conversations.revealExport({ path }))
}
