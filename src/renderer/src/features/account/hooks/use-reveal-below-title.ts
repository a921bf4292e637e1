import { useLayoutEffect } from 'react'
import type { RefObject } from 'react'

/** The nearest ancestor that scrolls (the app's main column), or null. */
function scrollerOf(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node !== null; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node)
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight)
      return node
  }
  return null
}

/**
 * Brings `target` into view without passing the page's title: left alone when it is already
 * wholly in view; else the page scrolls to its top (the title) when the target then fits, and
 * only a target too far down for that is scrolled to the top edge itself.
 */
export function revealBelowTitle(target: HTMLElement): void {
  const scroller = scrollerOf(target)
  const page = target.closest<HTMLElement>('.workspace')
  if (scroller === null || page === null) return
  const view = scroller.getBoundingClientRect()
  const box = target.getBoundingClientRect()
  if (box.top >= view.top && box.bottom <= view.bottom) return
  const top = page.getBoundingClientRect().top
  const fromTitle = box.bottom - top <= scroller.clientHeight
  scroller.scrollBy({ top: (fromTitle ? top : box.top) - view.top })
}

/**
 * Reveals what `ref` holds (revealBelowTitle) each time `shown` changes to a non-empty value:
 * a banner that appears while the user is further down the page. Why never past the title: a
 * page that opens cut at the top reads as broken, and the banner sits just under the title.
 */
export function useRevealBelowTitle(ref: RefObject<HTMLElement | null>, shown: string): void {
  useLayoutEffect(() => {
    if (shown !== '' && ref.current !== null) revealBelowTitle(ref.current)
  }, [ref, shown])
}
