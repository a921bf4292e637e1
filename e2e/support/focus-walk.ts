import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'

/** Where the focus stood after one Tab, and whether its ring can be seen whole. */
interface FocusStop {
  name: string
  ring: boolean
  inView: boolean
  /** The scrolling box that cuts off part of the ring, or null when none does. */
  clippedBy: string | null
  end: boolean
}

/**
 * Tabs until focus leaves the page (at most `stops` times): each stop shows a focus ring, is
 * scrolled into view, and no scrolling box around it cuts its ring off on the left or right (a
 * pane with `overflow: auto` clips an outline drawn outside a control at its edge). Returns the
 * stops.
 */
export async function expectVisibleFocus(page: Page, stops: number): Promise<string[]> {
  const seen: string[] = []
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab')
    const focus = await page.evaluate<FocusStop>(`(() => {
      const el = document.activeElement
      if (el === null || el === document.body) {
        return { name: 'body', ring: true, inView: true, clippedBy: null, end: true }
      }
      const style = getComputedStyle(el)
      const outline = style.outlineStyle !== 'none' ? parseFloat(style.outlineWidth) : 0
      const ring = outline > 0 || style.boxShadow !== 'none'
      const reach = outline > 0 ? outline + Math.max(0, parseFloat(style.outlineOffset)) : 0
      const r = el.getBoundingClientRect()
      const inView = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth
      let clippedBy = null
      for (let box = el.parentElement; box !== null && reach > 0; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX
        if (overflow === 'visible') continue
        const b = box.getBoundingClientRect()
        // The box's padding edge, where its content (and an outline in it) is cut off.
        const left = b.left + box.clientLeft
        const right = left + box.clientWidth
        if (r.left - reach < left - 0.5 || r.right + reach > right + 0.5) {
          clippedBy = box.tagName.toLowerCase() + '.' + String(box.className).split(' ')[0]
          break
        }
      }
      const name = el.tagName.toLowerCase() + ' ' +
        (el.getAttribute('aria-label') || el.textContent || el.id || '').trim().slice(0, 30)
      return { name, ring, inView, clippedBy, end: false }
    })()`)
    if (focus.end) break
    expect(focus.ring, `focus ring on ${focus.name}`).toBe(true)
    expect(focus.inView, `${focus.name} in view`).toBe(true)
    expect(focus.clippedBy, `${focus.name}: its focus ring cut off by`).toBeNull()
    seen.push(focus.name)
  }
  return seen
}
