import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { ScriptScreen } from './support/script-screen'
import { signIn, VoicesScreen } from './support/voices-screen'

// "Use this voice" in the Voices pane knows what is open: with nothing open the voice starts a
// new script (its default voice) or a voice-over (the subtitles' main voice), through Script's own
// New and Voice-over's own Open subtitles…; with a voice-over open it gives the voice to the
// project's main voice or to one of its speakers, through the same change Voice-over's own Main
// voice and Cast make.

const SRT = [
  '1\n00:00:00,500 --> 00:00:03,000\nMAYA: The harbour was quiet when we came back.\n',
  '2\n00:00:03,500 --> 00:00:05,300\nTOM: Nobody expected the storm to pass.\n',
].join('\n')

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-use-voice-e2e-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Shows a voice's details, found by its name (the list is virtualized). */
async function show(voices: VoicesScreen, voiceId: string, name: string): Promise<void> {
  await voices.search.fill(name)
  await voices.row(voiceId).click()
  await expect(voices.details.getByRole('heading', { name })).toBeVisible()
}

test('with nothing open, a voice starts a new script in Script as its default voice', async ({
  app,
  sandbox,
}) => {
  await signIn(app, sandbox)
  const voices = new VoicesScreen(app.page)
  await voices.open()
  await show(voices, 'george', 'George')
  const use = voices.details.getByTestId('use-this-voice')
  await use.getByRole('button', { name: 'New script with this voice' }).click()
  await expect(app.page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  await expect(new ScriptScreen(app.page).text(0)).toBeVisible()
  // Script's own voice chip names it: the new script's block speaks in its default, George.
  await expect(
    app.page.getByRole('button', { name: 'Voice of block 1: George (default)' }),
  ).toBeVisible()

  // Back in Voices, the open script is the one given the voice.
  await voices.open()
  await show(voices, 'george', 'George')
  await expect(use.getByRole('button', { name: 'Script default', exact: true })).toBeDisabled()
})

test('with nothing open, a voice voices a video: the subtitles chosen open with it as their main voice', async ({
  app,
  sandbox,
}) => {
  const srt = join(dir, 'harbour.srt')
  await writeFile(srt, SRT)
  await signIn(app, sandbox)
  const voices = new VoicesScreen(app.page)
  const page = app.page
  await voices.open()
  await show(voices, 'george', 'George')
  const use = voices.details.getByTestId('use-this-voice')
  app.platform.answerNextOpen([srt])
  await use.getByRole('button', { name: 'Voice a video with this voice…' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Voice-over' })).toBeVisible()
  // Opening reads and plans the subtitles off main: slow on a busy machine.
  await expect(page.getByTestId('vo-line')).toHaveCount(2, { timeout: 60_000 })
  await expect(page.getByLabel('Main voice', { exact: true })).toHaveValue('george')

  // With a voice-over open and no script, Voices still offers a new script in another voice.
  await voices.open()
  await show(voices, 'olivia', 'Olivia')
  await expect(use.getByRole('group', { name: 'Voice-over: harbour.srt' })).toBeVisible()
  await use
    .getByRole('group', { name: 'Script' })
    .getByRole('button', { name: 'New script with this voice' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  await expect(
    page.getByRole('button', { name: 'Voice of block 1: Olivia (default)' }),
  ).toBeVisible()
})

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`a voice given to a voice-over speaker from Voices shows in its cast (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(240_000)
      const { page } = app
      await signIn(app, sandbox)
      const voices = new VoicesScreen(page)
      await voices.open()
      await show(voices, 'george', 'George')
      const use = voices.details.getByTestId('use-this-voice')
      await expect(use.getByRole('heading', { name: 'Use this voice' })).toBeVisible()
      await expect(use).toContainText('No script or voice-over is open yet.')
      await expect(use.getByRole('button')).toHaveText([
        'New script with this voice',
        'Voice a video with this voice…',
      ])
      const nothingOpen = await auditAtSizes(app, {
        name: 'voices-use-nothing-open',
        theme,
        shot: `voices-use-nothing-open-${theme}`,
        beforeSnap: () => use.scrollIntoViewIfNeeded(),
      })
      // The picker cancelled: Voice-over's empty state, and no voice kept for a later file.
      app.platform.answerNextOpen(null)
      await use.getByRole('button', { name: 'Voice a video with this voice…' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Voice-over' })).toBeVisible()
      await expect(page.getByTestId('vo-empty')).toBeVisible()
      const srt = join(dir, 'harbour.srt')
      await writeFile(srt, SRT)
      app.platform.answerNextOpen([srt])
      await page.getByRole('button', { name: 'Open subtitles…' }).click()
      // Opening reads and plans the subtitles off main: slow on a busy machine.
      await expect(page.getByTestId('vo-line')).toHaveCount(2, { timeout: 60_000 })
      await expect(page.getByLabel('Main voice', { exact: true })).toHaveValue('')

      await voices.open()
      await voices.search.fill('George')
      await voices.row('george').click()
      const voiceover = use.getByRole('group', { name: 'Voice-over: harbour.srt' })
      await expect(voiceover).toBeVisible()
      // No script open: its group offers a new one in this voice.
      await expect(use.getByRole('group', { name: 'Script' }).getByRole('button')).toHaveText([
        'New script with this voice',
      ])
      await expect(voiceover.getByRole('button')).toHaveText([
        'Use as main voice',
        'Use for MAYA',
        'Use for TOM',
      ])
      await voiceover.getByRole('button', { name: 'Use for TOM' }).click()
      await expect(use.getByTestId('script-sent')).toHaveText(
        'George now speaks TOM in the voice-over.',
      )
      await expect(voiceover.getByRole('button', { name: 'Speaks TOM' })).toBeDisabled()
      const problems = await auditAtSizes(app, {
        name: 'voices-use-voiceover',
        theme,
        shot: `voices-use-voiceover-${theme}`,
        beforeSnap: () => use.scrollIntoViewIfNeeded(),
      })
      // The list is virtualized: found by its name, as a user would.
      await voices.search.fill('Olivia')
      await voices.row('olivia').click()
      await voiceover.getByRole('button', { name: 'Use as main voice' }).click()
      await expect(use.getByTestId('script-sent')).toHaveText(
        'Olivia is now the voice-over’s main voice.',
      )

      // In Voice-over: the main voice and TOM's cast entry are the ones given from Voices.
      await page.getByTestId('nav-voiceover').click()
      await expect(page.getByLabel('Main voice', { exact: true })).toHaveValue('olivia')
      await page.getByRole('button', { name: /^Cast: 2 speakers/ }).click()
      await expect(page.getByTestId('vo-cast').getByLabel('TOM', { exact: true })).toHaveValue(
        'george',
      )
      await expect(page.getByTestId('vo-cast').getByLabel('MAYA', { exact: true })).toHaveValue('')
      await expect(page.getByTestId('vo-line').nth(1)).toContainText('George')
      expect([...nothingOpen, ...problems]).toEqual([])
    })
  })
}
