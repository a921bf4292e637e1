import { useEffect, useRef } from 'react'
import type { ReactElement, ReactNode } from 'react'

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
  const dialogRef = useRef<HTMLDialogElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const openerRef = useRef<Element | null>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog === null) return
    if (open && !dialog.open) {
      openerRef.current = document.activeElement
      dialog.showModal()
      cancelRef.current?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
      if (openerRef.current instanceof HTMLElement && openerRef.current.isConnected) {
        openerRef.current.focus()
      }
    }
  }, [open])

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-text"
      onCancel={(event) => {
        // Escape: keep React in charge of the open state instead of letting the browser close it.
        event.preventDefault()
        onCancel()
      }}
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
