import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useRef } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import type { Conversation } from '../../../../../shared/domain/conversation'
import { isFinalConversationStatus } from '../../../../../shared/domain/conversation'
import { formatOffset } from '../../../../../shared/domain/conversation-format'
import type { EvaluationSummary } from '../../../../../shared/domain/conversation-inbox'
import { moveFocus } from '../hooks/inbox-filter'
import { StatusChip } from './status-chip'

const ROW_HEIGHT = 44
/** The sticky header row's height (inbox.css), above the first row inside the scroller. */
const HEAD_HEIGHT = 34
/** How long the visible rows must stay put before their evaluations are asked for. */
const VISIBLE_SETTLE_MS = 150
/** Rows left below the visible ones when the next page is asked for. */
const LOAD_AHEAD = 30

/** The DOM id of a row, for aria-activedescendant. */
export function inboxRowId(id: string): string {
  return `inbox-row-${id}`
}

const startedFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

function started(row: Conversation): string {
  if (row.startedAt === null) return row.status === 'pending' ? 'Not yet' : 'Never'
  const date = new Date(row.startedAt)
  return Number.isNaN(date.getTime()) ? '—' : startedFormat.format(date)
}

function duration(row: Conversation): string {
  if (row.durationMs !== null) return formatOffset(row.durationMs)
  return isFinalConversationStatus(row.status) ? '—' : 'Live'
}

function evaluations(row: Conversation, summary: EvaluationSummary | undefined): ReactElement {
  if (!isFinalConversationStatus(row.status)) return <span className="inbox-evals--none">—</span>
  if (summary === undefined) {
    return (
      <span className="inbox-evals--none" title="Evaluations not read yet">
        …
      </span>
    )
  }
  if (summary.total === 0) return <span className="inbox-evals--none">None</span>
  const tone = summary.passed === summary.total ? 'pass' : summary.passed === 0 ? 'fail' : 'mixed'
  return (
    <span
      className={`inbox-evals inbox-evals--${tone}`}
      title={summary.criteria.map((c) => `${c.name}: ${c.result}`).join('\n')}
    >
      {summary.passed}/{summary.total}
    </span>
  )
}

const InboxRow = memo(function InboxRow(props: {
  row: Conversation
  agentName: string
  summary: EvaluationSummary | undefined
  focused: boolean
  open: boolean
  index: number
  top: number
  onOpen: (id: string) => void
}): ReactElement {
  const { row, summary } = props
  return (
    <div
      id={inboxRowId(row.id)}
      role="row"
      aria-rowindex={props.index + 2}
      aria-selected={props.open}
      className={`inbox-row${props.focused ? ' inbox-row--focused' : ''}${props.open ? ' inbox-row--open' : ''}`}
      style={{ transform: `translateY(${props.top}px)` }}
      data-testid="inbox-row"
      data-conversation-id={row.id}
      onClick={() => props.onOpen(row.id)}
    >
      <span role="gridcell" className="inbox-cell inbox-cell--agent" data-testid="inbox-agent">
        {props.agentName}
      </span>
      <span role="gridcell" className="inbox-cell inbox-cell--status">
        <StatusChip status={row.status} />
      </span>
      <span role="gridcell" className="inbox-cell inbox-cell--started">
        {started(row)}
      </span>
      <span role="gridcell" className="inbox-cell inbox-cell--duration">
        {duration(row)}
      </span>
      <span role="gridcell" className="inbox-cell inbox-cell--evals" data-testid="inbox-evals">
        {evaluations(row, summary)}
      </span>
      <span role="gridcell" className="inbox-cell inbox-cell--summary">
        {summary?.summary ?? ''}
      </span>
    </div>
  )
})

/**
 * The inbox as a virtualized grid: only the visible rows exist, so 10,000 loaded conversations
 * scroll and filter without a stall. j/k (or the arrow keys) move, Enter opens the row beside the
 * list; nearing the end asks for the next page.
 */
export function InboxTable(props: {
  rows: Conversation[]
  agentName: (agentId: string | null) => string
  summaries: Record<string, EvaluationSummary>
  focusedId: string | null
  openId: string | null
  hasMore: boolean
  loadingMore: boolean
  onFocus: (id: string | null) => void
  onOpen: (id: string) => void
  onLoadMore: () => void
  onVisible: (ids: string[]) => void
}): ReactElement {
  const { rows, focusedId, onVisible, onLoadMore, hasMore, loadingMore } = props
  const scrollRef = useRef<HTMLDivElement | null>(null)
  // Stable between renders on purpose: the virtualizer lays out every row again (10,000 objects,
  // a major GC every few seconds of scrolling) whenever this function changes identity.
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows])
  // eslint-disable-next-line react-hooks/incompatible-library -- the app is not built with the React Compiler; the virtualizer is read during render only, never memoised
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin: HEAD_HEIGHT,
    // Why no flushSync: a synchronous render on every scroll event costs frames on long lists.
    useFlushSync: false,
    getItemKey,
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? -1

  // The visible rows' evaluations are asked for (finished ones only; main reads each once).
  const visibleKey = rows
    .slice(first, last + 1)
    .filter((row) => isFinalConversationStatus(row.status))
    .map((row) => row.id)
    .join(',')
  // Reported once the rows settle: rows flown past in a fast scroll are not read, and the frames
  // of the scroll are not spent re-rendering the inbox around the table.
  useEffect(() => {
    const timer = setTimeout(
      () => onVisible(visibleKey === '' ? [] : visibleKey.split(',')),
      VISIBLE_SETTLE_MS,
    )
    return () => clearTimeout(timer)
  }, [visibleKey, onVisible])

  // Only a list taller than its pane loads more by itself: a search or filter that leaves a few
  // rows would otherwise read page after page of the whole account. Below that, a button asks.
  const viewport = virtualizer.scrollRect?.height ?? 0
  const scrollable = rows.length * ROW_HEIGHT > viewport && viewport > 0
  useEffect(() => {
    if (scrollable && hasMore && !loadingMore && last >= rows.length - LOAD_AHEAD) onLoadMore()
  }, [scrollable, hasMore, loadingMore, last, rows.length, onLoadMore])

  const focusedIndex = focusedId === null ? -1 : rows.findIndex((row) => row.id === focusedId)
  useEffect(() => {
    if (focusedIndex >= 0) virtualizer.scrollToIndex(focusedIndex, { align: 'auto' })
  }, [focusedIndex, virtualizer])

  const ids = (): string[] => rows.map((row) => row.id)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const step =
      event.key === 'j' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'k' || event.key === 'ArrowUp'
          ? -1
          : event.key === 'PageDown'
            ? 10
            : event.key === 'PageUp'
              ? -10
              : 0
    if (step !== 0) {
      event.preventDefault()
      props.onFocus(moveFocus(ids(), focusedIndex === -1 ? null : focusedId, step))
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      props.onFocus((event.key === 'Home' ? rows[0] : rows.at(-1))?.id ?? null)
    } else if (event.key === 'Enter' && focusedIndex >= 0 && focusedId !== null) {
      event.preventDefault()
      props.onOpen(focusedId)
    }
  }

  // The grid is the scroller itself, so that it takes the keyboard focus that scrolls it (the
  // header row stays on top, sticky); the rows are placed below the header (scrollMargin).
  return (
    <div className="inbox-table">
      <div
        className="inbox-table__scroll"
        ref={scrollRef}
        role="grid"
        aria-label="Conversations"
        aria-rowcount={rows.length + 1}
        aria-activedescendant={
          focusedIndex >= 0 && focusedId !== null ? inboxRowId(focusedId) : undefined
        }
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="inbox-table"
      >
        <div className="inbox-row inbox-row--head" role="row" aria-rowindex={1}>
          <span role="columnheader" className="inbox-cell inbox-cell--agent">
            Agent
          </span>
          <span role="columnheader" className="inbox-cell inbox-cell--status">
            Status
          </span>
          <span role="columnheader" className="inbox-cell inbox-cell--started">
            Started
          </span>
          <span role="columnheader" className="inbox-cell inbox-cell--duration">
            Duration
          </span>
          <span
            role="columnheader"
            className="inbox-cell inbox-cell--evals"
            title="Criteria passed of total"
          >
            Passed
          </span>
          <span role="columnheader" className="inbox-cell inbox-cell--summary">
            Summary
          </span>
        </div>
        <div className="inbox-table__rows" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index] as Conversation
            return (
              <InboxRow
                key={row.id}
                row={row}
                agentName={props.agentName(row.agentId)}
                summary={props.summaries[row.id]}
                focused={row.id === focusedId}
                open={row.id === props.openId}
                index={item.index}
                top={item.start - HEAD_HEIGHT}
                onOpen={props.onOpen}
              />
            )
          })}
        </div>
        {!scrollable && hasMore && !loadingMore && (
          <div className="inbox-table__more">
            <button type="button" className="button button--small" onClick={onLoadMore}>
              Load more conversations
            </button>
          </div>
        )}
        {loadingMore && (
          <p className="inbox-table__more field__hint">Loading more conversations…</p>
        )}
      </div>
    </div>
  )
}
