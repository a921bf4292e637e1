import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { nextTimerArmed } from '../src/main/testing/manual-clock'
import { expect, test } from './fixtures/test'
import type { PageAudio } from './support/conversations-screen'
import { ConversationsScreen } from './support/conversations-screen'
import { headerPinned } from './support/conversations-states'
import { snap } from './support/screenshots'
import { accessibilityProblems } from './support/axe'
import { expectVisibleFocus } from './support/focus-walk'
import type { AppHost } from './fixtures/app-host'

// The sandbox runs on a clock the tests move (its live call progresses only as they say); the
// feed of new live calls is off, so the only live call is the one a test starts.
// This file's sandbox runs on a clock the specs move, so its read allowance never refills by
// itself; the workspace opens on the overview, whose reads (a week of calls and their
// evaluations) would use up the paid plan's burst of 60 for every later test of the file.
test.use({
  sandboxOptions: {
    warmUp: false,
    liveConversationEveryMs: 0,
    limits: { paid: { conversationReadBurst: 100_000 } },
  },
  sharedClock: true,
})

/** A screenshot in light and in dark, and in both the accessibility audit's findings. */
async function snapAndAuditBothSchemes(app: AppHost, name: string): Promise<string[]> {
  const problems: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme })
    const found = await accessibilityProblems(app.page)
    problems.push(...found.map((p) => `${scheme}: ${p}`))
    await snap(app, `${name}-${scheme}`)
  }
  await app.page.emulateMedia({ colorScheme: 'light' })
  return problems
}

/** A follow's wait between two reads while the window is visible (main's DEFAULT_WATCH_TIMING). */
const FOLLOW_INTERVAL_MS = 1_000

test.describe('on one clock for the sandbox and main, moved by the test', () => {
  // The live call moves on, and main reads it, only when the test advances the shared clock:
  // every count below is exact, however loaded the machine.
  test.use({ manualClock: true })

  test('follow a live conversation to the end: turns, evaluations, recording, tool call, search, export; then no more reads', async ({
    app,
    sandbox,
    userDataDir,
    mainClock,
  }) => {
    test.setTimeout(120_000)
    const screen = new ConversationsScreen(app.page)
    await screen.signInAndOpen(sandbox)

    // From now (t = 0): active at 0.6 s, a turn every 0.9 s from 1.5 s to 8.7 s, ended at 9.6 s,
    // evaluations at 11.1 s.
    const live = sandbox.startConversation({
      turns: 9,
      turnIntervalMs: 900,
      startDelayMs: 600,
      evaluationDelayMs: 1_500,
    })
    const followReads = (): string[] =>
      ConversationsScreen.readsOf(sandbox, live.id).filter((read) => !read.endsWith('/recording'))
    /** Moves the clock `ms`, then waits until main has read the call and waits to read again. */
    const advanceToNextRead = (ms: number): Promise<void> =>
      // A step: when a follow never reads, the timeout report names the advance it hung in.
      test.step(`advance ${ms} ms: main reads the call, then waits again`, async () => {
        const read = sandbox.nextRequest({ pathPrefix: `/v1/conversations/${live.id}` })
        const waitsAgain = nextTimerArmed(mainClock, FOLLOW_INTERVAL_MS)
        mainClock.advance(ms)
        await read
        await waitsAgain
      })

    // Pasted as a link: the id is taken from its path.
    await screen.openById(`https://console.example/agents/conversations/${live.id}?tab=transcript`)
    await expect(app.page.getByTestId('conversation-id')).toHaveText(live.id)
    // The heading is the agent by name and when the call started; the id sits behind Details.
    await expect(app.page.getByTestId('header-agent')).toHaveText('Maya Okafor')
    await expect(app.page.getByTestId('conversation-heading')).toContainText(
      /Waiting for the caller to connect \(placed (today|yesterday) \d{1,2}:\d\d\s[AP]M\)/,
    )
    await expect(app.page.getByTestId('conversation-heading')).not.toContainText(live.id)
    await expect(app.page.getByTestId('conversation-id')).toBeHidden()
    await app.page.getByRole('button', { name: 'Details', exact: true, expanded: false }).click()
    await expect(app.page.getByTestId('conversation-id')).toBeVisible()
    await expect(screen.statusChip).toHaveText('Waiting')

    // Turns appear while it runs: read at 3.5 s (three turns), then at 4.5 s (a fourth).
    await advanceToNextRead(3_500)
    await expect(screen.statusChip).toHaveText('Live')
    await expect(screen.followStatus).toContainText('Following live')
    await expect(screen.turns).toHaveCount(3)
    // Details, at the foot of the pane, is open: the call's header still shows which call it is.
    expect(await headerPinned(app.page)).toBe(true)
    await snap(app, 'conversation-live')
    await advanceToNextRead(FOLLOW_INTERVAL_MS)
    await expect(screen.turns).toHaveCount(4)
    await expect(screen.statusChip).toHaveText('Live')

    // Read at 10.5 s: it has ended; every turn is there once; the evaluations are awaited.
    await advanceToNextRead(6_000)
    await expect(screen.statusChip).toHaveText('Completed')
    await expect(screen.turns).toHaveCount(9)
    await expect(app.page.getByTestId('header-end-reason')).toHaveText('The caller hung up')
    await expect(screen.followStatus).toContainText('Waiting for its evaluations')
    await expect(screen.evaluations.getByTestId('criterion')).toHaveCount(0)

    // Their first read, at 11.5 s, finds them.
    mainClock.advance(FOLLOW_INTERVAL_MS)
    // The verdict first: passed n of m, the failed or unclear criteria, the passed ones on a line.
    await expect(screen.detail.getByTestId('verdict')).toHaveText('Passed 2 of 3')
    await expect(screen.followStatus).toBeHidden()
    await expect(screen.evaluations.getByTestId('criterion-result')).toHaveText(['Unclear'])
    await expect(screen.evaluations.locator('.criteria-passed__line')).toContainText(
      'Greeted the caller, Booked a slot',
    )
    await screen.evaluations.locator('.criteria-passed__line').getByRole('button').click()
    await expect(screen.evaluations.getByTestId('criterion-result')).toHaveText([
      'Unclear',
      'Passed',
      'Passed',
    ])
    await expect(screen.evaluations.getByTestId('evaluation-summary')).toContainText(
      'booked a table',
    )
    // Extracted fields in words ("Booked: yes"); the raw key stays in the tooltip.
    await expect(screen.evaluations.getByTestId('extracted-data')).toContainText('Party size:4')
    await expect(screen.evaluations.getByTestId('extracted-data')).toContainText('Booked:yes')
    await expect(screen.evaluations.getByTestId('extracted-data')).not.toContainText('party_size')
    await expect(screen.evaluations.getByTestId('extracted-data')).not.toContainText('true')
    const greeted = screen.evaluations
      .getByTestId('criterion')
      .filter({ hasText: 'Greeted the caller' })
    await greeted.getByRole('button', { name: 'Why: Greeted the caller' }).click()
    await expect(greeted.getByTestId('criterion-rationale')).toContainText('business name')

    // Polling has stopped. A follow arms its next wait before the window hears of a read, and its
    // waits are the only ones on main's clock that keep the process alive: none is left. So a
    // minute on, nothing reads this conversation (checked below, before the export reads it).
    expect(mainClock.pendingTimers({ keepAlive: true })).toBe(0)
    sandbox.clearRequestLog()
    mainClock.advance(60_000)

    // The recording (downloaded by main, played from a blob: URL) plays from a clicked turn.
    // The app's own player (play/pause, time, seek bar, speed) over an audio element without
    // the browser's controls.
    const audio = app.page.getByTestId('recording-audio')
    const playButton = app.page.getByRole('button', { name: 'Play the recording', exact: true })
    await expect(playButton).toBeVisible({ timeout: 30_000 })
    await expect(audio).toBeHidden()
    await expect(audio).toHaveAttribute('src', /^blob:/)
    await expect(app.page.getByTestId('recording-time')).toHaveText(/^0:00 \/ \d+:\d\d$/)
    await expect
      .poll(() =>
        audio.evaluate((el) => {
          const a = el as unknown as PageAudio
          return Number.isFinite(a.duration) ? a.duration : 0
        }),
      )
      .toBeGreaterThan(3)
    const fourth = screen.turns.nth(3)
    const label = (await fourth.locator('.turn__time').textContent()) ?? ''
    const [m = '0', s = '0'] = label.split(':')
    const offset = Number(m) * 60 + Number(s)
    await fourth.locator('.turn__text').click()
    // Seeked to the turn's start (the label is whole seconds), then playing: time moves on.
    await expect.poll(() => audio.evaluate((el) => (el as unknown as PageAudio).paused)).toBe(false)
    const seekedTo = await audio.evaluate((el) => (el as unknown as PageAudio).currentTime)
    expect(seekedTo).toBeGreaterThanOrEqual(offset)
    expect(seekedTo).toBeLessThan(offset + 1.5)
    await expect
      .poll(() => audio.evaluate((el) => (el as unknown as PageAudio).currentTime))
      .toBeGreaterThan(seekedTo + 0.3)
    // Pause from the keyboard; the speed and the seek bar drive the same element.
    const pauseButton = app.page.getByRole('button', { name: 'Pause the recording', exact: true })
    await pauseButton.focus()
    await app.page.keyboard.press('Enter')
    await expect.poll(() => audio.evaluate((el) => (el as unknown as PageAudio).paused)).toBe(true)
    await expect(playButton).toBeVisible()
    await app.page.getByTestId('recording-speed').selectOption({ label: '1.5×' })
    expect(
      await audio.evaluate((el) => (el as unknown as { playbackRate: number }).playbackRate),
    ).toBe(1.5)
    // The seek bar from the keyboard: Home to the start, then a second a step.
    await app.page.getByLabel('Position in the recording').focus()
    await app.page.keyboard.press('Home')
    await app.page.keyboard.press('ArrowRight')
    await app.page.keyboard.press('ArrowRight')
    await expect
      .poll(() => audio.evaluate((el) => (el as unknown as PageAudio).currentTime))
      .toBe(2)
    await expect(app.page.getByTestId('recording-time')).toHaveText(/^0:02 \/ /)

    await snap(app, 'conversation-completed-evaluations')

    // A tool call: expand it, read its JSON, copy it.
    // What reaches the clipboard, seen from the page: the async clipboard's text, or the
    // selection of a copy command (the fallback when a permission policy refuses the first).
    await app.page.evaluate(() => {
      const w = globalThis as unknown as {
        __copied: string[]
        navigator: { clipboard: { writeText(t: string): Promise<void> } }
        document: { addEventListener(n: string, f: () => void): void }
        getSelection(): { toString(): string } | null
      }
      w.__copied = []
      const original = w.navigator.clipboard.writeText.bind(w.navigator.clipboard)
      w.navigator.clipboard.writeText = async (text: string) => {
        await original(text)
        w.__copied.push(text)
      }
      w.document.addEventListener('copy', () => w.__copied.push(w.getSelection()?.toString() ?? ''))
    })
    const card = app.page.getByTestId('tool-card').first()
    // In words first: what the agent did, what it asked with and what came back.
    await expect(card.getByTestId('tool-name')).toHaveText('Check availability')
    // (The colon after each name is drawn by the style sheet, so it is not in the text.)
    await expect(card.getByTestId('tool-args-words')).toContainText('Party size4')
    await expect(card.getByTestId('tool-result-words')).toContainText('19:00, 19:30, 21:00')
    // The exact JSON behind Details.
    await card
      .getByRole('button', { name: /Details of Check availability \(check_availability\)/ })
      .click()
    await expect(card.getByTestId('tool-arguments')).toContainText('"party_size": 4')
    await expect(card.getByTestId('tool-result')).toContainText('"19:30"')
    await card.getByRole('button', { name: 'Copy arguments as JSON' }).click()
    await expect(card.getByRole('button', { name: 'Copy arguments as JSON' })).toHaveText('Copied')
    const copied = await app.page.evaluate(
      () => (globalThis as unknown as { __copied: string[] }).__copied,
    )
    expect(JSON.parse(copied[0] ?? 'null')).toEqual({ date: 'friday', party_size: 4 })
    // With a tool call open in the transcript, the header and its verdict are still on top.
    expect(await headerPinned(app.page)).toBe(true)
    await snap(app, 'conversation-tool-call-expanded')

    // Search with next / previous.
    const search = app.page.getByLabel('Search the transcript')
    await search.fill('party_size')
    await expect(app.page.getByTestId('search-count')).toHaveText('1 of 2')
    await search.press('Enter')
    await expect(app.page.getByTestId('search-count')).toHaveText('2 of 2')
    await search.press('Shift+Enter')
    await expect(app.page.getByTestId('search-count')).toHaveText('1 of 2')
    await expect(app.page.locator('.turn--current mark').first()).toHaveText('party_size')
    await search.fill('')

    // No follow read of it since that minute passed (the recording's download is not a follow).
    expect(followReads()).toEqual([])

    // Export in all three formats through the save dialog.
    const exported: Record<string, string> = {}
    for (const [button, extension] of [
      ['JSON', 'json'],
      ['Markdown', 'md'],
      ['Text', 'txt'],
    ] as const) {
      const target = join(userDataDir, `export.${extension}`)
      app.platform.answerNextSave(target)
      await app.page
        .getByRole('group', { name: 'Export' })
        .getByRole('button', { name: button, exact: true })
        .click()
      // The file by its name and Show in folder, not the folder's path.
      const done = app.page.getByTestId('export-done')
      await expect(done).toContainText(`Saved export.${extension}.`)
      await expect(done.getByRole('button', { name: 'Show in folder' })).toBeVisible()
      await expect(done).not.toContainText(userDataDir)
      exported[extension] = await readFile(target, 'utf8')
    }
    const json = JSON.parse(exported.json ?? '') as {
      conversation: Record<string, unknown>
      messages: Record<string, unknown>[]
      evaluations: unknown[]
    }
    expect(json.conversation).toMatchObject({
      id: live.id,
      status: 'completed',
      end_reason: 'caller_hangup',
    })
    expect(json.messages).toHaveLength(9)
    expect(json.messages[4]).toMatchObject({ role: 'tool', tool_name: 'check_availability' })
    expect(json.evaluations).toHaveLength(5)
    expect(exported.md).toContain(`# Conversation ${live.id}`)
    expect(exported.md).toContain('Tool call: check_availability')
    expect(exported.txt).toContain('End reason: caller_hangup')
    expect(exported.txt).toMatch(/\] Caller: Hi, I would like to book a table/)
    expect(app.platform.dialogs.filter((d) => d.kind === 'save').map((d) => d.defaultName)).toEqual(
      [`${live.id}.json`, `${live.id}.md`, `${live.id}.txt`],
    )
  })
})

test('an unknown id gives a clear message; a failed conversation shows its end reason; the list is kept', async ({
  app,
  sandbox,
}) => {
  // Two audits in light and dark (axe takes seconds each on a busy machine).
  test.setTimeout(150_000)
  const screen = new ConversationsScreen(app.page)
  await screen.signInAndOpen(sandbox)

  await screen.openById('not a conversation id!')
  await expect(app.page.locator('#conversation-id-error')).toContainText('not a conversation id')

  await screen.openById('conv_01jdoesnotexist0000000000')
  const error = app.page.getByTestId('open-error')
  await expect(error).toContainText(
    'No conversation with id conv_01jdoesnotexist0000000000. Check the id',
  )
  await error.getByRole('button', { name: 'Details', exact: true, expanded: false }).click()
  await expect(error.getByTestId('error-request-id')).toHaveText(/^req_/)
  expect(await snapAndAuditBothSchemes(app, 'conversation-open-error-details')).toEqual([])

  const failed = sandbox.seededConversations.failed
  await screen.openById(failed)
  await expect(screen.statusChip).toHaveText('Failed')
  await expect(app.page.getByTestId('header-end-reason')).toHaveText(
    'The caller stopped responding',
  )
  await expect(app.page.getByTestId('header-end-reason')).not.toContainText('inactivity_timeout')
  // Details is a button to the keyboard too: Enter opens it, Space closes it, focus stays on it.
  const details = app.page.getByRole('button', { name: 'Details', exact: true })
  const copyCode = app.page.getByRole('button', { name: 'Copy end reason code' })
  await expect(details).toHaveAttribute('aria-expanded', 'false')
  await expect(copyCode).toBeHidden()
  await details.focus()
  await app.page.keyboard.press('Enter')
  await expect(details).toHaveAttribute('aria-expanded', 'true')
  await expect(copyCode).toBeVisible()
  await app.page.keyboard.press('Space')
  await expect(details).toHaveAttribute('aria-expanded', 'false')
  await expect(copyCode).toBeHidden()
  await expect(details).toBeFocused()
  await app.page.keyboard.press('Space')
  await expect(copyCode.locator('xpath=..')).toContainText('inactivity_timeout')
  // From just before Details, through the opened conversation: every stop's ring shows whole
  // (the pane scrolls, and would cut off the ring of a control at its left edge).
  await details.focus()
  await app.page.keyboard.press('Shift+Tab')
  expect(await expectVisibleFocus(app.page, 12)).toContain('button Details')
  await expect(app.page.getByTestId('recording-none')).toHaveText(
    'This conversation has no recording.',
  )
  // A failed call: the failed criterion first, its reason shown without a click; "Booked: no".
  await expect(screen.detail.getByTestId('verdict')).toHaveText('Passed 1 of 3')
  await expect(screen.evaluations.getByTestId('criterion-result')).toHaveText(['Failed', 'Unclear'])
  await expect(screen.evaluations.locator('.criteria-passed__line')).toContainText(
    'Greeted the caller',
  )
  await expect(screen.evaluations.getByTestId('criterion-rationale')).toHaveText(
    'The caller stopped responding before giving the party size, so nothing was booked.',
  )
  await expect(screen.evaluations.getByTestId('extracted-data')).toContainText('Booked:no')
  // The caller left before saying how many: the data says so, it does not contradict the reason.
  await expect(screen.evaluations.getByTestId('extracted-data')).toContainText(
    'Party size:not given',
  )
  await expect(screen.evaluations.getByTestId('extracted-data')).not.toContainText('Party size:4')
  await snap(app, 'conversation-failed')
  expect(await snapAndAuditBothSchemes(app, 'conversation-failed-details')).toEqual([])

  const completed = sandbox.seededConversations.completed
  await screen.openById(completed)
  await expect(screen.statusChip).toHaveText('Completed')
  await expect(screen.recentItems).toHaveCount(2)
  // A card shows the call in words (agent, state, time); its id stays behind the call's Details.
  await expect(screen.recentItems.first()).toHaveAttribute('data-conversation-id', completed)
  await expect(screen.recentItems.first()).not.toContainText(completed)

  // Searchable and persisted: after a reload the list is still there.
  await app.page.reload()
  await app.page.getByTestId('nav-conversations').click()
  await screen.showOpenedById()
  await expect(screen.recentItems).toHaveCount(2)
  await app.page.getByLabel('Search opened conversations').fill('failed')
  await expect(screen.recentItems).toHaveCount(1)
  await expect(screen.recentItems.first()).toHaveAttribute('data-conversation-id', failed)
  await app.page.getByLabel('Search opened conversations').fill('')

  // Removable.
  await app.page
    .locator(`[data-testid="recent-item"][data-conversation-id="${failed}"]`)
    .getByRole('button', { name: /^Remove the call with .+ from the list$/ })
    .click()
  await expect(screen.recentItems).toHaveCount(1)
  await expect(screen.recentItems.first()).toHaveAttribute('data-conversation-id', completed)
})
