import { memo } from 'react'
import type { ReactElement } from 'react'
import type { Conversation } from '../../../../../shared/domain/conversation'
import { isFinalConversationStatus } from '../../../../../shared/domain/conversation'
import { formatOffset } from '../../../../../shared/domain/conversation-format'
import {
  verdictTone,
  type EvaluationSummary,
} from '../../../../../shared/domain/conversation-inbox'
import { dayStart } from '../../../lib/human-time'
import { callTime } from './call-time'
import { StatusChip } from './status-chip'

/** The DOM id of a row, for aria-activedescendant. */
export function inboxRowId(id: string): string {
  return `inbox-row-${id}`
}

// A call that has not started (waiting) or never did (failed before it connected) shows when it
// was placed: the column always holds a time, never a riddle. In the screen's one format for
// call times ("today 8:38 PM", "Jul 20, 10:00 AM"), as the opened call's heading says it.
function formatStarted(row: Conversation, nowMs: number): string {
  return callTime(row.startedAt ?? row.createdAt, nowMs)
}

// Why a cache: formatting a date was the costliest part of drawing a row, and a scroll through
// thousands of rows formats each again and again. Kept per row object and the day it was made
// on, so an entry never outlives what it was formatted from, nor "today" its day.
const startedTexts = new WeakMap<Conversation, { today: number; text: string }>()

/** When a conversation started, as the Started column shows it (`nowMs`: what "today" is). */
export function startedText(row: Conversation, nowMs = Date.now()): string {
  const today = dayStart(nowMs)
  let entry = startedTexts.get(row)
  if (entry === undefined || entry.today !== today) {
    entry = { today, text: formatStarted(row, nowMs) }
    startedTexts.set(row, entry)
  }
  return entry.text
}

/** How long a conversation lasted, as the Duration column shows it ("—" until it is known). */
export function durationText(row: Conversation): string {
  return row.durationMs !== null ? formatOffset(row.durationMs) : '—'
}

/**
 * A finished call whose result is still being read: a quiet bar where the value will be. Why not
 * "…": in a column of figures it read as a value cut short, not as one on its way.
 */
function ReadingPlaceholder(props: { wide?: boolean }): ReactElement {
  return (
    <span
      className={`inbox-reading${props.wide === true ? ' inbox-reading--wide' : ''}`}
      data-testid="inbox-reading"
    >
      <span className="visually-hidden">Reading the result</span>
    </span>
  )
}

function evaluations(row: Conversation, summary: EvaluationSummary | undefined): ReactElement {
  if (!isFinalConversationStatus(row.status)) return <span className="inbox-evals--none">—</span>
  if (summary === undefined) return <ReadingPlaceholder />
  if (summary.total === 0) return <span className="inbox-evals--none">None</span>
  const tone = verdictTone(summary.criteria.map((c) => c.result))
  return (
    <span
      className={`inbox-evals tone--${tone}`}
      title={summary.criteria.map((c) => `${c.name}: ${c.result}`).join('\n')}
    >
      {summary.passed}/{summary.total}
    </span>
  )
}

/**
 * One conversation in the inbox grid. It holds no handler of its own (the table listens for the
 * clicks of all rows) and no position (the table moves the rows together), so a row whose
 * conversation and summary are unchanged is not drawn again when the table renders (a keystroke
 * in the search, a live update, a scroll that ends where it started).
 */
export const InboxRow = memo(function InboxRow(props: {
  row: Conversation
  agentName: string
  summary: EvaluationSummary | undefined
  focused: boolean
  open: boolean
  /** Listed as waiting or live, but unchanged for hours. */
  stale: boolean
  index: number
}): ReactElement {
  const { row, summary } = props
  return (
    <div
      id={inboxRowId(row.id)}
      role="row"
      aria-rowindex={props.index + 2}
      aria-selected={props.open}
      className={`inbox-row${props.focused ? ' inbox-row--focused' : ''}${props.open ? ' inbox-row--open' : ''}`}
      data-testid="inbox-row"
      data-conversation-id={row.id}
    >
      <span role="gridcell" className="inbox-cell inbox-cell--agent" data-testid="inbox-agent">
        {props.agentName}
      </span>
      <span role="gridcell" className="inbox-cell inbox-cell--status">
        <StatusChip status={row.status} stale={props.stale} />
      </span>
      <span role="gridcell" className="inbox-cell inbox-cell--started">
        {startedText(row)}
      </span>
      <span role="gridcell" className="inbox-cell inbox-cell--duration">
        {durationText(row)}
      </span>
      <span role="gridcell" className="inbox-cell inbox-cell--evals" data-testid="inbox-evals">
        {evaluations(row, summary)}
      </span>
      <span role="gridcell" className="inbox-cell inbox-cell--summary">
        {summary !== undefined ? (
          summary.summary
        ) : isFinalConversationStatus(row.status) ? (
          <ReadingPlaceholder wide />
        ) : (
          ''
        )}
      </span>
    </div>
  )
})
