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
    this.baseUrl = page.getByLabel('Base URL')
    // The password fields by id: their labels ("API key", "Access token") are also the names of
    // the credential-mode radios.
    this.apiKey = page.locator('input#api-key')
    this.accessToken = page.locator('input#access-token')
    this.credentialTitle = page.getByTestId('credential-title')
    this.verifyButton = page.getByRole('button', { name: 'Verify', exact: true })
    this.verifySuccess = page.getByTestId('verify-success')
    this.verifyError = page.getByTestId('verify-error')
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-account').click()
    await expect(this.page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    await expect(this.credentialTitle).toBeVisible()
  }

  /** Types the base URL and submits with Enter. */
  async setBaseUrl(url: string): Promise<void> {
    await this.baseUrl.fill(url)
    await this.baseUrl.press('Enter')
  }

  async expectBaseUrlSaved(url: string): Promise<void> {
    await expect(this.page.getByText('Saved. Verify the connection below')).toBeVisible()
    await expect(this.baseUrl).toHaveValue(url)
  }

  /** Pastes an API key and saves it with Enter; waits until the hint of the new key shows. */
  async saveApiKey(key: string): Promise<void> {
    await this.page.getByRole('radio', { name: 'API key' }).check()
    await this.apiKey.fill(key)
    await this.apiKey.press('Enter')
    await expect(this.credentialTitle).toHaveText(`API key …${key.slice(-4)}`)
  }

  async pasteAccessToken(token: string): Promise<void> {
    await this.page.getByRole('radio', { name: 'Access token' }).check()
    await this.accessToken.fill(token)
    await this.accessToken.press('Enter')
    await expect(this.credentialTitle).toHaveText(`Access token …${token.slice(-4)}`)
  }

  async verify(): Promise<void> {
    await this.verifyButton.click()
    await expect(this.verifySuccess.or(this.verifyError)).toBeVisible()
  }

  /** Forgets the credential through the confirmation dialog. */
  async forget(): Promise<void> {
    await this.page.getByRole('button', { name: /^Forget (key|token)$/ }).click()
    const dialog = this.page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: /^Forget (key|token)$/ }).click()
    await expect(dialog).toBeHidden()
    await expect(this.credentialTitle).toHaveText('No credential saved')
  }

  /** The Details disclosure of an error panel, opened. */
  async openErrorDetails(panel: Locator): Promise<Locator> {
    await panel.getByRole('button', { name: 'Details', exact: true, expanded: false }).click()
    return panel.getByTestId('error-request-id')
  }
}
