import { expect, test } from './fixtures/test'
import { AccountScreen } from './support/account-screen'
import { issueAccessToken } from './support/sandbox-helpers'
import { snap } from './support/screenshots'

test('a pasted access token shows its scopes and expiry and what it does not allow', async ({
  app,
  sandbox,
}) => {
  const { page } = app
  const { token, expiresIn } = await issueAccessToken(sandbox, 'voices:read')
  const account = new AccountScreen(page)
  await account.open()
  await account.setBaseUrl(sandbox.baseUrl)
  await account.expectBaseUrlSaved(sandbox.baseUrl)
  const pastedAt = Date.now()
  await account.pasteAccessToken(token)
  await expect(account.accessToken).toHaveValue('')

  const details = page.getByTestId('token-details')
  // In words; the raw scope only behind Details.
  await expect(details.getByTestId('token-scope')).toHaveText(['Read voices'])
  await expect(details.getByText('voices:read')).toBeHidden()
  await details.getByRole('button', { name: 'Details' }).click()
  await expect(details.getByTestId('token-raw-scopes')).toHaveText('voices:read')
  // The expiry comes from the token the sandbox issued (expires_in from now), shown relatively.
  const minutes = Math.round((pastedAt + expiresIn * 1000 - Date.now()) / 60_000)
  await expect(details.getByTestId('token-expiry')).toContainText(
    new RegExp(`Expires in (${minutes - 1}|${minutes}) min|Expires in 1 h 0 min`),
  )
  await expect(details.getByTestId('allowed-speech')).toHaveAttribute('data-allowed', 'false')
  await expect(details.getByTestId('allowed-speech')).toContainText('not allowed by this token')
  await expect(details.getByTestId('allowed-stream')).toHaveAttribute('data-allowed', 'false')
  await expect(details.getByTestId('allowed-voicesDelete')).toHaveAttribute('data-allowed', 'false')
  await expect(details.getByTestId('allowed-voicesRead')).toHaveAttribute('data-allowed', 'true')
  await snap(app, 'account-access-token')

  // voices:read is enough for the cheap verify call.
  await account.verify()
  await expect(account.verifySuccess).toBeVisible()

  await account.forget()
  await expect(details).toBeHidden()
})

test('a token that is not a JWT is refused inline', async ({ app }) => {
  const { page } = app
  const account = new AccountScreen(page)
  await account.open()
  await account.openAdvanced()
  await account.accessToken.fill('this-is-not-a-token-at-all')
  await account.accessToken.press('Enter')
  const error = page.getByTestId('access-token-error')
  await expect(error).toBeVisible()
  await expect(account.accessToken).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('first-run')).toBeVisible()
})

/** The `exp` claim of a JWT, in epoch ms. */
function expiryOf(token: string): number {
  const payload = token.split('.')[1] ?? ''
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number }
  return claims.exp * 1000
}

test.describe('with a clock the test moves', () => {
  test.use({ manualClock: true })

  test('an expiring token is flagged, and its expiry reaches the window without a reload', async ({
    app,
    sandbox,
    mainClock,
  }) => {
    const { page } = app
    // A token inside its last ten minutes. Main's expiry timer runs on mainClock, so the test, not
    // the machine's load, decides when the token expires.
    const lifetimeSeconds = 300
    const token = await sandbox.issueAccessToken('paid', 'voices:read', lifetimeSeconds)
    const account = new AccountScreen(page)
    await account.open()
    await account.setBaseUrl(sandbox.baseUrl)
    await account.expectBaseUrlSaved(sandbox.baseUrl)
    await account.pasteAccessToken(token)
    await expect(page.getByTestId('notice-token-expiring')).toBeVisible()
    await expect(page.getByTestId('token-details')).toContainText('This token stops working')
    await expect(page.getByTestId('allowed-voicesRead')).toHaveAttribute('data-allowed', 'true')
    await snap(app, 'account-token-expiring')

    // One second short of the token's own expiry nothing changes; past it, main pushes the expiry.
    const expiresAtMs = expiryOf(token)
    mainClock.advance(expiresAtMs - 1_000 - mainClock.now())
    await expect(page.getByTestId('allowed-voicesRead')).toHaveAttribute('data-allowed', 'true')
    await expect(page.getByTestId('notice-token-expired')).toBeHidden()
    mainClock.advance(2_000)
    await expect(page.getByTestId('notice-token-expired')).toBeVisible()
    await expect(page.getByTestId('notice-token-expiring')).toBeHidden()
    await expect(page.getByTestId('allowed-voicesRead')).toHaveAttribute('data-allowed', 'false')
    await expect(page.getByTestId('token-expiry')).toContainText('Expired')
  })
})
