import type { Page } from '@playwright/test'

/** How long a resized page may take to draw its first frame before the resize is sent again. */
const FRAME_BOUND_MS = 5_000

// A page script: two animation frames, or 'no frame' once the bound passes (timers still run
// when Chromium draws nothing).
const TWO_FRAMES = `(bound) => Promise.race([
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve('drawn')))),
  new Promise((resolve) => setTimeout(() => resolve('no frame'), bound)),
])`

async function drawn(page: Page): Promise<boolean> {
  const outcome = await page.evaluate(`(${TWO_FRAMES})(${FRAME_BOUND_MS})`)
  return outcome === 'drawn'
}

/**
 * Resizes the window and waits until the page has drawn two frames at the new size. Why: on a
 * loaded machine headless Chromium now and then drops a resize (Playwright sends the window bounds
 * and the emulated size at once) and draws no frame again; the page's scripts still run, but every
 * click then waits for a stable frame that never comes (a 3-minute hang seen in the full run, with
 * no failure screenshot possible). A resize that draws nothing is sent again by way of a size one
 * pixel taller; one that still draws nothing fails here, with what happened, not later as a hang.
 */
export async function resizeWindow(
  page: Page,
  size: { width: number; height: number },
): Promise<void> {
  await page.setViewportSize(size)
  if (await drawn(page)) return
  await page.setViewportSize({ width: size.width, height: size.height + 1 })
  await page.setViewportSize(size)
  if (await drawn(page)) return
  throw new Error(
    `Chromium drew no frame in ${FRAME_BOUND_MS / 1000} s after the window was resized to ${size.width}x${size.height}, twice`,
  )
}
