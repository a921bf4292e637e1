import type { ReactElement } from 'react'
import type { Conversation } from '../../../../../shared/domain/conversation'
import {
  endReasonLabel,
  formatOffset,
  transportLabel,
} from '../../../../../shared/domain/conversation-format'
import type { WatchState } from '../../../../../shared/domain/conversation-watch'
import { CopyButton } from '../../../components/copy-button'
import { Disclosure } from '../../../components/ui/disclosure'
import { formatDateTime } from '../../../lib/format'
import { StatusChip } from './status-chip'

function when(iso: string | null): string {
  return iso === null ? '—' : formatDateTime(iso)
}

const SHORT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** "Jul 20, 2026, 10:00 AM": the heading's time (the facts below keep the seconds). */
function whenShort(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : SHORT.format(date)
}

/** "3:12", or "3:12 so far" while the call runs. */
function duration(c: Conversation, now: number): string {
  if (c.durationMs !== null) return formatOffset(c.durationMs)
  const start = Date.parse(c.startedAt ?? '')
  if (c.endedAt === null && !Number.isNaN(start)) return `${formatOffset(now - start)} so far`
  return '—'
}

/** One identifier in the details: the value in full (never cut mid-token) and a copy button. */
function Identifier(props: {
  label: string
  value: string
  what: string
  testId?: string
}): ReactElement {
  return (
    <div className="conversation-header__identifier">
      <dt>{props.label}</dt>
      <dd>
        <code className="conversation-header__code" data-testid={props.testId}>
          {props.value}
        </code>
        <CopyButton text={props.value} what={props.what} />
      </dd>
    </div>
  )
}

/**
 * A conversation as a reviewer reads it: the agent and when the call started as the heading, then
 * status, how it came in, times and why it ended, in words. Ids and raw codes sit behind
 * "Details", each with a copy button, for a ticket or a look-up in the service's console.
 */
export function ConversationHeader(props: {
  conversation: Conversation
  /** The agent's name (never its raw id). */
  agentName: string
  watch: WatchState
  now: number
}): ReactElement {
  const c = props.conversation
  const status = props.watch.status ?? c.status
  const started = c.startedAt ?? c.createdAt
  const rows: [string, string, string][] = [
    ['Call', transportLabel(c.transport), 'transport'],
    ['Started', when(c.startedAt), 'started'],
    ['Ended', when(c.endedAt), 'ended'],
    ['Duration', duration(c, props.now), 'duration'],
  ]
  return (
    <header className="stack conversation-header">
      <div className="conversation-header__title">
        <h2 className="conversation-header__heading" data-testid="conversation-heading">
          <span className="conversation-header__name" data-testid="header-agent">
            {props.agentName}
          </span>
          {started !== null && (
            <span className="conversation-header__when">Call on {whenShort(started)}</span>
          )}
        </h2>
        <StatusChip status={status} />
      </div>
      <dl className="conversation-header__facts">
        {rows.map(([label, value, key]) => (
          <div key={key} className="conversation-header__fact">
            <dt>{label}</dt>
            <dd data-testid={`header-${key}`}>{value}</dd>
          </div>
        ))}
        {c.endReason !== null && (
          <div className="conversation-header__fact conversation-header__fact--wide">
            <dt>Ended because</dt>
            <dd data-testid="header-end-reason">{endReasonLabel(c.endReason)}</dd>
          </div>
        )}
      </dl>
      <Disclosure summary="Details" className="conversation-header__details">
        <dl className="conversation-header__identifiers">
          <Identifier
            label="Conversation id"
            value={c.id}
            what="conversation id"
            testId="conversation-id"
          />
          {c.agentId !== null && <Identifier label="Agent id" value={c.agentId} what="agent id" />}
          {c.endReason !== null && (
            <Identifier label="End reason code" value={c.endReason} what="end reason code" />
          )}
          {c.transport !== null && (
            <Identifier label="Transport" value={c.transport} what="transport code" />
          )}
        </dl>
      </Disclosure>
    </header>
  )
}
