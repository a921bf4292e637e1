import type { Locator, Page } from '@playwright/test'
import type { AppHost } from '../fixtures/app-host'
import { expect } from '../fixtures/test'
import { accessibilityProblems } from './axe'
import type { ConversationsScreen } from './conversations-screen'
import { LAYOUT_SIZES, layoutProblems } from './layout-check'
import { snap } from './screenshots'

// A short history: every seeded call (July's completed and failed ones among them) is on the
// inbox's first page, so the keyboard reaches each from the top.
export const SANDBOX = { warmUp: false, conversationCount: 20, liveConversationEveryMs: 0 }

/**
 * Whether `locator` starts inside the window: its first line (24 px) is on screen without
 * scrolling, and nothing of it lies beyond the right edge.
 */
export async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox()
  const size = page.viewportSize()
  return (
    box !== null &&
    size !== null &&
    box.y >= 0 &&
    box.y + Math.min(box.height, 24) <= size.height &&
    box.x + box.width <= size.width
  )
}

/**
 * Whether the opened call's header (the agent, the status, the verdict when there is one) shows
 * whole inside its pane: not scrolled away, whatever the reader has scrolled to or opened below.
 */
export async function headerPinned(page: Page): Promise<boolean> {
  const pane = await page.locator('.conversations__main').boundingBox()
  const size = page.viewportSize()
  if (pane === null || size === null) return false
  const top = Math.max(pane.y, 0)
  const bottom = Math.min(pane.y + pane.height, size.height)
  for (const id of ['header-agent', 'status-chip', 'verdict']) {
    const part = page.getByTestId('conversation-detail').getByTestId(id)
    if (id === 'verdict' && (await part.count()) === 0) continue
    const box = await part.boundingBox()
    if (box === null || box.y < top || box.y + box.height > bottom) return false
  }
  return true
}

/** At each size and in both schemes: layout sound, axe clean (at the first size), a screenshot. */
export async function checkState(app: AppHost, name: string, atEachSize?: () => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme })
    for (const size of LAYOUT_SIZES) {
      await app.page.setViewportSize(size)
      const label = `${name}, ${scheme}, ${size.width}x${size.height}`
      await expect
        .poll(async () => (await layoutProblems(app.page)).problems, { message: label })
        .toEqual([])
      await atEachSize?.()
      await snap(app, `conversations-${name}-${scheme}-${size.width}x${size.height}`)
    }
    // axe takes seconds on a busy machine: once per scheme, at the smallest size.
    await app.page.setViewportSize(LAYOUT_SIZES[0])
    expect(await accessibilityProblems(app.page), `${name}, ${scheme}`).toEqual([])
  }
  await app.page.emulateMedia({ colorScheme: 'light' })
}

/**
 * Opens one call from the inbox as a person does, with the keyboard: from the first row down
 * (j) until it is the focused row, then Enter. Beside the list in a wide window, in its place in
 * a narrow one, where Close goes back to the list first. Why not the search: a call's id typed
 * there stayed in the box of every later screenshot, and a person never types an id there.
 */
export async function openFromInbox(app: AppHost, screen: ConversationsScreen, id: string) {
  const table = app.page.getByTestId('inbox-table')
  if (!(await table.isVisible()) && (await screen.detail.isVisible())) {
    await screen.detail.getByRole('button', { name: /^Close/ }).click()
    // The keyboard focus goes back to the list, not to the page's body.
    await expect(table).toBeFocused()
  }
  // Why wait for a row: the inbox reads its first page only once it is shown (not under the
  // Overview), and Home pressed on an empty list moves nothing.
  await expect(table.getByTestId('inbox-row').first()).toBeVisible()
  await table.focus()
  await app.page.keyboard.press('Home')
  await expect(table).toHaveAttribute('aria-activedescendant', /^inbox-row-/)
  const target = `inbox-row-${id}`
  for (let row = 0; row < 100; row += 1) {
    const focused = await table.getAttribute('aria-activedescendant')
    if (focused === target) break
    await app.page.keyboard.press('j')
    await expect.poll(() => table.getAttribute('aria-activedescendant')).not.toBe(focused)
  }
  await expect(table).toHaveAttribute('aria-activedescendant', target)
  await app.page.keyboard.press('Enter')
  await expect(screen.detail).toBeVisible()
  await expect(app.page.getByTestId('conversation-id')).toHaveText(id)
}
