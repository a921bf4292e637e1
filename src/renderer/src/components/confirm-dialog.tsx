import { useId, useRef } from 'react'
import type { ReactElement, ReactNode } from 'react'
import { DialogFrame } from './ui/dialog-frame'

/**
 * A modal confirmation in the kit's dialog frame: focus is trapped while open, Escape cancels, and
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
  const textId = useId()

  return (
    <DialogFrame
      open={open}
      title={title}
      onClose={onCancel}
      initialFocus={cancelRef}
      describedBy={textId}
      footer={
        <>
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
        </>
      }
    >
      <div id={textId} className="dialog__text">
        {children}
      </div>
    </DialogFrame>
  )
}
