import { X } from 'lucide-react'
import { useId, useRef } from 'react'
import type { ReactElement, ReactNode, RefObject } from 'react'
import { useModalDialog } from '../use-modal-dialog'
import { IconButton } from './icon-button'
import './dialog-frame.css'

/** How wide a dialog is: a question, a form of fields, or a report with tables. */
export type DialogSize = 'narrow' | 'medium' | 'wide'

/**
 * The one frame of every modal dialog: a head with the title, a body that scrolls, and a footer
 * that stays in view however long the body is (a short window still reaches Done). A native modal
 * <dialog> through {@link useModalDialog}: focus trapped, Escape closes, focus goes back to the
 * opener.
 *
 * With no `footer`, the footer is one Close button and takes the first focus. With a footer of its
 * own (Cancel and Confirm, Done), the head gets a Close button too, and `initialFocus` names the
 * control to focus (the safe choice). Why not both a head and a footer Close: two controls of the
 * same name doing the same thing are read out twice and found twice.
 */
export function DialogFrame(props: {
  open: boolean
  title: ReactNode
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  initialFocus?: RefObject<HTMLElement | null>
  size?: DialogSize
  /** The id of the text that says what the dialog is for (aria-describedby). */
  describedBy?: string
  className?: string
  testId?: string
}): ReactElement {
  const { open, onClose, footer, size = 'narrow' } = props
  const titleId = useId()
  const closeRef = useRef<HTMLButtonElement>(null)
  const { dialogProps } = useModalDialog(open, onClose, props.initialFocus ?? closeRef)
  return (
    <dialog
      {...dialogProps}
      className={`dialog dialog-frame dialog-frame--${size}${props.className === undefined ? '' : ` ${props.className}`}`}
      aria-labelledby={titleId}
      aria-describedby={props.describedBy}
      data-testid={props.testId}
    >
      <div className="dialog-frame__head">
        <h2 id={titleId}>{props.title}</h2>
        {footer !== undefined && (
          <IconButton label="Close" hint="Close (Escape)" icon={X} onClick={onClose} />
        )}
      </div>
      <div className="dialog__body dialog-frame__body">{props.children}</div>
      <div className="dialog__actions">
        {footer ?? (
          <button ref={closeRef} type="button" className="button" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </dialog>
  )
}
