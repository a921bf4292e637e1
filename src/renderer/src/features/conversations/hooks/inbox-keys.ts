import type { KeyboardEvent } from 'react'
import type { Conversation } from '../../../../../shared/domain/conversation'
import { moveFocus } from './inbox-filter'

/** Rows the focus moves by, per key: j/k and the arrows one, Page Up/Down ten. */
const STEPS: ReadonlyMap<string, number> = new Map([
  ['j', 1],
  ['ArrowDown', 1],
  ['k', -1],
  ['ArrowUp', -1],
  ['PageDown', 10],
  ['PageUp', -10],
])

/**
 * The inbox grid's keys: j/k or the arrows move the focus a row, Page Up/Down ten rows, Home and
 * End to the first and last row, Enter opens the focused row. `focusedId` is null when the
 * focused conversation is not among `rows` (filtered out); keys with a modifier are left alone.
 */
export function inboxKeyHandler(options: {
  rows: readonly Conversation[]
  focusedId: string | null
  onFocus: (id: string | null) => void
  onOpen: (id: string) => void
}): (event: KeyboardEvent<HTMLElement>) => void {
  const { rows, focusedId } = options
  return (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const step = STEPS.get(event.key) ?? 0
    if (step !== 0) {
      event.preventDefault()
      options.onFocus(
        moveFocus(
          rows.map((row) => row.id),
          focusedId,
          step,
        ),
      )
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      options.onFocus((event.key === 'Home' ? rows[0] : rows.at(-1))?.id ?? null)
    } else if (event.key === 'Enter' && focusedId !== null) {
      event.preventDefault()
      options.onOpen(focusedId)
    }
  }
}
