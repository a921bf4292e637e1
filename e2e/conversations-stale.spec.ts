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
    await checkState(app, 'detail-stale', async () => {
      const spills: string[] = []
      for (const cell of await app.page
        .locator('[data-testid="inbox-row"] .inbox-cell--status')
        .all()) {
        const cellBox = await cell.boundingBox()
        const chipBox = await cell.getByTestId('status-chip').boundingBox()
        if (cellBox === null || chipBox === null) continue
        if (chipBox.x + chipBox.width > cellBox.x + cellBox.width + 0.5)
          spills.push(await cell.innerText())
      }
      expect(spills).toEqual([])
    })
  })
})
