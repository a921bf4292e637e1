import type { Locator, Page } from '@playwright/test'
import { expect } from '@playwright/test'

/** The Account workspace, driven the way a user drives it: labels, buttons and the keyboard. */
export class AccountScreen {
  readonly page: Page
  readonly baseUrl: Locator
  readonly apiKey: Locator
  readonly accessToken: Locator
  readonly credentialTitle: Locator
  readonly verifyButton: Locator
  readonly verifySuccess: Locator
  readonly verifyError: Locator

  constructor(page: Page) {
    this.page = page
    this.baseUrl = page.getByLabel('Service address', { exact: true })
    // The password fields by id: their labels change ("API key", "Replace API key").
    this.apiKey = page.locator('input#api-key')
    this.accessToken = page.locator('input#access-token')
    this.credentialTitle = page.getByTestId('credential-title')
    this.verifyButton = page.getByRole('button', { name: 'Check again', exact: true })
    this.verifySuccess = page.getByTestId('verify-success')
    this.verifyError = page.getByTestId('verify-error')
  }

  /** The page's title, which every state keeps in view when it fits with it. */
  get title(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Account' })
  }

  /**
   * Brings `state` into view the way Account brings a banner: from the page's top (its title)
   * when the state fits there, else scrolled to it. Why from the top: a screenshot or a check
   * must not inherit the scroll an earlier step left (a field filled further down).
   */
  async revealFromTitle(state: Locator): Promise<void> {
    await this.page.evaluate(
      "document.querySelector('.workspace--account')?.scrollIntoView({ block: 'start' })",
    )
    await state.scrollIntoViewIfNeeded()
    await expect(state).toBeInViewport()
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-account').click()
    await expect(this.page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    await expect(this.page.getByTestId('first-run').or(this.credentialTitle)).toBeVisible()
  }

  /** Opens the Advanced disclosure (address, access token, custom limits) unless it is open. */
  async openAdvanced(): Promise<void> {
    const toggle = this.page.getByRole('button', { name: /^Advanced/ })
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  }

  /** Types the service address (in the first-run path, else under Advanced) and presses Enter. */
  async setBaseUrl(url: string): Promise<void> {
    if (!(await this.baseUrl.isVisible())) await this.openAdvanced()
    await this.baseUrl.fill(url)
    await this.baseUrl.press('Enter')
  }

  async expectBaseUrlSaved(url: string): Promise<void> {
    await expect(this.page.getByRole('status').filter({ hasText: /^Saved\./ })).toBeVisible()
    await expect(this.baseUrl).toHaveValue(url)
  }

  /** Pastes an API key and saves it with Enter; waits until the hint of the new key shows. */
  async saveApiKey(key: string): Promise<void> {
    // On a refused key the error's "Paste a new key" opens the form, in place of "Replace key…".
    const replace = this.page
      .getByRole('button', { name: 'Replace key…' })
      .or(this.verifyError.getByRole('button', { name: 'Paste a new key' }))
    if (await replace.isVisible()) await replace.click()
    await this.apiKey.fill(key)
    await this.apiKey.press('Enter')
    await expect(this.credentialTitle).toHaveText(`API key …${key.slice(-4)}`)
  }

  async pasteAccessToken(token: string): Promise<void> {
    await this.openAdvanced()
    await this.accessToken.fill(token)
    await this.accessToken.press('Enter')
    await expect(this.credentialTitle).toHaveText(`Access token …${token.slice(-4)}`)
  }

  /** Checks again (a save already checks by itself) and waits for the answer. */
  async verify(): Promise<void> {
    // One retry button: after a failure that only needs a retry, it is the error's "Try again".
    const retry = this.verifyButton.or(this.verifyError.getByRole('button', { name: 'Try again' }))
    await expect(retry).toBeEnabled()
    await retry.click()
    await expect(this.verifySuccess.or(this.verifyError)).toBeVisible()
  }

  /** Forgets the credential through the confirmation dialog. */
  async forget(): Promise<void> {
    await this.page.getByRole('button', { name: /^Forget (key|token)$/ }).click()
    const dialog = this.page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: /^Forget (key|token)$/ }).click()
    await expect(dialog).toBeHidden()
    await expect(this.page.getByTestId('first-run')).toBeVisible()
  }

  /** The Details disclosure of an error panel, opened. */
  async openErrorDetails(panel: Locator): Promise<Locator> {
    await panel.getByRole('button', { name: 'Details', exact: true, expanded: false }).click()
    return panel.getByTestId('error-request-id')
  }
}
