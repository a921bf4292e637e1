import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import type { Sandbox } from '../src/sandbox/index'
import { expect, test } from './fixtures/test'
import { ConversationsScreen } from './support/conversations-screen'
import { snap } from './support/screenshots'

test.use({
  sandboxOptions: { warmUp: false, conversationCount: 300, liveConversationEveryMs: 0 },
})

const AGENT_NAMES = [
  'Maya Okafor',
  'Theo Lindqvist',
  'Priya Raman',
  'Samuel Achebe',
  'Lucía Ferreira',
]

/** The inbox as the specs drive it. */
class Inbox {
  readonly rows: Locator
  readonly table: Locator
  constructor(readonly page: Page) {
    this.rows = page.getByTestId('inbox-row')
    this.table = page.getByTestId('inbox-table')
  }

  select(label: string, option: string): Promise<string[]> {
    return this.page
      .getByRole('search')
      .getByRole('combobox', { name: label, exact: true })
      .selectOption({ label: option })
  }

  async column(testId: string): Promise<string[]> {
    return this.rows.getByTestId(testId).allInnerTexts()
  }

  async statuses(): Promise<string[]> {
    return this.rows.getByTestId('status-chip').allInnerTexts()
  }

  /** Ids of the rows in the DOM (the virtualized window of the table), top to bottom. */
  async ids(): Promise<string[]> {
    // One page-side read: a handle per row could wait forever for a row re-rendered away.
    return this.rows.evaluateAll((rows) =>
      rows.map(
        (row) =>
          (row as unknown as { getAttribute(name: string): string | null }).getAttribute(
            'data-conversation-id',
          ) ?? '',
      ),
    )
  }

  row(id: string): Locator {
    return this.page.locator(`[data-testid="inbox-row"][data-conversation-id="${id}"]`)
  }
}

/** Reads the sandbox's newer list directly (what the service holds), for expected values. */
async function serviceList(
  sandbox: Sandbox,
  query: Record<string, string>,
): Promise<{ id: string; started_at: string | null; agent_id: string }[]> {
  const url = new URL('/v1/agents/conversations', sandbox.baseUrl)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  const res = await fetch(url, { headers: { authorization: `Bearer ${sandbox.keys.paid}` } })
  const body = (await res.json()) as {
    conversations: { id: string; started_at: string | null; agent_id: string }[]
  }
  return body.conversations
}

function localDay(iso: string): string {
  const d = new Date(iso)
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

test('the inbox lists every conversation by agent name; filters, search and j/k + Enter open one beside the table', async ({
  app,
  sandbox,
}) => {
  test.setTimeout(240_000)
  const screen = new ConversationsScreen(app.page)
  await screen.signInAndOpen(sandbox)
  const inbox = new Inbox(app.page)
  await expect(inbox.rows.first()).toBeVisible()
  // The count in words a person reads: how many calls the account has, not how many are loaded.
  await expect(app.page.getByTestId('inbox-count')).toHaveText(/^[\d,]+ calls$/)

  // Agents by name, never by id; evaluations of the rows on screen come in as passed/total.
  const agents = await inbox.column('inbox-agent')
  expect(agents.length).toBeGreaterThan(5)
  for (const name of agents) expect(AGENT_NAMES).toContain(name)
  await expect(inbox.rows.first().getByTestId('inbox-evals')).toHaveText(/^(\d+\/\d+|None|—)$/)
  expect(await inbox.table.innerText()).not.toMatch(/agent_|conv_/)

  // Scrolling to the end loads the next page by cursor.
  const loadedCount = async (): Promise<number> =>
    Number((await app.page.getByTestId('inbox-count').getAttribute('data-loaded')) ?? NaN)
  const loadedBefore = await loadedCount()
  expect(loadedBefore).toBeGreaterThanOrEqual(100)
  await app.page.getByTestId('inbox-table').evaluate((el) => {
    el.scrollTop = el.scrollHeight
  })
  await expect.poll(loadedCount).toBeGreaterThanOrEqual(loadedBefore + 98)
  await app.page.getByTestId('inbox-table').evaluate((el) => {
    el.scrollTop = 0
  })

  // Agent and status are filtered by the service.
  await inbox.select('Agent', 'Theo Lindqvist')
  await inbox.select('Status', 'Failed')
  await expect(inbox.rows.first()).toBeVisible()
  await expect.poll(() => inbox.column('inbox-agent')).not.toContain('Maya Okafor')
  expect(new Set(await inbox.column('inbox-agent'))).toEqual(new Set(['Theo Lindqvist']))
  expect(new Set(await inbox.statuses())).toEqual(new Set(['Failed']))

  // Evaluation outcome: every row shown has a failed criterion (fewer passed than total).
  await app.page.getByRole('button', { name: 'Clear filters' }).click()
  await inbox.select('Evaluation', 'Failed')
  // Every loaded row's evaluations are read first, at the plan's conversation-read rate (5/s on
  // the default plan), then a page more while fewer rows match than fill the table.
  await expect(app.page.getByTestId('inbox-awaiting')).toBeVisible()
  await expect(app.page.getByTestId('inbox-awaiting')).toBeHidden({ timeout: 120_000 })
  await expect(inbox.rows.first()).toBeVisible()
  for (const text of await inbox.column('inbox-evals')) {
    const [passed, total] = text.split('/').map(Number)
    expect(passed).toBeLessThan(total as number)
  }
  // One criterion, passed: a criterion the first row passed (its cell's title lists them).
  const title =
    (await inbox.rows.first().getByTestId('inbox-evals').locator('span').getAttribute('title')) ??
    ''
  const passedName = /^(.+): passed$/m.exec(title)?.[1] ?? ''
  expect(passedName).not.toBe('')
  await inbox.select('Evaluation', 'Passed')
  await inbox.select('Criterion', passedName)
  await expect(inbox.rows.first()).toBeVisible()
  for (const row of await inbox.rows.all()) {
    await expect(row.getByTestId('inbox-evals').locator('span')).toHaveAttribute(
      'title',
      new RegExp(`^${passedName}: passed$`, 'm'),
    )
  }

  // Date range: one local day, checked against what the service holds for it.
  await app.page.getByRole('button', { name: 'Clear filters' }).click()
  const [newest] = await serviceList(sandbox, { limit: '1', status: 'completed' })
  const day = localDay(newest?.started_at ?? '')
  const from = new Date(`${day}T00:00:00`)
  const to = new Date(from)
  to.setDate(to.getDate() + 1)
  const thatDay = await serviceList(sandbox, {
    limit: '200',
    started_after: from.toISOString(),
    started_before: to.toISOString(),
  })
  await app.page.getByLabel('From', { exact: true }).fill(day)
  await app.page.getByLabel('To', { exact: true }).fill(day)
  // About ten a day: the service's answer for that day fits one page, and only it is shown.
  expect(thatDay.length).toBeGreaterThan(0)
  expect(thatDay.length).toBeLessThan(100)
  await expect(app.page.getByTestId('inbox-count')).toHaveText(
    `${thatDay.length} call${thatDay.length === 1 ? '' : 's'}`,
  )
  const shownIds = await inbox.ids()
  expect(shownIds.length).toBeGreaterThan(0)
  const dayIds = new Set(thatDay.map((c) => c.id))
  for (const id of shownIds) expect(dayIds.has(id)).toBe(true)

  // Search over the loaded rows: by agent name.
  await app.page.getByRole('button', { name: 'Clear filters' }).click()
  await app.page.getByLabel('Search loaded conversations').fill('priya')
  await expect
    .poll(async () => new Set(await inbox.column('inbox-agent')))
    .toEqual(new Set(['Priya Raman']))
  await app.page.getByLabel('Search loaded conversations').fill('')
  // The whole list is back before the keys move through it (not the rows of the search).
  await expect.poll(async () => new Set(await inbox.column('inbox-agent')).size).toBeGreaterThan(1)

  // Keyboard: j twice, Enter opens the second row beside the table; k goes back up.
  await inbox.table.focus()
  // The open row is read from the focus, not by position: rows can move while the keys are
  // pressed (a live conversation that starts joins the top of the list).
  const focusedRow = inbox.table.locator('.inbox-row--focused')
  const firstId = await inbox.rows.nth(0).getAttribute('data-conversation-id')
  await app.page.keyboard.press('j')
  await app.page.keyboard.press('j')
  await expect(focusedRow).toHaveCount(1)
  const second = await focusedRow.getAttribute('data-conversation-id')
  expect(second).not.toBe(firstId)
  await app.page.keyboard.press('Enter')
  await expect(app.page.getByTestId('conversation-id')).toHaveText(second ?? '')
  await expect(app.page.getByTestId('header-agent')).toHaveText(
    new RegExp(`^(${AGENT_NAMES.join('|')})$`),
  )
  await expect(inbox.row(second ?? '')).toHaveAttribute('aria-selected', 'true')
  // Beside, not instead: the table stays on screen next to the detail.
  const tableBox = await inbox.table.boundingBox()
  const detailBox = await screen.detail.boundingBox()
  expect(
    tableBox !== null && detailBox !== null && detailBox.x > tableBox.x + tableBox.width - 1,
  ).toBe(true)
  await app.page.keyboard.press('k')
  await expect(focusedRow).not.toHaveAttribute('data-conversation-id', second ?? '')
  const first = await focusedRow.getAttribute('data-conversation-id')
  await app.page.keyboard.press('Enter')
  await expect(app.page.getByTestId('conversation-id')).toHaveText(first ?? '')
  await snap(app, 'inbox-detail-beside')
})

test('export the filtered selection: a CSV row and a JSONL line per conversation; cancel leaves nothing', async ({
  app,
  sandbox,
}) => {
  test.setTimeout(120_000)
  const screen = new ConversationsScreen(app.page)
  await screen.signInAndOpen(sandbox)
  const inbox = new Inbox(app.page)
  await inbox.select('Agent', 'Samuel Achebe')
  await inbox.select('Status', 'Failed')
  await expect(inbox.rows.first()).toBeVisible()
  await expect(app.page.getByText('Every conversation that matches the filters')).toBeVisible()
  const ids = await inbox.ids()
  const agentsRes = await fetch(new URL('/v1/agents', sandbox.baseUrl), {
    headers: { authorization: `Bearer ${sandbox.keys.paid}` },
  })
  const { agents } = (await agentsRes.json()) as { agents: { id: string; name: string }[] }
  const samuel = agents.find((agent) => agent.name === 'Samuel Achebe')
  const expected = await serviceList(sandbox, {
    limit: '200',
    agent_id: samuel?.id ?? '',
    status: 'failed',
  })
  // The selection is every conversation the service holds for these filters, in its order.
  expect(ids).toEqual(expected.map((c) => c.id))

  const folder = await mkdtemp(join(tmpdir(), 'voicedesk-inbox-export-'))
  try {
    app.platform.answerNextOpen([folder])
    await app.page.getByRole('button', { name: `Export ${ids.length} conversation` }).click()
    const done = app.page.getByTestId('batch-export-done')
    await expect(done).toContainText(`Exported ${ids.length} conversation`, { timeout: 30_000 })
    const files = (await readdir(folder)).sort()
    expect(files).toHaveLength(2)
    const csvName = files.find((f) => f.endsWith('.csv')) as string
    const jsonlName = files.find((f) => f.endsWith('.jsonl')) as string
    const csv = (await readFile(join(folder, csvName), 'utf8')).trim().split(/\r?\n/)
    expect(csv).toHaveLength(ids.length + 1)
    const jsonl = (await readFile(join(folder, jsonlName), 'utf8')).trim().split('\n')
    expect(jsonl).toHaveLength(ids.length)
    expect(jsonl.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(ids)
    // The files by name (never a full path), and Show in folder opens the folder at them.
    await expect(done).toContainText(csvName)
    await expect(done).not.toContainText(folder)
    // Not the folder's name either (here a temporary one): Show in folder says where.
    await expect(done).not.toContainText(basename(folder))
    await expect(done.locator('.mono')).toHaveCount(0)
    await done.getByRole('button', { name: 'Show in folder' }).click()
    await expect.poll(() => app.platform.revealed).toEqual([join(folder, csvName)])
    await snap(app, 'inbox-export-done')
    await done.getByRole('button', { name: 'Dismiss' }).click()

    // A slow service: the export of a larger selection is cancelled part way; no file is left.
    await app.page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(app.page.getByTestId('inbox-count')).toHaveAttribute('data-shown', /^\d{3}$/)
    sandbox.setFaults({ latencyMs: 150 })
    const cancelFolder = await mkdtemp(join(tmpdir(), 'voicedesk-inbox-cancel-'))
    try {
      app.platform.answerNextOpen([cancelFolder])
      // With no filter and rows still to load, the export covers every call, paged in main.
      await app.page.getByRole('button', { name: 'Export every matching call…' }).click()
      await expect(app.page.getByTestId('batch-export-progress')).toBeVisible()
      // Never "0 so far" beside a moving bar.
      await expect(app.page.getByTestId('batch-export-progress')).not.toContainText(/\b0 /)
      await snap(app, 'inbox-export-running')
      await app.page.getByRole('button', { name: 'Cancel export' }).click()
      await expect(app.page.getByTestId('batch-export-cancelled')).toBeVisible()
      expect(await readdir(cancelFolder)).toEqual([])
    } finally {
      sandbox.clearFaults()
      await rm(cancelFolder, { recursive: true, force: true })
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

test.describe('on main clock the test moves', () => {
  test.use({ manualClock: true })

  test('a live conversation appears, changes status in the table, and gets its evaluations', async ({
    app,
    sandbox,
    mainClock,
  }) => {
    test.setTimeout(120_000)
    const screen = new ConversationsScreen(app.page)
    await screen.signInAndOpen(sandbox)
    const inbox = new Inbox(app.page)
    await expect(inbox.rows.first()).toBeVisible()

    const live = sandbox.startConversation({
      turns: 4,
      turnIntervalMs: 700,
      startDelayMs: 300,
      evaluationDelayMs: 200,
      agentId: 'agent_01jsandboxbistro000000000',
    })
    const row = inbox.row(live.id)
    // Each check moves main's clock one poll interval: the poller reads the list again.
    const statusAfterPoll = async (): Promise<string> => {
      mainClock.advance(2_000)
      return (await row.count()) === 0
        ? ''
        : ((await row.getByTestId('status-chip').textContent()) ?? '')
    }
    await expect.poll(statusAfterPoll, { timeout: 20_000 }).toMatch(/^(Waiting|Live)$/)
    await expect(row.getByTestId('inbox-agent')).toHaveText('Maya Okafor')
    // A new live conversation goes to the top of the list, among the other live ones.
    expect((await inbox.ids()).slice(0, 4)).toContain(live.id)
    await snap(app, 'inbox-live-row')
    await expect.poll(statusAfterPoll, { timeout: 30_000 }).toBe('Completed')
    // The poller reads a finished conversation's evaluations once, a few seconds later.
    await expect
      .poll(
        async () => {
          mainClock.advance(5_000)
          return row.getByTestId('inbox-evals').textContent()
        },
        { timeout: 20_000 },
      )
      .toMatch(/^\d+\/\d+$/)
    // Read once: by the poller, and the table's own request for it was answered from main's memory.
    const evaluationReads = sandbox
      .requestLog()
      .filter((entry) => entry.path.endsWith(`/conversations/${live.id}/evaluations`))
    expect(evaluationReads).toHaveLength(1)
    sandbox.clearRequestLog()
    mainClock.advance(10_000)
    await expect.poll(() => ConversationsScreen.readsOf(sandbox, live.id).length).toBe(0)
  })

  test('a service that stops listing: the page says so and opening by id keeps working', async ({
    app,
    sandbox,
    mainClock,
  }) => {
    const screen = new ConversationsScreen(app.page)
    await screen.signInAndOpen(sandbox)
    const inbox = new Inbox(app.page)
    await expect(inbox.rows.first()).toBeVisible()

    sandbox.setConversationFeed({ listing: 405 })
    try {
      const notice = app.page.getByTestId('list-not-served')
      await expect
        .poll(async () => {
          mainClock.advance(2_000)
          return notice.isVisible()
        })
        .toBe(true)
      await expect(notice).toContainText('This service does not list conversations')
      await expect(notice).toContainText('Paste a conversation id')
      await expect(inbox.table).toBeHidden()

      await screen.openById(sandbox.seededConversations.completed)
      await expect(app.page.getByTestId('conversation-id')).toHaveText(
        sandbox.seededConversations.completed,
      )
      await expect(app.page.getByTestId('header-agent')).toHaveText('Maya Okafor')
      await expect(screen.recentItems.first()).toContainText('Maya Okafor')
      await snap(app, 'inbox-not-served')
    } finally {
      sandbox.setConversationFeed({ listing: 'served' })
    }
  })
})

test('a service that never listed (404): the notice from the start, then paste an id', async ({
  app,
  sandbox,
}) => {
  sandbox.setConversationFeed({ listing: 404 })
  try {
    const screen = new ConversationsScreen(app.page)
    await screen.signInAndOpen(sandbox)
    await expect(app.page.getByTestId('list-not-served')).toBeVisible()
    await expect(app.page.getByTestId('inbox-table')).toBeHidden()
    await screen.openById(sandbox.seededConversations.failed)
    await expect(app.page.getByTestId('conversation-id')).toHaveText(
      sandbox.seededConversations.failed,
    )
    await expect(screen.recentItems).toHaveCount(1)
  } finally {
    sandbox.setConversationFeed({ listing: 'served' })
  }
})

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ appColorScheme: scheme })

    test(`inbox screenshots at 1280x820 and 900x640 (${scheme})`, async ({ app, sandbox }) => {
      const screen = new ConversationsScreen(app.page)
      await screen.signInAndOpen(sandbox)
      const inbox = new Inbox(app.page)
      await expect(inbox.rows.nth(5)).toBeVisible()
      // The finished rows on screen have their evaluations before the picture is taken (the live
      // and waiting calls are the newest, at the top).
      const finished = inbox.rows.filter({
        has: app.page.getByTestId('status-chip').getByText('Completed', { exact: true }),
      })
      await expect(finished.nth(0).getByTestId('inbox-evals')).toHaveText(/^\d+\/\d+$/)
      await expect(finished.nth(2).getByTestId('inbox-evals')).toHaveText(/^\d+\/\d+$/)
      await snap(app, `inbox-${scheme}-1280`)
      await finished.nth(0).click()
      await expect(screen.detail).toBeVisible()
      await snap(app, `inbox-${scheme}-1280-detail`)
      await app.page.setViewportSize({ width: 900, height: 640 })
      await snap(app, `inbox-${scheme}-900-detail`)
      await screen.detail.getByRole('button', { name: /^Close/ }).click()
      await snap(app, `inbox-${scheme}-900`)
    })
  })
}
