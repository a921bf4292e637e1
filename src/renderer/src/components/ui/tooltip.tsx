import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import { shortcutLabel } from './shortcut-label'

/**
 * A tooltip for one control: shown on hover and on keyboard focus, hidden on leave, blur and
 * Escape. It lives in the top layer (a manual popover placed against the control's anchor name),
 * so a scrolling list cannot clip it, and it ignores the pointer, so it never covers what it
 * describes. It repeats the control's accessible name, so assistive technology skips it. It is in
 * the page only while shown: a script's rows hold several icon buttons each, and a hidden tooltip
 * per button would be dozens of idle elements per row for every keystroke's layout to walk.
 */
export function useTooltip(props: {
  anchor: string
  text: string
  shortcut?: string | undefined
}): {
  tooltip: ReactElement | null
  /** True while shown: the control needs its anchor name only then. */
  open: boolean
  show: () => void
  hide: () => void
} {
  const ref = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  useLayoutEffect(() => {
    const tip = ref.current
    if (open && tip !== null && tip.isConnected && !tip.matches(':popover-open')) tip.showPopover()
  }, [open])
  const show = useCallback(() => setOpen(true), [])
  const hide = useCallback(() => setOpen(false), [])
  const tooltip = open ? (
    <div
      ref={ref}
      popover="manual"
      className="tooltip"
      aria-hidden="true"
      style={{ positionAnchor: props.anchor }}
    >
      <span>{props.text}</span>
      {props.shortcut !== undefined && (
        <kbd className="tooltip__keys">{shortcutLabel(props.shortcut)}</kbd>
      )}
    </div>
  ) : null
  return { tooltip, open, show, hide }
}
