import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { signIn, VoicesScreen } from './support/voices-screen'

// Recording a sample from the microphone (Chromium's fake device): the person gets a passage to
// read, in the voice's language when we have one, a timer against 30 s with the 10 s least
// marked, and a live level meter; the recording is then checked like a chosen file.

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`recording shows what to read, the time and the level, then checks the take (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(180_000)
      await signIn(app, sandbox)
      const voices = new VoicesScreen(app.page)
      await voices.open()
      await app.page.getByRole('button', { name: 'New personal voice…' }).click()
      const dialog = voices.createDialog
      // Light: no language chosen, so English. Dark: French, so the passage is French.
      if (theme === 'dark') await dialog.getByLabel('Language').selectOption('fr-FR')
      await dialog.getByRole('button', { name: /Record from microphone/ }).click()

      const passage = dialog.getByTestId('mic-passage')
      await expect(passage).toBeVisible()
      if (theme === 'dark') {
        await expect(passage).toHaveAttribute('lang', 'fr')
        await expect(passage).toContainText('Le port se réveille lentement')
      } else {
        await expect(passage).toHaveAttribute('lang', 'en')
        await expect(passage).toContainText('The harbour wakes slowly')
      }
      const elapsed = dialog.getByTestId('mic-elapsed')
      await expect(elapsed).toHaveText(/^0:\d\d \/ 0:30$/)
      await expect(dialog.getByTestId('mic-min-mark')).toHaveText('10 s')
      await expect(dialog.getByRole('progressbar', { name: 'Recorded' })).toHaveAttribute(
        'aria-valuemax',
        '30',
      )
      await expect(dialog.getByTestId('mic-advice')).toHaveText(
        'Keep reading: 10 seconds is the least.',
      )
      const meter = dialog.getByTestId('level-meter')
      await expect
        .poll(async () => Number(await meter.getAttribute('data-level')))
        .toBeGreaterThan(0)
      await expect
        .poll(async () => Number(await elapsed.getAttribute('data-seconds')))
        .toBeGreaterThan(1)

      const problems = await auditAtSizes(app, {
        name: 'voices-recording',
        theme,
        shot: `voices-recording-${theme}`,
        beforeSnap: () => passage.scrollIntoViewIfNeeded(),
      })

      await dialog.getByRole('button', { name: /Stop recording/ }).click()
      await expect(passage).toBeHidden()
      await expect(dialog.getByTestId('sample-name')).toHaveText(/^recording-\d+s\.wav$/)
      // The take goes through the same checks as a chosen file: length and level.
      const findings = dialog.getByTestId('sample-findings')
      await expect(findings.locator('[data-finding="duration"]')).toBeVisible()
      await expect(findings.locator('[data-finding="level"]')).toBeVisible()
      expect(problems).toEqual([])
    })
  })
}
