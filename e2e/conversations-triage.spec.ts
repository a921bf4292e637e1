import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { ConversationsScreen } from './support/conversations-screen'
import { checkState, openFromInbox, SANDBOX } from './support/conversations-states'
import type { PageWindow } from './support/page-window'

test.use({ sandboxOptions: SANDBOX })

/** The rows of the inbox whose whole height is inside the table's pane. */
async function rowsInView(page: Page): Promise<number> {
  const pane = await page.getByTestId('inbox-table').boundingBox()
  if (pane === null) return 0
  let whole = 0
  for (const box of await rowBoxes(page)) {
    if (box.y >= pane.y && box.y + box.height <= pane.y + pane.height) whole += 1
  }
  return whole
}

async function rowBoxes(page: Page): Promise<{ y: number; height: number }[]> {
  // One page-side read: a handle per row could wait forever for a row re-rendered away.
  return page.getByTestId('inbox-row').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const box = (
        row as unknown as { getBoundingClientRect(): { y: number; height: number } }
      ).getBoundingClientRect()
      return box.height > 0 ? [{ y: box.y, height: box.height }] : []
    }),
  )
}

/** The focus ring an element draws now: its outline style and offset. */
async function ring(locator: Locator): Promise<{ style: string; offset: string }> {
  return locator.evaluate((el) => {
    const css = (globalThis as unknown as PageWindow).getComputedStyle(el)
    return { style: css.outlineStyle ?? '', offset: css.outlineOffset ?? '' }
  })
}

test.describe('the inbox for all-day triage', () => {
  test('compact rows: a remembered setting in the View menu, a fixed shorter row', async ({
    app,
    sandbox,
  }) => {
    test.setTimeout(240_000)
    const page = app.page
    const screen = new ConversationsScreen(page)
    await screen.signInAndOpen(sandbox)
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(page.getByTestId('inbox-row').first()).toBeVisible()
    const roomy = await rowsInView(page)

    // The View menu, from the keyboard: its one setting is a checkbox item.
    const view = page.getByRole('button', { name: 'View' })
    await view.focus()
    await page.keyboard.press('ArrowDown')
    const compact = page.getByRole('menuitemcheckbox', { name: 'Compact rows' })
    await expect(compact).toBeFocused()
    await expect(compact).toHaveAttribute('aria-checked', 'false')
    await page.keyboard.press('Enter')
    await expect(page.locator('.inbox-table--compact')).toBeVisible()

    // Every row one fixed height (the virtual list places rows by it), and more of them fit.
    for (const box of await rowBoxes(page)) expect(box.height).toBe(32)
    const dense = await rowsInView(page)
    expect(dense).toBeGreaterThanOrEqual(Math.floor(roomy * 1.3))
    // The keyboard still walks the rows, the focused one scrolled into view at the new height.
    const table = page.getByTestId('inbox-table')
    await table.focus()
    await page.keyboard.press('End')
    const last = await table.getAttribute('aria-activedescendant')
    expect(last).toMatch(/^inbox-row-/)
    const lastBox = await page.locator(`#${last}`).boundingBox()
    const paneBox = await table.boundingBox()
    expect(lastBox !== null && paneBox !== null).toBe(true)
    expect(lastBox!.y + lastBox!.height).toBeLessThanOrEqual(paneBox!.y + paneBox!.height + 1)
    await page.keyboard.press('Home')
    await checkState(app, 'inbox-compact', async () => {
      for (const box of await rowBoxes(page)) expect(box.height).toBe(32)
    })

    // Remembered: after a reload the list is still compact, and the menu says so.
    await page.reload()
    await page.getByTestId('nav-conversations').click()
    await screen.showInbox()
    await expect(page.getByTestId('inbox-row').first()).toBeVisible()
    await expect(page.locator('.inbox-table--compact')).toBeVisible()
    await page.getByRole('button', { name: 'View' }).click()
    await expect(page.getByRole('menuitemcheckbox', { name: 'Compact rows' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    // Back to the roomy rows, by mouse this time.
    await page.getByRole('menuitemcheckbox', { name: 'Compact rows' }).click()
    await expect(page.locator('.inbox-table--compact')).toHaveCount(0)
    for (const box of await rowBoxes(page)) expect(box.height).toBe(44)
  })

  test('an open call shares a wide window: the list keeps its summary, the call a reading width', async ({
    app,
    sandbox,
  }) => {
    test.setTimeout(240_000)
    const page = app.page
    const screen = new ConversationsScreen(page)
    await screen.signInAndOpen(sandbox)
    await page.setViewportSize({ width: 1920, height: 1080 })
    await openFromInbox(app, screen, sandbox.seededConversations.completed)
    const pane = await page.locator('.conversations__main').boundingBox()
    expect(pane!.width).toBeLessThanOrEqual(640)
    expect(pane!.width).toBeGreaterThanOrEqual(600)
    // The summary a lead triages by: one line of a readable width, not a two-line sliver.
    const summary = page.locator('.inbox-row:not(.inbox-row--head) .inbox-cell--summary').first()
    const box = await summary.boundingBox()
    expect(box!.width).toBeGreaterThanOrEqual(280)
    const wraps = await summary.evaluate(
      (el) => (globalThis as unknown as PageWindow).getComputedStyle(el).whiteSpace,
    )
    expect(wraps).toBe('nowrap')
  })

  test('the heading takes the focus when a call opens in the list’s place: a ring for the keyboard only', async ({
    app,
    sandbox,
  }) => {
    test.setTimeout(240_000)
    const page = app.page
    const screen = new ConversationsScreen(page)
    await screen.signInAndOpen(sandbox)
    await page.setViewportSize({ width: 1024, height: 700 })
    const heading = page.getByTestId('conversation-heading')

    // A click: the heading has the focus (a screen reader starts there), and no ring is drawn.
    const completed = page.locator('[data-testid="inbox-row"]:has([data-status="completed"])')
    await completed.first().click()
    await expect(screen.detail).toBeVisible()
    await expect(heading).toBeFocused()
    expect((await ring(heading)).style).toBe('none')

    // The keyboard: Close, then Enter on the focused row; the ring is drawn, inside the heading.
    await screen.detail.getByRole('button', { name: /^Close/ }).click()
    const table = page.getByTestId('inbox-table')
    await expect(table).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(heading).toBeFocused()
    expect(await ring(heading)).toEqual({ style: 'solid', offset: '-2px' })
    await checkState(app, 'detail-heading-focus')
  })

  test('a criterion the evaluation gave no reason for says so, never its result restated', async ({
    app,
    sandbox,
  }) => {
    test.setTimeout(240_000)
    const page = app.page
    const screen = new ConversationsScreen(page)
    await screen.signInAndOpen(sandbox)
    await page.setViewportSize({ width: 1280, height: 800 })
    // A call of the generated history with a failed criterion (the seeded calls have reasons).
    const seeded = new Set(Object.values(sandbox.seededConversations))
    const withFailed = page.locator('[data-testid="inbox-row"]:has(.inbox-evals.tone--danger)')
    await expect(withFailed.first()).toBeVisible({ timeout: 60_000 })
    let id = ''
    for (const row of await withFailed.all()) {
      const rowId = (await row.getAttribute('data-conversation-id')) ?? ''
      if (!seeded.has(rowId)) {
        id = rowId
        break
      }
    }
    expect(id).not.toBe('')
    await page.locator(`[data-testid="inbox-row"][data-conversation-id="${id}"]`).click()
    await expect(screen.detail).toBeVisible()
    // The failed criterion opens at once, to the plain fact that no reason was given.
    const reason = screen.evaluations.getByTestId('criterion-rationale').first()
    await expect(reason).toHaveText('No reason given by the evaluation.')
    await expect(screen.evaluations).not.toContainText(/: (yes|no)\./)
    await checkState(app, 'detail-no-reason')
  })
})
