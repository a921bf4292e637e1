import { useCallback, useRef } from 'react'
import type { ReactElement } from 'react'
import { shortcutLabel } from './shortcut-label'

/**
 * A tooltip for one control: shown on hover and on keyboard focus, hidden on leave, blur and
 * Escape. It lives in the top layer (a manual popover placed against the control's anchor name),
 * so a scrolling list cannot clip it, and it ignores the pointer, so it never covers what it
 * describes. It repeats the control's accessible name, so assistive technology skips it.
 */
export function useTooltip(props: {
  anchor: string
  text: string
  shortcut?: string | undefined
}): {
  tooltip: ReactElement
  show: () => void
  hide: () => void
} {
  const ref = useRef<HTMLDivElement>(null)
  const show = useCallback(() => {
    const tip = ref.current
    if (tip !== null && tip.isConnected && !tip.matches(':popover-open')) tip.showPopover()
  }, [])
  const hide = useCallback(() => {
    const tip = ref.current
    if (tip !== null && tip.matches(':popover-open')) tip.hidePopover()
  }, [])
  const tooltip = (
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
  )
  return { tooltip, show, hide }
}
