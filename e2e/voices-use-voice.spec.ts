import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { signIn, VoicesScreen } from './support/voices-screen'

// "Use this voice" in the Voices pane knows what is open: with nothing open it offers both
// workspaces; with a voice-over open it gives the voice to the project's main voice or to one of
// its speakers, through the same change Voice-over's own Main voice and Cast make.

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
      await voices.search.fill('George')
      await voices.row('george').click()
      const use = voices.details.getByTestId('use-this-voice')
      await expect(use.getByRole('heading', { name: 'Use this voice' })).toBeVisible()
      await expect(use).toContainText('No script or voice-over is open.')
      await expect(use.getByRole('button', { name: 'Go to Script' })).toBeVisible()
      await use.getByRole('button', { name: 'Go to Voice-over' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Voice-over' })).toBeVisible()
      await page.getByRole('button', { name: 'Try sample subtitles' }).click()
      // Opening the sample reads and plans it off main: slow on a busy machine.
      await expect(page.getByTestId('vo-line')).toHaveCount(6, { timeout: 60_000 })

      await voices.open()
      await voices.search.fill('George')
      await voices.row('george').click()
      const voiceover = use.getByRole('group', { name: 'Voice-over: harbour.srt' })
      await expect(voiceover).toBeVisible()
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
      expect(problems).toEqual([])
    })
  })
}
