import { useRef } from 'react'
import type { ReactElement, ReactNode } from 'react'
import { useModalDialog } from './use-modal-dialog'

/**
 * A modal confirmation on the native <dialog>: focus is trapped while open, Escape cancels, and
 * focus returns to the control that opened it. The safe choice (Cancel) has the initial focus.
 */
export function ConfirmDialog(props: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  tone?: 'danger' | 'primary'
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}): ReactElement {
  const { open, title, children, confirmLabel, tone = 'primary', busy = false } = props
  const { onConfirm, onCancel } = props
  const cancelRef = useRef<HTMLButtonElement>(null)
  const { dialogProps } = useModalDialog(open, onCancel, cancelRef)

  return (
    <dialog
      {...dialogProps}
      className="dialog"
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-text"
    >
      <div className="dialog__body">
        <h2 id="confirm-dialog-title">{title}</h2>
        <div id="confirm-dialog-text" className="dialog__text">
          {children}
        </div>
      </div>
      <div className="dialog__actions">
        <button ref={cancelRef} type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={`button ${tone === 'danger' ? 'button--danger-solid' : 'button--primary'}`}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
