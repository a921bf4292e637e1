import { create } from 'zustand'
import type {
  BatchExportEnded,
  BatchExportProgress,
} from '../../../../../shared/domain/conversation-inbox'
import type { AppErrorData } from '../../../../../shared/errors'
import type { InboxFilters } from '../hooks/inbox-filter'
import { NO_FILTERS } from '../hooks/inbox-filter'

/** What the workspace shows: the overview's charts, the service's inbox, or conversations opened by id. */
export type InboxTab = 'overview' | 'inbox' | 'opened'

/** A batch export as the page follows it. */
export type ExportState =
  | { phase: 'idle' }
  | { phase: 'choosing' }
  | {
      phase: 'running'
      jobId: string
      folder: string
      done: number
      total: number
      /** Main is still finding the calls the filter matches (`total` counts those so far). */
      listing: boolean
    }
  | { phase: 'ended'; outcome: BatchExportEnded; folder: string }

interface InboxUiState {
  tab: InboxTab
  filters: InboxFilters
  /**
   * The filters a chart of the overview set, while they are still the inbox's: the inbox says
   * where its list came from and offers the way back. Null once the user changes a filter.
   */
  drilled: InboxFilters | null
  /** One row a line, shorter, so more calls fit (remembered between starts). */
  compact: boolean
  /** Search text over the loaded rows. */
  search: string
  /** The row the keyboard is on (j/k); Enter opens it. */
  focusedId: string | null
  /** The last poll error, cleared by the next good poll. */
  pollError: AppErrorData | null
  exportState: ExportState
  setTab: (tab: InboxTab) => void
  setFilter: <K extends keyof InboxFilters>(key: K, value: InboxFilters[K]) => void
  /** Sets every filter at once and clears the search. */
  setFilters: (filters: InboxFilters) => void
  /** Opens the inbox with exactly the calls of a chart's part, remembering where they came from. */
  drillFromOverview: (filters: InboxFilters) => void
  setCompact: (compact: boolean) => void
  clearFilters: () => void
  setSearch: (value: string) => void
  focus: (id: string | null) => void
  setPollError: (error: AppErrorData | null) => void
  setExportState: (state: ExportState) => void
  /** The export started under `jobId`; applies events that came before main's answer. */
  exportStarted: (jobId: string, folder: string, total: number) => void
  exportProgress: (progress: BatchExportProgress) => void
  exportEnded: (ended: BatchExportEnded) => void
}

type EarlyEvents = { progress?: BatchExportProgress; ended?: BatchExportEnded }
type RunningExport = Extract<ExportState, { phase: 'running' }>

// Events of an export that arrived before the call that started it returned (they race).
const early = new Map<string, EarlyEvents>()

/**
 * One event of an export: kept aside while the export's job id is not known yet (still choosing),
 * applied by `apply` when it is the running export's, and ignored otherwise (an older export's).
 */
function exportEvent(
  state: InboxUiState,
  jobId: string,
  event: EarlyEvents,
  apply: (running: RunningExport) => ExportState,
): Partial<InboxUiState> {
  if (state.exportState.phase === 'choosing') {
    early.set(jobId, { ...early.get(jobId), ...event })
    return {}
  }
  return state.exportState.phase === 'running' && state.exportState.jobId === jobId
    ? { exportState: apply(state.exportState) }
    : {}
}

const DENSITY_KEY = 'voicedesk.conversations.rows'

/** The remembered row density; the roomier one when the page's storage cannot be read. */
function rememberedCompact(): boolean {
  try {
    return globalThis.localStorage?.getItem(DENSITY_KEY) === 'compact'
  } catch {
    return false
  }
}

/** Remembers the row density; a storage that refuses only means it is not remembered. */
function rememberCompact(compact: boolean): void {
  try {
    globalThis.localStorage?.setItem(DENSITY_KEY, compact ? 'compact' : 'comfortable')
  } catch {
    // Why ignored: a view preference that is not kept is no loss to the user's work.
  }
}

/** UI state of the inbox (filters, search, keyboard focus, export), kept across workspaces. */
export const useInboxStore = create<InboxUiState>((set) => ({
  tab: 'overview',
  filters: NO_FILTERS,
  drilled: null,
  compact: rememberedCompact(),
  search: '',
  focusedId: null,
  pollError: null,
  exportState: { phase: 'idle' },
  setTab: (tab) => set({ tab }),
  setFilter: (key, value) =>
    set((s) => ({ filters: { ...s.filters, [key]: value }, drilled: null })),
  setFilters: (filters) => set({ filters, search: '', drilled: null }),
  drillFromOverview: (filters) => set({ filters, search: '', drilled: filters, tab: 'inbox' }),
  clearFilters: () => set({ filters: NO_FILTERS, search: '', drilled: null }),
  setCompact: (compact) => {
    rememberCompact(compact)
    set({ compact })
  },
  setSearch: (value) => set({ search: value }),
  focus: (id) => set({ focusedId: id }),
  setPollError: (error) => set({ pollError: error }),
  setExportState: (exportState) => set({ exportState }),
  exportStarted: (jobId, folder, total) => {
    const before = early.get(jobId)
    early.clear()
    set({
      exportState:
        before?.ended !== undefined
          ? { phase: 'ended', outcome: before.ended, folder }
          : {
              phase: 'running',
              jobId,
              folder,
              done: before?.progress?.done ?? 0,
              total: before?.progress?.total ?? total,
              listing: before?.progress?.listing ?? total === 0,
            },
    })
  },
  exportProgress: (progress) =>
    set((s) =>
      exportEvent(s, progress.jobId, { progress }, (running) => ({
        ...running,
        done: progress.done,
        total: progress.total,
        listing: progress.listing === true,
      })),
    ),
  exportEnded: (ended) =>
    set((s) =>
      exportEvent(s, ended.jobId, { ended }, (running) => ({
        phase: 'ended',
        outcome: ended,
        folder: running.folder,
      })),
    ),
}))
