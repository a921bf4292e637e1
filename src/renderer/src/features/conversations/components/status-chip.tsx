import type { ReactElement } from 'react'

const TONES: Record<string, string> = {
  completed: 'chip--success',
  failed: 'chip--danger',
  active: 'chip--accent',
  pending: 'chip--warning',
}

/** A conversation status; values this version does not know are shown as sent. */
export function StatusChip(props: { status: string }): ReactElement {
  return (
    <span className={`chip ${TONES[props.status] ?? ''}`} data-testid="status-chip">
      {props.status}
    </span>
  )
}
