import type { ReactElement } from 'react'
import type { Conversation } from '../../../../../shared/domain/conversation'
import { formatOffset } from '../../../../../shared/domain/conversation-format'
import type { WatchState } from '../../../../../shared/domain/conversation-watch'
import { formatDateTime } from '../../../lib/format'
import { StatusChip } from './status-chip'

function when(iso: string | null): string {
  return iso === null ? '—' : formatDateTime(iso)
}

/** "3 min 12 s" for the header (the transcript uses m:ss). */
function duration(c: Conversation, now: number): string {
  if (c.durationMs !== null) return formatOffset(c.durationMs)
  const start = Date.parse(c.startedAt ?? '')
  if (c.endedAt === null && !Number.isNaN(start)) return `${formatOffset(now - start)} so far`
  return '—'
}

const END_REASONS: Record<string, string> = {
  caller_hangup: 'The caller hung up',
  agent_ended: 'The agent ended the call',
  inactivity_timeout: 'Nobody spoke for too long (inactivity timeout)',
  max_duration_reached: 'The maximum duration was reached',
  dial_no_answer: 'Nobody answered',
}

/** Status, agent, transport, times and end reason of a conversation. */
export function ConversationHeader(props: {
  conversation: Conversation
  /** The agent's name (never its raw id). */
  agentName: string
  watch: WatchState
  now: number
}): ReactElement {
  const c = props.conversation
  const status = props.watch.status ?? c.status
  const rows: [string, string, string][] = [
    ['Agent', props.agentName, 'agent'],
    ['Transport', c.transport ?? '—', 'transport'],
    ['Started', when(c.startedAt), 'started'],
    ['Ended', when(c.endedAt), 'ended'],
    ['Duration', duration(c, props.now), 'duration'],
  ]
  return (
    <header className="conversation-header">
      <div className="conversation-header__title">
        <h2 className="conversation-header__id mono" data-testid="conversation-id">
          {c.id}
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
            <dt>End reason</dt>
            <dd data-testid="header-end-reason">
              {END_REASONS[c.endReason] ?? c.endReason}{' '}
              <span className="mono field__hint">({c.endReason})</span>
            </dd>
          </div>
        )}
      </dl>
    </header>
  )
}
