import { randomBytes } from 'node:crypto'
import { expect, test } from './fixtures/test'
import { launchBrowserHost } from './fixtures/browser-host'
import { AccountScreen } from './support/account-screen'
import { closedLoopbackPort, sandboxVoiceCount } from './support/sandbox-helpers'
import { snap } from './support/screenshots'

test('set a key, verify it against the sandbox, then forget it', async ({ app, sandbox }) => {
  const account = new AccountScreen(app.page)
  await account.open()
  await expect(app.page.getByTestId('first-run')).toBeVisible()
  await expect(account.verifyButton).toBeHidden()
  await snap(app, 'account-no-key')

  await account.setBaseUrl(sandbox.baseUrl)
  await account.expectBaseUrlSaved(sandbox.baseUrl)
  await account.saveApiKey(sandbox.keys.paid)
  // Write-only: the field is gone with its value and only the hint is shown; the key is in the keychain.
  await expect(account.apiKey).toHaveCount(0)
  // The save's own check answers in the Connection card; no second "Saved" box stays beside it.
  await expect(account.verifySuccess).toBeVisible()
  await expect(app.page.getByTestId('verify-pending')).toBeHidden()
  await expect(
    app.page.getByRole('region', { name: 'API key', exact: true }).getByRole('status'),
  ).toHaveCount(0)
  await expect(app.page.getByTestId('credential-summary')).toContainText(
    process.env.VOICEDESK_SECRET_SERVICE === 'private' ? 'Saved in your system keychain.' : 'Saved',
  )
  // The service address is not machinery of the main view: it stays under Advanced.
  await expect(app.page.getByTestId('credential-summary')).not.toContainText('127.0.0.1')
  // The dot says the state in words, never the address or the key.
  await expect(app.page.getByTestId('sidebar-account')).toHaveText('Connected')

  await account.verify()
  await expect(account.verifySuccess).toBeVisible()
  const voices = await sandboxVoiceCount(sandbox)
  expect(voices).toBeGreaterThan(0)
  await expect(app.page.getByTestId('verify-voice-count')).toHaveText(`${voices} voices available.`)
  // The answer to Check again is in view without the page's title scrolled away above it.
  await expect(account.title).toBeInViewport({ ratio: 1 })
  await expect(account.verifySuccess).toBeInViewport({ ratio: 1 })
  await snap(app, 'account-verified')

  // Escape cancels the confirmation and keeps the key.
  await app.page.getByRole('button', { name: 'Forget key' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Forget the API key?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await app.page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(app.page.getByRole('button', { name: 'Forget key' })).toBeFocused()
  await expect(account.credentialTitle).toHaveText(`API key …${sandbox.keys.paid.slice(-4)}`)

  await account.forget()
  await expect(account.verifyButton).toBeHidden()
  await expect(app.page.getByTestId('sidebar-account')).toHaveText('No API key')
})

test('a wrong key shows the wrong-key message with the request id in Details', async ({
  app,
  sandbox,
}) => {
  const account = new AccountScreen(app.page)
  await account.open()
  await account.setBaseUrl(sandbox.baseUrl)
  await account.expectBaseUrlSaved(sandbox.baseUrl)
  const wrongKey = `sk_wrong_${randomBytes(12).toString('hex')}`
  await account.saveApiKey(wrongKey)
  // Checked as it is saved: the refusal shows in place of a green "Saved".
  await expect(account.verifyError).toBeVisible()
  await account.verify()
  await expect(account.verifyError).toContainText('The service did not accept your key')
  // The answer is in view, no green "Saved" stays beside it, and the sidebar says so in red.
  await expect(account.verifyError).toBeInViewport()
  await expect(app.page.getByTestId('verify-pending')).toBeHidden()
  await expect(app.page.getByRole('button', { name: 'Check again' })).toBeVisible()
  await expect(app.page.getByTestId('sidebar-account')).toHaveText('Key not accepted')
  await expect(app.page.getByTestId('sidebar-account')).toHaveAttribute(
    'data-tone',
    'status-dot--danger',
  )
  await expect(account.verifyError.getByTestId('error-message')).toContainText(
    'rejected this API key',
  )
  const requestId = await account.openErrorDetails(account.verifyError)
  const logged = sandbox.requestLog({ pathPrefix: '/v1/voices' }).filter((e) => e.status === 401)
  expect(logged.length).toBeGreaterThan(0)
  await expect(requestId).toHaveText(logged.at(-1)!.requestId)
  await snap(app, 'account-error-wrong-key')
})

test('an unreachable host says so', async ({ app, sandbox }) => {
  const account = new AccountScreen(app.page)
  await account.open()
  const port = await closedLoopbackPort()
  await account.setBaseUrl(`http://127.0.0.1:${port}`)
  await account.expectBaseUrlSaved(`http://127.0.0.1:${port}`)
  await account.saveApiKey(sandbox.keys.paid)
  await account.verify()
  await expect(account.verifyError).toContainText('Cannot reach the service')
  // One retry button: the error's own "Try again", no "Check again" beside it.
  await expect(account.verifyError.getByTestId('error-action')).toHaveText('Try again')
  await expect(app.page.getByRole('button', { name: 'Check again' })).toHaveCount(0)
  await expect(account.verifyError.getByTestId('error-message')).not.toContainText('127.0.0.1')
  await expect(await account.openErrorDetails(account.verifyError)).toContainText('none')
  await snap(app, 'account-error-unreachable')
})

test('an address that is not the service says so in plain words, the request id in Details', async ({
  app,
  sandbox,
}) => {
  const account = new AccountScreen(app.page)
  await account.open()
  await account.setBaseUrl(`${sandbox.baseUrl}/not-the-api`)
  await account.expectBaseUrlSaved(`${sandbox.baseUrl}/not-the-api`)
  await account.saveApiKey(sandbox.keys.paid)
  await account.verify()
  // One name for one problem: the card and the sidebar both say "Wrong service address".
  await expect(account.verifyError).toContainText('Wrong service address')
  await expect(app.page.getByTestId('sidebar-account')).toHaveText('Wrong service address')
  // The body names the host a person compares; the whole address (with its path) is in Details.
  const message = account.verifyError.getByTestId('error-message')
  await expect(message).toHaveText(
    `Nothing at ${new URL(sandbox.baseUrl).host} answers as the voice service, so VoiceDesk cannot use it. Copy the service address that came with your key again and paste it under Advanced.`,
  )
  const requestId = await account.openErrorDetails(account.verifyError)
  await expect(account.verifyError.getByTestId('error-address')).toHaveText(
    `${sandbox.baseUrl}/not-the-api`,
  )
  const logged = sandbox.requestLog({ pathPrefix: '/not-the-api' }).at(-1)
  expect(logged).toBeDefined()
  await expect(requestId).toHaveText(logged!.requestId)
  await snap(app, 'account-error-wrong-base-url')
})

test('the legacy base address is accepted and verifies', async ({ app, sandbox }) => {
  const account = new AccountScreen(app.page)
  await account.open()
  await account.setBaseUrl(sandbox.legacyBaseUrl)
  await account.expectBaseUrlSaved(sandbox.legacyBaseUrl)
  await account.saveApiKey(sandbox.keys.paid)
  await account.verify()
  await expect(account.verifySuccess).toBeVisible()
  expect(sandbox.requestLog({ pathPrefix: '/v1/voices' }).some((entry) => entry.legacy)).toBe(true)
})

test('plain http to another machine is refused with its reason, inline', async ({ app }) => {
  const account = new AccountScreen(app.page)
  await account.open()
  await account.setBaseUrl('http://voice.example.com')
  const error = app.page.getByTestId('base-url-error')
  await expect(error).toContainText('must use https://')
  await expect(account.baseUrl).toHaveAttribute('aria-invalid', 'true')
  const describedBy = await account.baseUrl.getAttribute('aria-describedby')
  expect(describedBy?.split(' ')).toContain(await error.getAttribute('id'))
  // Escape restores the saved value and clears the message.
  await account.baseUrl.press('Escape')
  await expect(error).toBeHidden()
  await expect(account.baseUrl).toHaveValue('')
})

test('the plan is one sentence with Change; custom limits live under Advanced and survive a reload', async ({
  app,
}) => {
  const { page } = app
  const account = new AccountScreen(page)
  await account.open()
  const sentence = page.getByTestId('plan-sentence')
  // No key yet: the plan is said, not asked; no radio cards to fill in.
  await expect(sentence).toHaveText('Free — VoiceDesk renders one line at a time.')
  await expect(page.getByTestId('plan-question')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Plan' }).getByRole('radio')).toHaveCount(0)
  // Change opens the one question; Cancel closes it with nothing saved.
  await page.getByRole('button', { name: 'Change plan' }).click()
  await expect(page.getByTestId('plan-question')).toHaveText(
    'Is your plan on the service a paid one? Paid plans render up to 15× faster here.',
  )
  await page.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(page.getByTestId('plan-question')).toHaveCount(0)
  await page.getByRole('button', { name: 'Change plan' }).click()
  await page.getByRole('button', { name: 'Yes, it’s paid' }).click()
  // Saved (Change is back), and no "Plan saved." line is left behind on the card.
  await expect(page.getByRole('button', { name: 'Change plan' })).toBeEnabled()
  await expect(page.getByText('Plan saved.')).toHaveCount(0)
  await expect(sentence).toHaveText('Paid — VoiceDesk renders up to 15 lines at once.')
  await expect(page.getByLabel('Lines started per second')).toBeHidden()

  await account.openAdvanced()
  await page.getByLabel('Lines started per second').fill('0')
  await page.getByRole('button', { name: 'Use these limits' }).click()
  await expect(page.getByText('Enter a number of lines from 0.1 to 1000 a second.')).toBeVisible()
  await page.getByLabel('Lines started per second').fill('5')
  await page.getByLabel('Lines at once', { exact: true }).fill('3')
  await page.getByLabel('Lines at once', { exact: true }).press('Enter')
  await expect(page.getByText('Custom limits in use.')).toBeVisible()
  await expect(sentence).toHaveText('Your own limits — 3 lines at once, set under Advanced.')

  await page.reload()
  await account.open()
  await expect(sentence).toHaveText('Your own limits — 3 lines at once, set under Advanced.')
  await account.openAdvanced()
  await expect(page.getByLabel('Lines started per second')).toHaveValue('5')
  await expect(page.getByLabel('Lines at once', { exact: true })).toHaveValue('3')
})

test('a base URL on another service does not take the saved key along unless the user says so', async ({
  app,
  sandbox,
}) => {
  const account = new AccountScreen(app.page)
  const summary = app.page.getByTestId('credential-summary')
  // On Account the state is said once, in the Connection card with its two ways out; the shell's
  // banner is for the other workspaces.
  const card = app.page.getByTestId('key-elsewhere')
  const banner = app.page.getByTestId('notice-key-elsewhere')
  await account.open()
  await account.setBaseUrl(sandbox.baseUrl)
  await account.expectBaseUrlSaved(sandbox.baseUrl)
  await account.saveApiKey(sandbox.keys.paid)
  const home = new URL(sandbox.baseUrl).host
  await expect(summary).toContainText('Saved')
  await expect(summary).not.toContainText('another service address')

  // Another origin: main asks natively (the page cannot answer); the user keeps the key home.
  const other = `http://127.0.0.1:${await closedLoopbackPort()}`
  const otherHost = new URL(other).host
  app.platform.answerNextConfirm(false)
  await account.setBaseUrl(other)
  await account.expectBaseUrlSaved(other)
  // In words, once, in the page's column; the addresses only behind Details.
  await expect(card).toContainText('Your key is for a different service address')
  await expect(card.getByTestId('key-elsewhere-message')).toHaveText(
    "Your key was saved for another service address than the one set now, so VoiceDesk does not send it there. Go back to the key's address, or paste the key for this one.",
  )
  await expect(card.getByTestId('key-elsewhere-message')).not.toContainText('127.0.0.1')
  await expect(banner).toHaveCount(0)
  await expect(app.page.getByTestId('verify-error')).toHaveCount(0)
  await expect(account.verifyButton).toHaveCount(0)
  await card.getByRole('button', { name: 'Details' }).click()
  await expect(card.getByTestId('key-elsewhere-details')).toContainText(
    `Saved for: ${home}. Set now: ${otherHost}. You chose not to send the key there; VoiceDesk does not ask again until it restarts.`,
  )
  await expect(summary).toContainText('for another service address.')
  await expect(app.page.getByTestId('sidebar-account')).toHaveText('Key for another service')
  expect(app.platform.dialogs.filter((d) => d.kind === 'confirm')).toHaveLength(1)
  await app.page.getByRole('heading', { level: 1, name: 'Account' }).scrollIntoViewIfNeeded()
  await card.scrollIntoViewIfNeeded()
  await snap(app, 'account-key-elsewhere')

  // Elsewhere in the app the banner says it, with the way to Account.
  await app.page.getByTestId('nav-voices').click()
  await expect(banner).toBeVisible()
  await banner.getByRole('button', { name: 'Open Account' }).click()
  await expect(card).toBeVisible()

  // "Paste a key for this address" opens the key form, focused.
  await card.getByRole('button', { name: 'Paste a key for this address' }).click()
  await expect(account.apiKey).toBeFocused()
  await account.apiKey.press('Escape')

  // Back to the key's own address in one click: no question, and it is checked at once.
  await card.getByRole('button', { name: "Go back to the key's address" }).click()
  await expect(card).toHaveCount(0)
  await expect(account.verifySuccess).toBeVisible()
  await expect(summary).toContainText('Saved')
  await expect(summary).not.toContainText('another service address')
  await expect(app.page.getByTestId('sidebar-account')).toHaveText('Connected')
  expect(app.platform.dialogs.filter((d) => d.kind === 'confirm')).toHaveLength(1)

  // Declined once: that address is not asked about again this session, and Details says so.
  await account.setBaseUrl(other)
  await account.expectBaseUrlSaved(other)
  await card.getByRole('button', { name: 'Details' }).click()
  await expect(card).toContainText('You chose not to send the key there')
  expect(app.platform.dialogs.filter((d) => d.kind === 'confirm')).toHaveLength(1)
})

test('when the user says yes in the native question, the saved key moves to the new address', async ({
  app,
  sandbox,
}) => {
  // A test of its own: main raises at most one such question per cooldown (move-question.ts),
  // so a "yes" right after the "no" above would not even be asked.
  const account = new AccountScreen(app.page)
  const summary = app.page.getByTestId('credential-summary')
  await account.open()
  await account.setBaseUrl(sandbox.baseUrl)
  await account.expectBaseUrlSaved(sandbox.baseUrl)
  await account.saveApiKey(sandbox.keys.paid)
  const third = `http://127.0.0.1:${await closedLoopbackPort()}`
  app.platform.answerNextConfirm(true)
  await account.setBaseUrl(third)
  await expect(summary).toContainText('Saved')
  await expect(summary).not.toContainText('another service address')
  await expect(app.page.getByTestId('key-elsewhere')).toBeHidden()
  expect(app.platform.dialogs.filter((d) => d.kind === 'confirm')).toHaveLength(1)
})

test('the plan is asked once, after the first accepted key, and not again after a restart', async ({
  app,
  browser,
  sandbox,
  userDataDir,
}) => {
  test.skip(
    app.host !== 'browser',
    'the restart reopens the same settings in a second browser host',
  )
  const { page } = app
  const account = new AccountScreen(page)
  await account.open()
  await account.setBaseUrl(sandbox.baseUrl)
  await account.expectBaseUrlSaved(sandbox.baseUrl)
  await account.saveApiKey(sandbox.keys.free)
  await expect(account.verifySuccess).toBeVisible()
  const question = page.getByTestId('plan-question')
  await expect(question).toBeVisible()
  await page.getByRole('button', { name: 'No, keep Free' }).click()
  // Saved (Change is back), and no "Plan saved." line is left behind on the card.
  await expect(page.getByRole('button', { name: 'Change plan' })).toBeEnabled()
  await expect(page.getByText('Plan saved.')).toHaveCount(0)
  await expect(question).toHaveCount(0)
  await expect(page.getByTestId('plan-sentence')).toHaveText(
    'Free — VoiceDesk renders one line at a time.',
  )
  // Checked again, and on a new visit: the answer stands, nothing is asked.
  await account.verify()
  await expect(account.verifySuccess).toBeVisible()
  await page.reload()
  await account.open()
  await expect(page.getByTestId('plan-sentence')).toBeVisible()
  await expect(question).toHaveCount(0)

  // A restart over the same settings (the key saved again: this host has a keychain of its own).
  await page.context().close()
  const relaunched = await launchBrowserHost(browser, {
    userDataDir,
    keychain: 'system',
    keychainService: `VoiceDesk-e2e-${randomBytes(6).toString('hex')}`,
    colorScheme: 'light',
  })
  try {
    const again = new AccountScreen(relaunched.page)
    await again.open()
    await again.saveApiKey(sandbox.keys.free)
    await expect(again.verifySuccess).toBeVisible()
    await expect(relaunched.page.getByTestId('plan-sentence')).toHaveText(
      'Free — VoiceDesk renders one line at a time.',
    )
    await expect(relaunched.page.getByTestId('plan-question')).toHaveCount(0)
  } finally {
    await relaunched.close()
  }
})
