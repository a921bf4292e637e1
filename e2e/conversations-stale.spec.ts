import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { ConversationsScreen } from './support/conversations-screen'
import { checkState, openFromInbox, SANDBOX } from './support/conversations-states'

// The service's clock five hours behind: its seeded live call began five hours before now.
test.use({ sandboxOptions: { ...SANDBOX, now: () => Date.now() - 5 * 60 * 60 * 1000 } })

test.describe('a call the service never closed', () => {
  test('is marked stale in the inbox and the detail, not counted "so far"', async ({
    app,
    sandbox,
  }) => {
    test.setTimeout(200_000)
    const screen = new ConversationsScreen(app.page)
    await screen.signInAndOpen(sandbox)
    const id = sandbox.seededConversations.active
    const row = app.page.locator(`[data-testid="inbox-row"][data-conversation-id="${id}"]`)
    await expect(row.getByTestId('status-chip')).toHaveText('Probably ended')
    await openFromInbox(app, screen, id)
    await expect(screen.statusChip).toHaveText('Probably ended')
    // One way of saying when across the pane: the heading, the notice and the start field alike.
    await expect(app.page.getByTestId('stale-notice')).toContainText(
      /nothing has changed since (today|yesterday) \d/,
    )
    await expect(app.page.getByTestId('conversation-heading')).toContainText(
      /Call started (today|yesterday) \d/,
    )
    await expect(app.page.getByTestId('header-started')).toHaveText(
      /^(today|yesterday) \d{1,2}:\d\d\s[AP]M$/,
    )
    await expect(app.page.getByTestId('header-duration')).toHaveText('No end reported')
    await expect(screen.detail).not.toContainText('so far')
    // No status chip spills out of its column, at any size (the stale one is the longest).
    // Why one page-side read: the list is virtualized, and a row handle taken before a re-render
    // can wait for its row forever (the likely cause of a CI run that hung here until timeout).
    await checkState(app, 'detail-stale', async () => {
      await expect.poll(() => chipsSpillingOut(app.page)).toEqual([])
    })
  })
})

interface Box {
  right: number
}
interface Cell {
  innerText: string
  getBoundingClientRect(): Box
  querySelector(selector: string): { getBoundingClientRect(): Box } | null
}

/** The texts of the inbox's status cells whose chip reaches past the cell's right edge. */
function chipsSpillingOut(page: Page): Promise<string[]> {
  return page.locator('[data-testid="inbox-row"] .inbox-cell--status').evaluateAll((cells) =>
    (cells as unknown as Cell[]).flatMap((cell) => {
      const chip = cell.querySelector('[data-testid="status-chip"]')
      if (chip === null) return []
      return chip.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5
        ? [cell.innerText]
        : []
    }),
  )
}
