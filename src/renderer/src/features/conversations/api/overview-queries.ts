import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type {
  ConversationOverview,
  OverviewEnded,
  OverviewPeriod,
  OverviewProgress,
} from '../../../../../shared/domain/conversation-overview'
import { AppError } from '../../../../../shared/errors'
import { call, subscribeAll } from '../../../lib/ipc'
import { listServedKey } from './inbox-queries'

/** What the overview shows: a period for one agent or all, by the user's local days. */
export interface OverviewChoice {
  days: OverviewPeriod
  agentId: string | null
}

/** The user's time zone (IANA name), so main counts calls by the days the user lives in. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

export const overviewRoot = ['conversations', 'overview'] as const
export const overviewKey = (choice: OverviewChoice) =>
  [...overviewRoot, choice.days, choice.agentId] as const

type Listener = { progress: (p: OverviewProgress) => void; ended: (e: OverviewEnded) => void }
const listeners = new Set<Listener>()
let unsubscribe: (() => void) | null = null

/** One subscription to main's overview events, shared by every read in flight. */
function listen(listener: Listener): () => void {
  listeners.add(listener)
  unsubscribe ??= subscribeAll(
    (api) => api.conversations.onOverviewProgress((p) => listeners.forEach((l) => l.progress(p))),
    (api) => api.conversations.onOverviewEnded((e) => listeners.forEach((l) => l.ended(e))),
  )
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      unsubscribe?.()
      unsubscribe = null
    }
  }
}

const progressListeners = new Set<(p: OverviewProgress | null) => void>()

/**
 * Asks main for a period's figures: at once when main read them lately, else after main has paged
 * the list (progress goes to {@link useOverviewProgress}). Leaving the period (the query is
 * cancelled) cancels main's read.
 */
async function readOverview(
  choice: OverviewChoice,
  refresh: boolean,
  signal: AbortSignal,
  onCounted: (counted: ConversationOverview | null) => void,
): Promise<ConversationOverview> {
  // Events may come before the call that started the read returns: listen first, keep them.
  const early = new Map<string, OverviewEnded>()
  let jobId: string | null = null
  let settle: ((ended: OverviewEnded) => void) | null = null
  const off = listen({
    progress: (p) => {
      if (jobId !== null && p.jobId !== jobId) return
      if (p.counted !== undefined) onCounted(p.counted)
      progressListeners.forEach((l) => l(p))
    },
    ended: (e) => {
      if (settle !== null && e.jobId === jobId) settle(e)
      else early.set(e.jobId, e)
    },
  })
  try {
    const started = await call((api) =>
      api.conversations.overview({ ...choice, timeZone: userTimeZone(), refresh }),
    )
    if (started.ready) return started.overview
    // The calls saved at an earlier start paint at once; the read then brings them up to date.
    // Nothing saved: the figures of the period shown before give way (to the quiet shapes).
    onCounted(started.saved)
    const id = started.jobId
    jobId = id
    const cancel = (): void => void call((api) => api.jobs.cancel({ jobId: id })).catch(() => {})
    signal.addEventListener('abort', cancel, { once: true })
    const ended = await new Promise<OverviewEnded>((resolve) => {
      const already = early.get(id)
      if (already !== undefined) resolve(already)
      else settle = resolve
    })
    signal.removeEventListener('abort', cancel)
    if (!ended.ok) throw AppError.fromData(ended.error)
    return ended.overview
  } finally {
    off()
    progressListeners.forEach((l) => l(null))
  }
}

let nextRefresh = false

/** Reads the period's figures again from the service (not main's recent copy). */
export function refreshNextOverview(): void {
  nextRefresh = true
}

/**
 * A period's figures for the overview; null while a read with nothing saved to show runs. The
 * figures on screen stay until the new period's first answer (`isPlaceholderData`). Why: main
 * answers a period change from the figures it keeps within a few ms, and unmounting the charts
 * for a skeleton in between, then mounting them again, was most of a period change's repaint.
 */
export function useOverview(choice: OverviewChoice) {
  const queryClient = useQueryClient()
  return useQuery<ConversationOverview | null>({
    queryKey: overviewKey(choice),
    queryFn: ({ signal }) => {
      const refresh = nextRefresh
      nextRefresh = false
      // The counts show while the pass rates are still read; the finished figures replace them.
      return readOverview(choice, refresh, signal, (counted) =>
        queryClient.setQueryData(overviewKey(choice), counted),
      ).then((overview) => {
        // Why here: while the overview shows, the inbox's list is not read, so its answer is
        // where the workspace learns that this service does not list conversations.
        if (overview.notServed) queryClient.setQueryData(listServedKey, false)
        return overview
      })
    },
    // Main keeps a period's figures two minutes; the page keeps them while it shows them.
    staleTime: 120_000,
    placeholderData: keepPreviousData,
    retry: false,
    refetchOnWindowFocus: false,
  })
}

/** How far the running read got (null when none runs). */
export function useOverviewProgress(): OverviewProgress | null {
  const [progress, setProgress] = useState<OverviewProgress | null>(null)
  useEffect(() => {
    progressListeners.add(setProgress)
    return () => {
      progressListeners.delete(setProgress)
    }
  }, [])
  return progress
}

/** Stops a running read (the Cancel of the progress line). */
export function cancelOverviewRead(jobId: string): Promise<unknown> {
  return call((api) => api.jobs.cancel({ jobId }))
}
