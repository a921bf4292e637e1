import { useCallback, useMemo } from 'react'
import type { ReactElement } from 'react'
import type { InboxServerFilters } from '../../../../../shared/domain/conversation-inbox'
import type { Agent } from '../../../../../shared/domain/conversation-list'
import { ErrorNotice } from '../../../components/error-notice'
import {
  agentLabel,
  useAgents,
  useConversationStats,
  useInboxList,
  useInboxUpdates,
  useSummaries,
} from '../api/inbox-queries'
import { needsEvaluations, uniqueRows } from '../hooks/inbox-filter'
import { useEvaluationReads, useShownRows } from '../hooks/use-inbox-rows'
import { useMinuteClock } from '../hooks/use-minute-clock'
import { usePageVisible } from '../hooks/use-page-visible'
import { useSearchAfterPaint } from '../hooks/use-search-after-paint'
import { useInboxStore } from '../stores/inbox-store'
import { BatchExportBar } from './batch-export-bar'
import { InboxFilterBar } from './inbox-filters'
import { InboxEmpty, InboxStatus } from './inbox-status'
import { InboxTable } from './inbox-table'

/** No agents (yet): one array, so the memoised filter bar keeps its props between keys. */
const NO_AGENTS: Agent[] = []

/** The criteria seen in the summaries read so far, by name (the filter's options). */
function criteriaOf(summaries: ReturnType<typeof useSummaries>): { id: string; name: string }[] {
  const byId = new Map<string, string>()
  for (const summary of Object.values(summaries)) {
    for (const c of summary.criteria) if (!byId.has(c.id)) byId.set(c.id, c.name)
  }
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
}

/** Keeps the listed live calls current while the window is shown; a failed poll is kept for the page. */
function useLiveInboxUpdates(server: InboxServerFilters): void {
  const setPollError = useInboxStore((s) => s.setPollError)
  const visible = usePageVisible()
  useInboxUpdates(visible, server, setPollError)
}

/** An agent's name by id, stable while the agents are (the table's rows take it). */
function useAgentName(agents: ReturnType<typeof useAgents>): (agentId: string | null) => string {
  const { names, isPending } = agents
  return useCallback(
    (agentId: string | null): string => agentLabel({ names, isPending }, agentId),
    [names, isPending],
  )
}

/**
 * Every conversation of the account, newest first: filters, search over the loaded rows, a
 * virtualized table that loads more as it scrolls, live rows kept current, batch export.
 */
export function InboxView(props: {
  server: InboxServerFilters
  openId: string | null
  onOpen: (id: string) => void
}): ReactElement {
  const filters = useInboxStore((s) => s.filters)
  // The search as the rows follow it: after the frame that shows the typed letter (the hook says
  // why), so a keystroke renders the search box, not this view.
  const search = useSearchAfterPaint()
  const focusedId = useInboxStore((s) => s.focusedId)
  const focus = useInboxStore((s) => s.focus)
  const pollError = useInboxStore((s) => s.pollError)
  const now = useMinuteClock()
  useLiveInboxUpdates(props.server)

  const list = useInboxList(props.server)
  const agents = useAgents()
  const stats = useConversationStats(list.isSuccess)
  const summaries = useSummaries()

  const loaded = useMemo(() => uniqueRows(list.data?.pages ?? []), [list.data])
  const shown = useShownRows(loaded, filters, search, summaries, agents.names)
  const setOnScreen = useEvaluationReads(loaded, filters, summaries)

  const agentName = useAgentName(agents)
  const open = useCallback(
    (id: string) => {
      focus(id)
      props.onOpen(id)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [focus, props.onOpen],
  )
  // Why from fetchNextPage and not the query result: that result is a new object at each render,
  // and a new callback would draw the table again at every keystroke of the search.
  const { fetchNextPage } = list
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage])
  const criteria = useMemo(() => criteriaOf(summaries), [summaries])

  return (
    <div className="inbox" data-testid="inbox">
      <InboxFilterBar agents={agents.data ?? NO_AGENTS} criteria={criteria} />
      <InboxStatus
        loading={list.isPending}
        shown={shown.rows.length}
        loaded={loaded.length}
        total={stats.data?.total}
        more={list.hasNextPage}
        filtered={Object.values(props.server).some((value) => value !== undefined)}
        awaitingEvaluations={shown.awaitingEvaluations}
        pollError={pollError}
      />
      <BatchExportBar
        rows={shown.rows}
        moreToLoad={list.hasNextPage}
        server={props.server}
        narrowedHere={search.trim() !== '' || needsEvaluations(filters)}
      />
      {list.isError ? (
        <div>
          <ErrorNotice error={list.error} testId="inbox-error" />
          <button type="button" className="button" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <InboxTable
            rows={shown.rows}
            agentName={agentName}
            summaries={summaries}
            focusedId={focusedId}
            openId={props.openId}
            now={now}
            // While evaluations of loaded rows are still read, an evaluation filter's result is
            // not complete: finish those before loading (and reading) more.
            hasMore={list.hasNextPage && shown.awaitingEvaluations === 0}
            loadingMore={list.isFetchingNextPage}
            onFocus={focus}
            onOpen={open}
            onLoadMore={loadMore}
            onVisible={setOnScreen}
          />
          {list.isSuccess && shown.rows.length === 0 && (
            <InboxEmpty anyLoaded={loaded.length > 0} />
          )}
        </>
      )}
    </div>
  )
}
