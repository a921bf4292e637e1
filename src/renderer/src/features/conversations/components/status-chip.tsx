import type { ReactElement } from 'react'
import { statusLabel } from '../../../../../shared/domain/conversation-format'

const TONES: Record<string, string> = {
  completed: 'chip--success',
  failed: 'chip--danger',
  active: 'chip--accent',
  pending: '',
}

/**
 * A conversation status in words ("Live", "Completed"); a live call whose last change is hours
 * old reads "Probably ended" (the service never said it ended, and a lead does not say "stale"). Values this version does not know are put
 * in words.
 */
export function StatusChip(props: { status: string; stale?: boolean }): ReactElement {
  if (props.stale === true) {
    return (
      <span className="chip chip--warning" data-testid="status-chip" data-status="stale">
        Probably ended
      </span>
    )
  }
  return (
    <span
      className={`chip ${TONES[props.status] ?? ''}`}
      data-testid="status-chip"
      data-status={props.status}
    >
      {statusLabel(props.status)}
    </span>
  )
}
