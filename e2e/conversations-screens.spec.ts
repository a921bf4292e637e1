import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { expect, test } from './fixtures/test'
import { ConversationsScreen } from './support/conversations-screen'
import {
  checkState,
  headerPinned,
  onScreen,
  openFromInbox,
  SANDBOX,
} from './support/conversations-states'
import { snap } from './support/screenshots'

test.use({ sandboxOptions: SANDBOX })

test.describe('inbox and detail in words', () => {
  test('inbox, a failed call verdict first, a completed one, an export: three sizes, light and dark', async ({
    app,
    sandbox,
  }) => {
    test.setTimeout(300_000)
    const screen = new ConversationsScreen(app.page)
    await screen.signInAndOpen(sandbox)
    const count = app.page.getByTestId('inbox-count')
    const total = 20 + Object.keys(sandbox.seededConversations).length
    await expect(count).toHaveText(`${total} calls`)
    // Statuses in words; a waiting call has a time and dashes, no riddles.
    const statuses = await app.page.getByTestId('status-chip').allInnerTexts()
    for (const status of statuses)
      expect(['Waiting', 'Live', 'Completed', 'Failed']).toContain(status)
    const table = await app.page.getByTestId('inbox-table').innerText()
    expect(table).not.toMatch(/Not yet|Never|so far|\bpending\b|\bactive\b/)
    // The Passed column's colours have one rule, and it is written beside the count.
    await expect(app.page.getByTestId('passed-legend')).toHaveText(
      'Passed:any failedany unclearall passed',
    )
    await checkState(app, 'inbox')

    // A failed call: the verdict and the start of the transcript on screen at once.
    await openFromInbox(app, screen, sandbox.seededConversations.failed)
    await expect(screen.detail.getByTestId('verdict')).toHaveText('Passed 1 of 3')
    await expect(screen.evaluations.getByTestId('extracted-data')).toContainText('Booked:no')
    await expect(screen.evaluations.getByTestId('extracted-data')).toContainText(
      'Party size:not given',
    )
    const verdictAndTranscript = async (): Promise<void> => {
      expect(await onScreen(app.page, screen.detail.getByTestId('verdict'))).toBe(true)
      expect(await onScreen(app.page, screen.turns.first())).toBe(true)
      expect(await headerPinned(app.page)).toBe(true)
    }
    await checkState(app, 'detail-failed', verdictAndTranscript)
    await app.page.setViewportSize({ width: 900, height: 700 })
    await verdictAndTranscript()
    await snap(app, 'conversations-detail-failed-light-900x700')
    // At this width the call takes the list's place; the list is not on screen beside it.
    await expect(app.page.getByTestId('inbox-table')).toBeHidden()

    // A completed call with its recording: opened from the list, which gives way to the call at
    // this width, so the call's heading takes the focus (the table that had it is hidden).
    await openFromInbox(app, screen, sandbox.seededConversations.completed)
    await expect(app.page.getByTestId('conversation-heading')).toBeFocused()
    await expect(screen.detail.getByTestId('verdict')).toHaveText('Passed 2 of 3')
    await expect(app.page.getByTestId('recording-audio')).toBeAttached({ timeout: 60_000 })
    await checkState(app, 'detail-completed', async () => {
      expect(await onScreen(app.page, screen.detail.getByTestId('verdict'))).toBe(true)
      expect(await onScreen(app.page, screen.turns.first())).toBe(true)
      expect(await headerPinned(app.page)).toBe(true)
    })
    // Opening calls left no id in the list's search box (nor does its placeholder ask for one).
    const search = app.page.getByLabel('Search loaded conversations')
    await expect(search).toHaveValue('')
    await expect(search).toHaveAttribute('placeholder', 'Search agent or summary')

    // An export: the files by name and Show in folder, not a path.
    // (Nothing to clear first: opening calls left the search and the filters as they were.)
    await screen.detail.getByRole('button', { name: /^Close/ }).click()
    await expect(app.page.getByRole('button', { name: 'Clear filters' })).toBeDisabled()
    const folder = await mkdtemp(join(tmpdir(), 'voicedesk-screens-export-'))
    try {
      app.platform.answerNextOpen([folder])
      await app.page.getByRole('button', { name: /^Export \d+ conversations/ }).click()
      const done = app.page.getByTestId('batch-export-done')
      await expect(done).toBeVisible({ timeout: 60_000 })
      await expect(done.getByRole('button', { name: 'Show in folder' })).toBeVisible()
      await expect(done).not.toContainText(folder)
      await expect(done).not.toContainText(basename(folder))
      await checkState(app, 'export-done')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
