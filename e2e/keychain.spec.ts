import { expect, test } from './fixtures/test'
import { AccountScreen } from './support/account-screen'
import { snap } from './support/screenshots'

test.use({ keychain: 'unavailable' })

test('without a keychain the key is kept for the session only, and the app says so', async ({
  app,
  sandbox,
}) => {
  const { page } = app
  const banner = page.getByTestId('notice-keychain-unavailable')
  await expect(banner).toBeVisible()
  await expect(banner).toContainText('Session only: the key will be forgotten when you quit')
  // The banner is app-wide, not only on the Account screen.
  await page.getByTestId('nav-voices').click()
  await expect(banner).toBeVisible()

  const account = new AccountScreen(page)
  await account.open()
  // The screen does not claim a keychain it does not have.
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
  await snap(app, 'account-keychain-unavailable')
})
