import type { Sandbox } from '../src/sandbox/index'
import { expect, test } from './fixtures/test'
import { ConversationsScreen } from './support/conversations-screen'
import { checkState } from './support/conversations-states'
import { snap } from './support/screenshots'

// Two hundred calls over 30 days: about 45 in the last week, with every outcome.
test.use({ sandboxOptions: { warmUp: false, conversationCount: 200, liveConversationEveryMs: 0 } })

/**
 * The inbox's own list reads the sandbox logged: pages of the inbox's size (100) from the list.
 * The overview pages the same list 200 at a time, so its reads are not counted.
 */
function inboxPageReads(sandbox: Sandbox): string[] {
  return sandbox
    .requestLog({ pathPrefix: '/v1/agents/conversations' })
    .filter((entry) => entry.path === '/v1/agents/conversations')
    .filter((entry) => new URLSearchParams(entry.query).get('limit') === '100')
    .map((entry) => `${entry.method} ${entry.path}${entry.query}`)
}

test.describe('the Conversations overview', () => {
  test('a week at a glance, read as charts or tables; a bar opens exactly its calls', async ({
    app,
    sandbox,
  }) => {
    test.setTimeout(300_000)
    const page = app.page
    const screen = new ConversationsScreen(page)
    await screen.signInAndOpen(sandbox, 'overview')
    const tiles = page.getByTestId('overview-tiles')
    await expect(tiles).toBeVisible({ timeout: 30_000 })
    // The pass rates come once the evaluations are read.
    await expect(page.getByTestId('overview-criterion').first()).toBeVisible({ timeout: 60_000 })
    await expect(page.getByTestId('overview-progress')).toBeHidden({ timeout: 60_000 })
    await expect(page.getByTestId('overview-coverage')).toContainText(
      'Pass rates from every finished call',
    )
    const text = await page.getByTestId('overview').innerText()
    // Words, not codes.
    expect(text).not.toMatch(/caller_hangup|inactivity_timeout|agent_ended|dial_no_answer|_/)
    await expect(page.getByTestId('overview-reasons')).toContainText('The caller hung up')
    await expect(page.getByTestId('overview-day')).toHaveCount(7)
    // This week against the one before: each change in words beside its arrow.
    const compare = page.getByTestId('overview-compare')
    await expect(compare).toContainText('Against the week before')
    await expect(compare.getByTestId('overview-change')).toHaveCount(3)
    for (const change of await compare.getByTestId('overview-change').allInnerTexts())
      expect(change).toMatch(/(up|down|shorter|longer|the same)/)
    await checkState(app, 'overview')

    // Hover reads a day out; the keyboard does too.
    await page.setViewportSize({ width: 1280, height: 800 })
    const busiest = page.getByTestId('overview-day').last()
    await busiest.hover()
    await expect(page.getByTestId('overview-day-readout')).toContainText(/\d+ calls?/)
    await snap(app, 'conversations-overview-hover-light-1280x800')

    // The same figures as a table.
    const calls = page.getByTestId('overview-calls')
    await calls.getByRole('button', { name: 'Show table' }).click()
    const rows = calls.getByRole('row')
    await expect(rows).toHaveCount(8)
    await checkState(app, 'overview-tables', async () => {
      await expect(calls.getByRole('table')).toBeVisible()
    })
    await calls.getByRole('button', { name: 'Show chart' }).click()

    // A failed part of a day with failed calls opens the inbox with exactly those calls.
    const dayWithFailed = page
      .getByTestId('overview-day')
      .filter({ has: page.locator('[data-outcome="failed"]') })
      .first()
    const failedPart = dayWithFailed.locator('[data-outcome="failed"]')
    await expect(failedPart).toBeVisible()
    const label = (await dayWithFailed.getAttribute('aria-label')) ?? ''
    const failedThatDay = Number(/(\d+) failed/.exec(label)?.[1])
    expect(failedThatDay).toBeGreaterThan(0)
    await page.setViewportSize({ width: 1280, height: 800 })
    await failedPart.click()
    await expect(page.getByRole('radio', { name: 'All conversations' })).toBeChecked()
    const count = page.getByTestId('inbox-count')
    await expect(count).toHaveText(`${failedThatDay} call${failedThatDay === 1 ? '' : 's'}`)
    for (const status of await page.getByTestId('status-chip').allInnerTexts())
      expect(status).toBe('Failed')
    await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('failed')
    // Where these calls came from, in words, and the way back.
    const context = page.getByTestId('drill-context')
    await expect(context).toHaveText(
      /^From Overview: failed calls on \w{3}, \w{3} \d{1,2}Back to Overview$/,
    )
    await checkState(app, 'overview-drilled')
    // Back by keyboard: the button is in the tab order, and lands on the overview.
    const back = context.getByRole('button', { name: 'Back to Overview' })
    await back.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('radio', { name: 'Overview' })).toBeChecked()
    await expect(page.getByTestId('overview-tiles')).toBeVisible()
    // Back in the list, the context stays until the user changes a filter by hand.
    await screen.showInbox()
    await expect(context).toBeVisible()
    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('')
    await expect(context).toHaveCount(0)
    await page.setViewportSize({ width: 1280, height: 800 })

    // A criterion opens the calls that failed it, for that agent.
    await page.getByRole('radio', { name: 'Overview' }).check()
    const criterion = page.getByTestId('overview-criterion').first()
    const name = (await criterion.getAttribute('aria-label')) ?? ''
    const failedCount = Number(/\((\d+) failed/.exec(name)?.[1])
    await criterion.click()
    await expect(page.getByRole('radio', { name: 'All conversations' })).toBeChecked()
    if (failedCount > 0) {
      await expect(count).toHaveText(new RegExp(`^${failedCount} of`), { timeout: 60_000 })
    }

    // Thirty days: more calls, and keyboard moves along the days.
    await page.getByRole('radio', { name: 'Overview' }).check()
    await page.getByRole('radio', { name: 'Last 30 days' }).check()
    await expect(page.getByTestId('overview-day')).toHaveCount(30, { timeout: 60_000 })
    // The history starts in this period: nothing to compare with, said as such (not "up from none").
    await expect(page.getByTestId('overview-compare')).toHaveText('No calls in the 30 days before.')
    await expect(page.getByTestId('overview-progress')).toBeHidden({ timeout: 120_000 })
    await page.getByTestId('overview-day').last().focus()
    await page.keyboard.press('ArrowLeft')
    await expect(page.getByTestId('overview-day').nth(28)).toBeFocused()
    await checkState(app, 'overview-30-days')
  })

  test('without a key: what the overview shows and the way to Account', async ({ app }) => {
    const page = app.page
    await page.getByTestId('nav-conversations').click()
    await expect(page.getByTestId('overview-no-key')).toBeVisible()
    await checkState(app, 'overview-no-key')
    await page.getByRole('button', { name: 'Go to Account' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  })

  test('while the overview shows, the inbox is not read; opening the inbox reads its first page', async ({
    app,
    sandbox,
  }) => {
    test.setTimeout(300_000)
    const page = app.page
    const screen = new ConversationsScreen(page)
    sandbox.clearRequestLog()
    await screen.signInAndOpen(sandbox, 'overview')
    await expect(page.getByTestId('overview-tiles')).toBeVisible({ timeout: 30_000 })
    await page.getByRole('radio', { name: 'Last 30 days' }).check()
    await expect(page.getByTestId('overview-day')).toHaveCount(30, { timeout: 60_000 })
    await expect(page.getByTestId('overview-progress')).toBeHidden({ timeout: 120_000 })
    // Every read of the overview has ended: the inbox's list was not among them.
    expect(inboxPageReads(sandbox)).toEqual([])

    await screen.showInbox()
    await expect(page.getByTestId('inbox-row').first()).toBeVisible({ timeout: 30_000 })
    expect(inboxPageReads(sandbox)).toHaveLength(1)
  })

  test('a service that does not list conversations: the overview says so and offers opening by id', async ({
    app,
    sandbox,
  }) => {
    sandbox.setConversationFeed({ listing: 404 })
    try {
      const screen = new ConversationsScreen(app.page)
      await screen.signInAndOpen(sandbox, 'overview')
      // Learnt from the overview's own read: the inbox's list is not read while it shows.
      await expect(app.page.getByTestId('list-not-served')).toBeVisible({ timeout: 30_000 })
      await expect(screen.idInput).toBeVisible()
      await expect(app.page.getByTestId('overview')).toHaveCount(0)
    } finally {
      sandbox.setConversationFeed({ listing: 'served' })
    }
  })

  // Last in the file: the sandbox is the worker's, and the reads held here are let go only when
  // it stops.
  test('while the calls are read: quiet shapes, then the counts without a pass rate; the inbox waits the same way', async ({
    app,
    sandbox,
  }) => {
    test.setTimeout(300_000)
    const page = app.page
    const screen = new ConversationsScreen(page)
    // Every read of the calls is held: the overview has no figure to show yet.
    sandbox.setFaults({ latencyMs: 600_000, latencyPathPrefix: '/v1/agents/conversations' })
    try {
      await screen.signInAndOpen(sandbox, 'overview')
      await expect(page.getByTestId('overview-skeleton')).toBeVisible({ timeout: 30_000 })
      await expect(page.getByTestId('overview-progress')).toContainText('Reading your calls…')
      await expect(page.getByTestId('overview-tiles')).toHaveCount(0)
      await expect(page.getByTestId('overview-coverage')).toHaveCount(0)
      await checkState(app, 'overview-loading')

      // The list is read, each call's results (read by id) are held: counts, and no pass rate.
      await page.getByTestId('overview-progress').getByRole('button', { name: 'Cancel' }).click()
      await expect(page.getByTestId('overview-cancelled')).toBeVisible()
      sandbox.setFaults({ latencyPathPrefix: '/v1/conversations/' })
      await page.getByRole('button', { name: 'Refresh' }).click()
      await expect(page.getByTestId('overview-tiles')).toBeVisible({ timeout: 60_000 })
      // Short words, and before the first result a moving stripe, never an empty bar at 0.
      await expect(page.getByTestId('overview-progress')).toContainText(
        /^Reading results: 0 of \d+ calls/,
      )
      await expect(page.getByTestId('overview-progress-sweep')).toBeVisible()
      await expect(page.getByTestId('overview-progress').locator('progress')).toHaveCount(0)
      const coverage = page.getByTestId('overview-coverage')
      await expect(coverage).toContainText(
        'Pass rates follow once the evaluation results are read.',
      )
      await expect(coverage).not.toContainText('latest')
      await expect(page.getByTestId('overview-tiles')).toContainText('reading results…')
      await checkState(app, 'overview-reading-results')

      // The inbox: a quiet bar where each result will be, never "…".
      await screen.showInbox()
      await expect(page.getByTestId('inbox-reading').first()).toBeVisible({ timeout: 30_000 })
      await expect(page.getByTestId('inbox-evals').filter({ hasText: '…' })).toHaveCount(0)
      await checkState(app, 'inbox-reading')
    } finally {
      sandbox.clearFaults()
    }
  })
})
