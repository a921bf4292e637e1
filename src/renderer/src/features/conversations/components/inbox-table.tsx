import { memo, useCallback } from 'react'
import type { MouseEvent, ReactElement, UIEvent } from 'react'
import type { Conversation } from '../../../../../shared/domain/conversation'
import type { EvaluationSummary } from '../../../../../shared/domain/conversation-inbox'
import { isStaleCall } from '../../../../../shared/domain/conversation-format'
import { windowRowKey } from '../../../lib/window-row-keys'
import { inboxKeyHandler } from '../hooks/inbox-keys'
import {
  COMPACT_ROW_HEIGHT,
  HEAD_HEIGHT,
  ROW_HEIGHT,
  useInboxWindow,
} from '../hooks/use-inbox-window'
import { useInboxStore } from '../stores/inbox-store'
import { InboxRow, inboxRowId } from './inbox-row'
import './inbox-rows.css'

/** The grid's header row: sticky at the top of the scroller. */
function InboxHead(): ReactElement {
  return (
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
  )
}

/** Opens the row a click landed in (one listener for the whole window of rows). */
function openRow(event: MouseEvent<HTMLDivElement>, onOpen: (id: string) => void): void {
  const row = (event.target as Element).closest<HTMLElement>('[data-conversation-id]')
  const id = row?.dataset.conversationId
  if (id !== undefined) onOpen(id)
}

const MOVING_CLASS = 'inbox-table__scroll--moving'
/** How long after the last scroll event the rows take the pointer again. */
const SETTLE_MS = 150
const settleTimers = new WeakMap<Element, ReturnType<typeof setTimeout>>()

/**
 * While the table scrolls, its rows ignore the pointer. Why: each frame brings rows under a still
 * mouse, and hit-testing them and restyling the one hovered cost a frame its budget at 10,000
 * rows; a class on the scroller (no React render) is the cheapest switch.
 */
function markMoving(event: UIEvent<HTMLDivElement>): void {
  const el = event.currentTarget
  el.classList.add(MOVING_CLASS)
  clearTimeout(settleTimers.get(el))
  settleTimers.set(
    el,
    setTimeout(() => el.classList.remove(MOVING_CLASS), SETTLE_MS),
  )
}

/**
 * Below the rows: "Load more" when the list is shorter than its pane (a taller one loads more by
 * itself as it scrolls), and a line while the next page is read.
 */
function InboxMore(props: {
  offer: boolean
  loading: boolean
  onLoadMore: () => void
}): ReactElement | null {
  if (props.loading)
    return <p className="inbox-table__more field__hint">Loading more conversations…</p>
  if (!props.offer) return null
  return (
    <div className="inbox-table__more">
      <button type="button" className="button button--small" onClick={props.onLoadMore}>
        Load more conversations
      </button>
    </div>
  )
}

/**
 * The grid's active descendant: the focused row's element id, only while that row is in the page.
 * Why: a focused row scrolled (or resized) out of the window is not in the DOM, and an active
 * descendant naming a missing element is invalid ARIA.
 */
function activeRowId(
  focusedId: string | null,
  focusedIndex: number,
  inPage: readonly { index: number }[],
): string | undefined {
  const first = inPage[0]?.index ?? 0
  const last = inPage.at(-1)?.index ?? -1
  if (focusedId === null || focusedIndex < first || focusedIndex > last) return undefined
  return inboxRowId(focusedId)
}

/**
 * The inbox as a virtualized grid: only the visible rows exist, so 10,000 loaded conversations
 * scroll and filter without a stall. j/k (or the arrow keys) move, Enter opens the row beside the
 * list; nearing the end asks for the next page.
 */
export const InboxTable = memo(function InboxTable(props: {
  rows: Conversation[]
  agentName: (agentId: string | null) => string
  summaries: Record<string, EvaluationSummary>
  focusedId: string | null
  openId: string | null
  /** The time stale calls are judged against (epoch ms; moves once a minute). */
  now: number
  hasMore: boolean
  loadingMore: boolean
  onFocus: (id: string | null) => void
  onOpen: (id: string) => void
  onLoadMore: () => void
  onVisible: (ids: string[]) => void
}): ReactElement {
  const { rows, focusedId, onOpen, onLoadMore, hasMore, loadingMore } = props
  // Shorter one-line rows (the View menu's "Compact rows"): a fixed height per density.
  const compact = useInboxStore((s) => s.compact)
  const focusedIndex = focusedId === null ? -1 : rows.findIndex((row) => row.id === focusedId)
  const { scrollRef, virtualizer, items, scrollable } = useInboxWindow({
    rows,
    focusedIndex,
    hasMore,
    loadingMore,
    onLoadMore,
    onVisible: props.onVisible,
    rowHeight: compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT,
  })
  const firstIndex = items[0]?.index ?? 0
  // One listener for every row's click (rows come and go by the dozen a frame while scrolling).
  const openClicked = useCallback(
    (event: MouseEvent<HTMLDivElement>) => openRow(event, onOpen),
    [onOpen],
  )
  const shownFocus = focusedIndex >= 0 ? focusedId : null

  // The grid is the scroller itself, so that it takes the keyboard focus that scrolls it (the
  // header row stays on top, sticky); the rows are placed below the header (scrollMargin), in one
  // window moved to where the first of them starts.
  return (
    <div className={`inbox-table${compact ? ' inbox-table--compact' : ''}`}>
      <div
        className="inbox-table__scroll"
        ref={scrollRef}
        role="grid"
        aria-label="Conversations"
        aria-rowcount={rows.length + 1}
        aria-activedescendant={activeRowId(shownFocus, focusedIndex, items)}
        tabIndex={0}
        onKeyDown={inboxKeyHandler({ rows, focusedId: shownFocus, onFocus: props.onFocus, onOpen })}
        onScroll={markMoving}
        data-testid="inbox-table"
      >
        <InboxHead />
        <div className="inbox-table__rows" style={{ height: virtualizer.getTotalSize() }}>
          <div
            className="inbox-table__window"
            style={{ transform: `translateY(${(items[0]?.start ?? HEAD_HEIGHT) - HEAD_HEIGHT}px)` }}
            onClick={openClicked}
          >
            {items.map((item) => {
              const row = rows[item.index] as Conversation
              return (
                <InboxRow
                  key={windowRowKey(item.index, firstIndex)}
                  row={row}
                  agentName={props.agentName(row.agentId)}
                  summary={props.summaries[row.id]}
                  focused={row.id === focusedId}
                  open={row.id === props.openId}
                  stale={isStaleCall(row, props.now)}
                  index={item.index}
                />
              )
            })}
          </div>
        </div>
        <InboxMore
          offer={!scrollable && hasMore && !loadingMore}
          loading={loadingMore}
          onLoadMore={onLoadMore}
        />
      </div>
    </div>
  )
})
