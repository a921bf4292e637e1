import type { ReactElement, ReactNode } from 'react'
import { CheckIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons'

export type NoticeTone = 'info' | 'warning' | 'danger' | 'success'

const icons = { info: InfoIcon, warning: WarningIcon, danger: ErrorIcon, success: CheckIcon }

/**
 * A banner or inline message. `role` is `alert` for errors and warnings the user must notice now,
 * `status` for confirmations (announced politely).
 */
export function Notice(props: {
  tone: NoticeTone
  title: string
  children?: ReactNode
  role?: 'alert' | 'status' | 'note'
  testId?: string
}): ReactElement {
  const { tone, title, children, role, testId } = props
  const ToneIcon = icons[tone]
  return (
    <div
      className={`notice notice--${tone}`}
      role={role ?? (tone === 'danger' || tone === 'warning' ? 'alert' : 'status')}
      data-testid={testId}
    >
      <ToneIcon className="notice__icon" />
      <div className="notice__content">
        <p className="notice__title">{title}</p>
        {children}
      </div>
    </div>
  )
}

/** The row under a notice the user only needs to read: one Dismiss button. */
export function DismissRow(props: { onDismiss: () => void }): ReactElement {
  return (
    <div className="button-row">
      <button type="button" className="button button--small" onClick={props.onDismiss}>
        Dismiss
      </button>
    </div>
  )
}
