import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { LAYOUT_SIZES, layoutProblems } from './support/layout-check'
import { snap } from './support/screenshots'
import { accessibilityProblems } from './support/axe'
import { expectVisibleFocus } from './support/focus-walk'
import { signIn, VoicesScreen } from './support/voices-screen'

/** At each size: no sideways scroll, no control cut off, covered or overlapping; a screenshot. */
async function checkAtEverySize(
  app: AppHost,
  screen: string,
  scheme: string,
  afterResize?: () => Promise<void>,
): Promise<void> {
  for (const size of LAYOUT_SIZES) {
    await app.page.setViewportSize(size)
    await afterResize?.()
    const label = `${screen}, ${scheme}, ${size.width}x${size.height}`
    await expect
      .poll(async () => (await layoutProblems(app.page)).problems, { message: label })
      .toEqual([])
    expect((await layoutProblems(app.page)).checked, label).toBeGreaterThan(3)
    await snap(app, `voices-${screen}-${scheme}-${size.width}x${size.height}`)
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the Voices screens lay out at 1024x700, 1280x800 and 1920x1080 (${scheme})`, async ({
    app,
    sandbox,
  }) => {
    test.setTimeout(180_000)
    await app.page.emulateMedia({ colorScheme: scheme })
    const voices = new VoicesScreen(app.page)
    await voices.open()
    await expect(app.page.getByTestId('voices-onboarding')).toBeVisible()
    await checkAtEverySize(app, 'no-key', scheme)

    await signIn(app, sandbox)
    await voices.open()
    await expect(voices.count).toHaveText('44 voices')
    await voices.row('arthur').click()
    await expect(voices.details.getByRole('heading', { name: 'Arthur' })).toBeVisible()
    await checkAtEverySize(app, 'catalog', scheme)

    await voices.details
      .getByTestId('voice-ids')
      .getByRole('button', { name: 'Details', exact: true, expanded: false })
      .click()
    // The whole screen with the identifiers open, the chosen row's tinted line included.
    expect(await accessibilityProblems(app.page)).toEqual([])
    // Scrolled to the last identifier, so the screenshot shows them all.
    await checkAtEverySize(app, 'details-ids', scheme, () =>
      voices.details.getByTestId('voice-ids').locator('dd').last().scrollIntoViewIfNeeded(),
    )

    // Keyboard: from the search box, every stop shows where focus is.
    await app.page.setViewportSize(LAYOUT_SIZES[0])
    await voices.search.focus()
    const stops = await expectVisibleFocus(app.page, 60)
    expect(stops.length).toBeGreaterThan(15)
    expect(stops).toContain('button Details')
    expect(stops.some((s) => s.includes('Copy voice id'))).toBe(true)

    await voices.details
      .getByTestId('voice-ids')
      .getByRole('button', { name: 'Details', exact: true, expanded: true })
      .click()
    await app.page.getByRole('button', { name: 'New personal voice…' }).click()
    await expect(voices.createDialog).toBeVisible()
    await checkAtEverySize(app, 'create-dialog', scheme)
    await app.page.keyboard.press('Escape')
    await expect(voices.createDialog).toBeHidden()
  })
}
