import type { QueryClient } from '@tanstack/react-query'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type {
  ConversationEvent,
  ConversationSnapshot,
  ExportFormat,
  RecentConversations,
  WatchState,
} from '../../../../../shared/domain/conversation-watch'
import { applyConversationEvent } from '../../../../../shared/domain/conversation-watch'
import { call, subscribe } from '../../../lib/ipc'

/** What the detail view holds for one open conversation. */
export type OpenConversation = ConversationSnapshot & { jobId: string | null }

export const recentKey = ['conversations', 'recent'] as const
export const openKey = (id: string) => ['conversations', 'open', id] as const

/** The local list of opened conversations; main pushes changes. */
export function useRecentConversations() {
  return useQuery({
    queryKey: recentKey,
    queryFn: () => call((api) => api.conversations.listRecent()),
    staleTime: Infinity,
  })
}

/**
 * One conversation, opened (and followed) by main. The snapshot comes once; the events mounted by
 * {@link useConversationEvents} keep it current. Refetched on mount: main answers from memory.
 */
export function useOpenConversation(id: string | null) {
  return useQuery({
    queryKey: openKey(id ?? ''),
    queryFn: () => call((api) => api.conversations.open({ id: id ?? '' })),
    enabled: id !== null,
    staleTime: Infinity,
    refetchOnMount: 'always',
    gcTime: 0,
  })
}

// Events that arrived before their snapshot (the open call and the first events race on the
// browser host); applied once the snapshot is in the cache.
const early = new Map<string, (ConversationEvent | WatchState)[]>()

function conversationOf(item: ConversationEvent | WatchState): string {
  return 'conversationId' in item ? item.conversationId : item.data.conversation_id
}

function applyTo(
  snapshot: OpenConversation,
  item: ConversationEvent | WatchState,
): OpenConversation {
  if ('conversationId' in item) {
    return {
      ...snapshot,
      watch: item,
      conversation:
        item.status !== null
          ? { ...snapshot.conversation, status: item.status }
          : snapshot.conversation,
    }
  }
  return { ...applyConversationEvent(snapshot, item), jobId: snapshot.jobId }
}

function deliver(queryClient: QueryClient, item: ConversationEvent | WatchState): void {
  const id = conversationOf(item)
  const key = openKey(id)
  if (queryClient.getQueryData<OpenConversation>(key) === undefined) {
    early.set(id, [...(early.get(id) ?? []), item].slice(-20_000))
    return
  }
  queryClient.setQueryData<OpenConversation>(key, (current) =>
    current === undefined ? current : applyTo(current, item),
  )
}

/** Applies events that arrived before the snapshot; call when a snapshot lands. */
export function drainEarlyEvents(queryClient: QueryClient, id: string): void {
  const pending = early.get(id)
  if (pending === undefined) return
  early.delete(id)
  queryClient.setQueryData<OpenConversation>(openKey(id), (current) =>
    current === undefined ? current : pending.reduce(applyTo, current),
  )
}

/** Subscribes once to main's conversation events and applies them to the cache. */
export function useConversationEvents(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const offEvent = subscribe((api) =>
      api.conversations.onEvent((event) => deliver(queryClient, event)),
    )
    const offWatch = subscribe((api) =>
      api.conversations.onWatch((state) => deliver(queryClient, state)),
    )
    const offRecent = subscribe((api) =>
      api.conversations.onRecentChanged((list: RecentConversations) =>
        queryClient.setQueryData(recentKey, list),
      ),
    )
    return () => {
      offEvent()
      offWatch()
      offRecent()
    }
  }, [queryClient])
}

/** Stops following a conversation (nothing to show if it fails: main also stops with the window). */
export function closeConversation(id: string): Promise<void> {
  return call((api) => api.conversations.close({ id })).then(
    () => undefined,
    () => undefined,
  )
}

export function useRemoveRecent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call((api) => api.conversations.removeRecent({ id })),
    onSuccess: (list) => queryClient.setQueryData(recentKey, list),
  })
}

export function useDismissListNotice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call((api) => api.conversations.dismissListNotice()),
    onSuccess: (list) => queryClient.setQueryData(recentKey, list),
  })
}

export function useExportConversation() {
  return useMutation({
    mutationFn: (input: { id: string; format: ExportFormat }) =>
      call((api) => api.conversations.export(input)),
  })
}

/**
 * Tells main whether the window is hidden, so it polls slower while nobody looks. Best effort: a
 * failed report only leaves the polling pace as it was.
 */
export function reportWindowVisibility(hidden: boolean): void {
  void call((api) => api.conversations.setVisibility({ hidden })).catch(() => undefined)
}
