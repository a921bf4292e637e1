import { useCallback, useDeferredValue, useMemo, useState } from 'react'
import type { ReactElement } from 'react'
import { isFinalConversationStatus } from '../../../../../shared/domain/conversation'
import type { Conversation } from '../../../../../shared/domain/conversation'
import type { InboxServerFilters } from '../../../../../shared/domain/conversation-inbox'
import { AppError } from '../../../../../shared/errors'
import { ErrorNotice } from '../../../components/error-notice'
import { describeError } from '../../../lib/error-messages'
import {
  agentLabel,
  useAgents,
  useConversationStats,
  useInboxList,
  useInboxUpdates,
  useRequestSummaries,
  useSummaries,
} from '../api/inbox-queries'
import { needsEvaluations, visibleRows } from '../hooks/inbox-filter'
import { usePageVisible } from '../hooks/use-page-visible'
import { useInboxStore } from '../stores/inbox-store'
import { BatchExportBar } from './batch-export-bar'
import { InboxFilterBar } from './inbox-filters'
import { InboxTable } from './inbox-table'

const count = new Intl.NumberFormat()

/** The criteria seen in the summaries read so far, by name (the filter's options). */
function criteriaOf(summaries: ReturnType<typeof useSummaries>): { id: string; name: string }[] {
  const byId = new Map<string, string>()
  for (const summary of Object.values(summaries)) {
    for (const c of summary.criteria) if (!byId.has(c.id)) byId.set(c.id, c.name)
  }
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
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
  const search = useDeferredValue(useInboxStore((s) => s.search))
  const focusedId = useInboxStore((s) => s.focusedId)
  const focus = useInboxStore((s) => s.focus)
  const pollError = useInboxStore((s) => s.pollError)
  const setPollError = useInboxStore((s) => s.setPollError)
  const visible = usePageVisible()
  useInboxUpdates(visible, props.server, setPollError)

  const list = useInboxList(props.server)
  const agents = useAgents()
  const stats = useConversationStats(list.isSuccess)
  const summaries = useSummaries()

  // Once each: a live row put first by an update may come again in a later page.
  const loaded = useMemo<Conversation[]>(() => {
    const seen = new Set<string>()
    const rows: Conversation[] = []
    for (const page of list.data?.pages ?? []) {
      for (const row of page?.conversations ?? []) {
        if (seen.has(row.id)) continue
        seen.add(row.id)
        rows.push(row)
      }
    }
    return rows
  }, [list.data])
  const shown = useMemo(
    () => visibleRows(loaded, filters, search, summaries, agents.names),
    [loaded, filters, search, summaries, agents.names],
  )

  const [onScreen, setOnScreen] = useState<string[]>([])
  // An evaluation filter needs every loaded finished row's evaluations, not only those on screen.
  const byId = useMemo(() => new Map(loaded.map((row) => [row.id, row])), [loaded])
  const toRead = useMemo(() => {
    const unread = (row: Conversation | undefined): row is Conversation =>
      row !== undefined && isFinalConversationStatus(row.status) && summaries[row.id] === undefined
    if (needsEvaluations(filters)) return loaded.filter(unread)
    return onScreen.map((id) => byId.get(id)).filter(unread)
  }, [filters, loaded, byId, summaries, onScreen])
  useRequestSummaries(toRead)

  const { names, isPending } = agents
  const agentName = useCallback(
    (agentId: string | null): string => agentLabel({ names, isPending }, agentId),
    [names, isPending],
  )
  const open = useCallback(
    (id: string) => {
      focus(id)
      props.onOpen(id)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [focus, props.onOpen],
  )
  const loadMore = useCallback(() => void list.fetchNextPage(), [list])

  const ids = useMemo(() => shown.rows.map((row) => row.id), [shown.rows])
  const criteria = useMemo(() => criteriaOf(summaries), [summaries])
  const total = stats.data?.total

  return (
    <div className="inbox" data-testid="inbox">
      <InboxFilterBar agents={agents.data ?? []} criteria={criteria} />
      <div className="inbox__status">
        <span data-testid="inbox-count" role="status">
          {list.isPending
            ? 'Loading conversations…'
            : `${count.format(shown.rows.length)} shown of ${count.format(loaded.length)} loaded${
                total !== undefined ? ` · ${count.format(total)} in the account` : ''
              }`}
        </span>
        {shown.awaitingEvaluations > 0 && (
          <span className="field__hint" data-testid="inbox-awaiting">
            Reading evaluations of {count.format(shown.awaitingEvaluations)} more…
          </span>
        )}
        {pollError !== null && (
          <span className="inbox__poll-error" role="status" data-testid="inbox-poll-error">
            Live updates paused: {describeError(AppError.fromData(pollError)).title}. Trying again
            shortly.
          </span>
        )}
      </div>
      <BatchExportBar ids={ids} moreToLoad={list.hasNextPage} />
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
            <p className="inbox__empty field__hint" data-testid="inbox-empty">
              {loaded.length === 0
                ? 'No conversations match these filters yet.'
                : 'None of the loaded conversations match. Change the search or the filters.'}
            </p>
          )}
        </>
      )}
    </div>
  )
}
