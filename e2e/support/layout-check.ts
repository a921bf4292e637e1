import type { Page } from '@playwright/test'

/** The window sizes every screen is checked and photographed at (issue 14). */
export const LAYOUT_SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const

// The page script is a string: e2e code is type-checked without the DOM library (see
// page-window.ts), and this walks most of the DOM API.
const FIND_PROBLEMS = `(() => {
  const problems = []
  const doc = document.documentElement
  if (doc.scrollWidth > doc.clientWidth + 1)
    problems.push('the window scrolls sideways: ' + doc.scrollWidth + ' px of content in ' + doc.clientWidth + ' px')
  for (const el of document.querySelectorAll('*')) {
    const style = getComputedStyle(el)
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      problems.push('sideways scroll in ' + describe(el) + ': ' + el.scrollWidth + ' px of content in ' + el.clientWidth + ' px')
  }
  function describe(el) {
    const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim().replace(/\\s+/g, ' ').slice(0, 40)
    const cls = typeof el.className === 'string' && el.className !== '' ? '.' + el.className.trim().split(/\\s+/).join('.') : ''
    return el.tagName.toLowerCase() + cls + (name === '' ? '' : ' "' + name + '"')
  }
  // A modal dialog makes the rest inert: only what it holds can be used.
  const modal = document.querySelector('dialog[open]:modal')
  const scope = modal ?? document
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=option], [tabindex]:not([tabindex="-1"])'
  const shown = []
  for (const el of scope.querySelectorAll(selector)) {
    if (el.closest('[hidden], [inert]') !== null) continue
    if (el.closest('details:not([open])') !== null && el.tagName !== 'SUMMARY') continue
    const style = getComputedStyle(el)
    if (style.visibility !== 'visible' || style.display === 'none') continue
    const r = el.getBoundingClientRect()
    if (r.width < 1 || r.height < 1) continue
    if (el.classList.contains('visually-hidden')) continue
    // Where it can be seen: the parts its scrolling ancestors show (a row scrolled out of a list
    // is not clipped, it is scrolled), cut by ancestors that hide overflow (that is clipping).
    let visible = { left: r.left, top: r.top, right: r.right, bottom: r.bottom }
    let clippedBy = null
    let scrolled = false
    for (let a = el.parentElement; a !== null; a = a.parentElement) {
      const s = getComputedStyle(a)
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue
      const ar = a.getBoundingClientRect()
      const scrolls = ['auto', 'scroll'].includes(s.overflowY) || ['auto', 'scroll'].includes(s.overflowX)
      // Past a scroll box, an outer box that hides overflow cuts the scroll box, not this element.
      scrolled ||= scrolls
      if (!scrolls && !scrolled && (r.left < ar.left - 1 || r.right > ar.right + 1 || r.top < ar.top - 1 || r.bottom > ar.bottom + 1)) {
        clippedBy = a
        break
      }
      visible = {
        left: Math.max(visible.left, ar.left), top: Math.max(visible.top, ar.top),
        right: Math.min(visible.right, ar.right), bottom: Math.min(visible.bottom, ar.bottom),
      }
    }
    if (clippedBy !== null) {
      problems.push(describe(el) + ' is cut off by ' + describe(clippedBy))
      continue
    }
    // Its own text cut (a button label too long for its box).
    if ((el.tagName === 'BUTTON' || el.tagName === 'SUMMARY') && el.scrollWidth > el.clientWidth + 1)
      problems.push(describe(el) + ' cuts its label: ' + el.scrollWidth + ' px in ' + el.clientWidth + ' px')
    const whole = visible.right - visible.left >= r.width - 1 && visible.bottom - visible.top >= r.height - 1
    const inWindow = r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight
    if (whole && inWindow) shown.push({ el, r })
  }
  // Something else drawn over it: its centre must hit it (or what it holds).
  for (const { el, r } of shown) {
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    if (hit === null || el.contains(hit) || hit.contains(el) || (el.labels && [...el.labels].some((l) => l.contains(hit)))) continue
    problems.push(describe(el) + ' is covered by ' + describe(hit))
  }
  // Two controls on top of each other (not one inside the other).
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      const a = shown[i], b = shown[j]
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left)
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top)
      if (w > 1 && h > 1) problems.push(describe(a.el) + ' overlaps ' + describe(b.el))
    }
  }
  return { problems, checked: shown.length }
})()`

/**
 * What is wrong with the layout on screen now: sideways scrolling (the window or any scroll box),
 * and interactive elements cut off, covered or overlapping. Empty when the screen is sound.
 */
export async function layoutProblems(page: Page): Promise<{ problems: string[]; checked: number }> {
  return page.evaluate<{ problems: string[]; checked: number }>(FIND_PROBLEMS)
}
