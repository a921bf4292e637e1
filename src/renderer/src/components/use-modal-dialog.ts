import { useEffect, useRef } from 'react'
import type { RefObject, SyntheticEvent } from 'react'

/**
 * A native modal <dialog> driven by React's `open`: shown with showModal (focus trapped, the rest
 * inert), the `initialFocus` control focused, and on close focus goes back to what opened it.
 * Spread `dialogProps` on the <dialog>: Escape asks `onClose` instead of closing it behind
 * React's back.
 */
export function useModalDialog(
  open: boolean,
  onClose: () => void,
  initialFocus: RefObject<HTMLElement | null>,
): {
  dialogProps: {
    ref: RefObject<HTMLDialogElement | null>
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void
  }
} {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<Element | null>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog === null) return
    if (open && !dialog.open) {
      openerRef.current = document.activeElement
      dialog.showModal()
      initialFocus.current?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
      if (openerRef.current instanceof HTMLElement && openerRef.current.isConnected) {
        openerRef.current.focus()
      }
    }
  }, [open, initialFocus])

  return {
    dialogProps: {
      ref: dialogRef,
      onCancel: (event) => {
        event.preventDefault()
        onClose()
      },
    },
  }
}
