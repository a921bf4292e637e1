import type { ReactElement, ReactNode } from 'react'
import type { Conversation } from '../../../../../shared/domain/conversation'
import {
  endReasonLabel,
  formatOffset,
  transportLabel,
} from '../../../../../shared/domain/conversation-format'
import type { WatchState } from '../../../../../shared/domain/conversation-watch'
import { CopyButton } from '../../../components/copy-button'
import { Disclosure } from '../../../components/ui/disclosure'
import { callTime } from './call-time'
import { StatusChip } from './status-chip'

/**
 * "today 2:05 PM", "Jul 20, 10:00 AM": the one format of the Conversations screens (the inbox's
 * Started column too), so the heading, the stale notice and the start and end read alike.
 */
function when(iso: string | null): string {
  return callTime(iso, Date.now())
}

/** "3:12", "3:12 so far" while the call runs, "no end reported" when it has gone stale. */
function duration(c: Conversation, now: number, stale: boolean): string {
  if (c.durationMs !== null) return formatOffset(c.durationMs)
  if (stale) return 'No end reported'
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
 * A conversation as a reviewer reads it, in two lines: the agent and when the call started, its
 * status and result; then how it came in, how long it lasted and why it ended, in words. The times to the
 * second and the ids sit in the details at the foot of the page.
 */
export function ConversationHeader(props: {
  conversation: Conversation
  /** The agent's name (never its raw id). */
  agentName: string
  watch: WatchState
  now: number
  /** Listed as waiting or live, but unchanged for hours. */
  stale: boolean
  /** The result ("Passed 2 of 3") beside the status, once the call is judged. */
  verdict?: ReactNode
}): ReactElement {
  const c = props.conversation
  const status = props.watch.status ?? c.status
  const started = c.startedAt ?? c.createdAt
  // A waiting call has not started: its heading says what it waits for, never "Call started".
  const waiting = status === 'pending' && c.startedAt === null
  return (
    <header className="conversation-header">
      <div className="conversation-header__title">
        <h2
          className="conversation-header__heading"
          data-testid="conversation-heading"
          tabIndex={-1}
        >
          <span className="conversation-header__name" data-testid="header-agent">
            {props.agentName}
          </span>
          {waiting ? (
            <span className="conversation-header__when">
              Waiting for the caller to connect
              {c.createdAt === null ? '' : ` (placed ${when(c.createdAt)})`}
            </span>
          ) : (
            started !== null && (
              <span className="conversation-header__when">Call started {when(started)}</span>
            )
          )}
        </h2>
        <span className="conversation-header__chips">
          <StatusChip status={status} stale={props.stale} />
          {props.verdict}
        </span>
      </div>
      <p className="conversation-header__meta">
        <span data-testid="header-transport">{transportLabel(c.transport)}</span>
        {waiting ? null : (
          <span data-testid="header-duration">{duration(c, props.now, props.stale)}</span>
        )}
        {c.endReason !== null && (
          <span data-testid="header-end-reason">{endReasonLabel(c.endReason)}</span>
        )}
      </p>
    </header>
  )
}

/**
 * The details at the foot of a conversation: when it started and ended, and behind "Details"
 * the ids and raw codes, each with a copy button, for a ticket or the service's console.
 */
export function ConversationDetails(props: { conversation: Conversation }): ReactElement {
  const c = props.conversation
  return (
    <section className="conversation-details" aria-label="Call details">
      <dl className="conversation-header__facts">
        <div className="conversation-header__fact">
          <dt>Started</dt>
          <dd data-testid="header-started">{when(c.startedAt)}</dd>
        </div>
        <div className="conversation-header__fact">
          <dt>Ended</dt>
          <dd data-testid="header-ended">{when(c.endedAt)}</dd>
        </div>
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
    </section>
  )
}
