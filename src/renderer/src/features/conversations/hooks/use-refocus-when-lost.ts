import { useEffect, useRef } from 'react'

/** Whether the keyboard focus has nowhere to be: on the page itself, or on an element now hidden. */
export function focusLost(): boolean {
  const active = document.activeElement
  if (!(active instanceof HTMLElement) || active === document.body) return true
  return !active.checkVisibility()
}

/**
 * Each time `key` changes (and, unless `skipFirst`, when the component mounts), moves the keyboard
 * focus to the first element in the element with id `containerId` that one of `selectors` finds, tried in order (or the
 * container itself), if the focus
 * was lost: the element that had it went away or was hidden. Why: at narrow widths the list gives
 * way to an opened call and comes back when it closes, and a keyboard user must not be left on
 * the page's body.
 */
export function useRefocusWhenLost(
  key: unknown,
  containerId: string,
  selectors: readonly string[],
  skipFirst: boolean,
): void {
  const first = useRef(true)
  useEffect(() => {
    const isFirst = first.current
    first.current = false
    if ((isFirst && skipFirst) || !focusLost()) return
    const root = document.getElementById(containerId)
    if (root === null) return
    const found = selectors
      .map((one) => root.querySelector<HTMLElement>(one))
      .find((e) => e !== null)
    ;(found ?? root).focus()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the selectors are constants
  }, [key, containerId, skipFirst])
}
