import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { AccountScreen } from './support/account-screen'
import { snap } from './support/screenshots'

test.use({ keychain: 'unavailable' })

/** Audits Account at every size in this state (axe once, layout at each), with a screenshot. */
function audit(app: AppHost, theme: string): Promise<string[]> {
  const warning = app.page.getByTestId('credential-session-only')
  const account = new AccountScreen(app.page)
  return auditAtSizes(app, {
    name: 'account-keychain-unavailable',
    theme,
    shot: `screen-account-keychain-unavailable-${theme}`,
    beforeSnap: async () => {
      // The warning sits in the key's card, under the title: both in view at every size.
      await account.revealFromTitle(warning)
      await expect(account.title).toBeInViewport({ ratio: 1 })
      await expect(warning).toBeInViewport({ ratio: 1 })
    },
  })
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`without a keychain the key is kept for the session only, and the app says so (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(180_000)
      const { page } = app
      const banner = page.getByTestId('notice-keychain-unavailable')
      await expect(banner).toBeVisible()
      await expect(banner).toContainText('Your key will be forgotten when you quit')
      // The banner is app-wide, not only on the Account screen.
      await page.getByTestId('nav-voices').click()
      await expect(banner).toBeVisible()

      const account = new AccountScreen(page)
      await account.open()
      // The screen does not claim a keychain it does not have; in Account, the notice is in its
      // column under the title, not above it.
      await expect(banner).toBeVisible()
      const title = await page.getByRole('heading', { level: 1, name: 'Account' }).boundingBox()
      expect((await banner.boundingBox())!.y).toBeGreaterThan(title!.y)
      await expect(
        page.getByText('for this session only and forgotten when you quit VoiceDesk').first(),
      ).toBeVisible()
      await expect(page.getByText('in your system keychain')).toHaveCount(0)
      await account.setBaseUrl(sandbox.baseUrl)
      await account.expectBaseUrlSaved(sandbox.baseUrl)
      await account.saveApiKey(sandbox.keys.paid)
      // Never "stored" or "saved" when it is only held until quit.
      await expect(page.getByTestId('credential-summary')).toContainText(
        'Kept for this session only: forgotten when you quit VoiceDesk.',
      )
      await expect(page.getByTestId('credential-summary')).not.toContainText('Saved')
      await account.verify()
      await expect(account.verifySuccess).toBeVisible()
      // Said once, as a warning beside the key with what to do; the dot says it too.
      const warning = page.getByTestId('credential-session-only')
      await expect(warning).toContainText('Your key will be forgotten when you quit')
      await expect(warning).toContainText('unlock or set up your system keychain')
      await expect(banner).toHaveCount(0)
      const dot = page.getByTestId('sidebar-account')
      await expect(dot).toHaveText('Connected for this session')
      await expect(dot).toHaveAttribute('data-state', 'warning')
      await snap(app, 'account-keychain-unavailable')
      expect(await audit(app, theme)).toEqual([])
    })
  })
}
