import type { Locator, Page } from '@playwright/test'
import { expect } from '@playwright/test'
import type { AppHost } from '../fixtures/app-host'
import type { Sandbox } from '../../src/sandbox/index'
import { AccountScreen } from './account-screen'

/** Signs in against the sandbox with the paid key, or another key (through the Account screen). */
export async function signInForScript(
  app: AppHost,
  sandbox: Sandbox,
  apiKey = sandbox.keys.paid,
): Promise<void> {
  const account = new AccountScreen(app.page)
  await account.open()
  await account.setBaseUrl(sandbox.baseUrl)
  await account.expectBaseUrlSaved(sandbox.baseUrl)
  await account.saveApiKey(apiKey)
}

/** Signs in against the sandbox (paid key) and opens the Script workspace. */
export async function openScriptSignedIn(app: AppHost, sandbox: Sandbox): Promise<ScriptScreen> {
  await signInForScript(app, sandbox)
  const script = new ScriptScreen(app.page)
  await script.open()
  return script
}

/** The Script workspace, driven by labels, buttons and the keyboard. */
export class ScriptScreen {
  readonly blocks: Locator
  readonly renderPanel: Locator
  constructor(readonly page: Page) {
    this.blocks = page.getByTestId('script-block')
    this.renderPanel = page.getByTestId('render-panel')
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-script').click()
    await expect(this.page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  }

  /** Opens a project or script file through the (answered) native open dialog. */
  async openFile(app: AppHost, path: string): Promise<void> {
    app.platform.answerNextOpen([path])
    // Whichever the page shows once it settles: the empty state's button, or the toolbar's. A
    // one-off isVisible() could look in the tick between closing a script and the empty state
    // appearing, then wait for the toolbar's button that never comes.
    const open = this.page
      .getByRole('button', { name: 'Open or import…' })
      .or(this.page.getByRole('button', { name: 'Open…', exact: true }))
    await open.first().click()
    await expect(this.blocks.first()).toBeVisible()
  }

  block(n: number): Locator {
    return this.blocks.nth(n)
  }

  text(n: number): Locator {
    return this.page.getByLabel(`Text of block ${n + 1}`, { exact: true })
  }

  /** Opens a voice chooser, searches for the voice by its name and picks it. */
  /** Runs one of a block's less used actions, from its More menu ("Compare two voices…"). */
  async blockMenu(n: number, item: string): Promise<void> {
    await this.block(n)
      .getByRole('button', { name: `More for block ${n + 1}`, exact: true })
      .click()
    await this.page
      .getByRole('menu', { name: `More for block ${n + 1}` })
      .getByRole('menuitem', { name: item })
      .click()
  }

  /**
   * Runs a command of the editor's toolbar ("Pronunciations", "Project settings…"): its button when
   * the row shows it, else the item of the row's More menu it folded into at this width.
   */
  async toolbarCommand(name: string): Promise<void> {
    const toolbar = this.page.getByRole('toolbar', { name: 'Script editor' })
    const button = toolbar.getByRole('button', { name, exact: true })
    if (await button.isVisible()) {
      await button.click()
      return
    }
    await toolbar.getByRole('button', { name: 'More', exact: true }).click()
    // A panel's toggle is a menu item with a check (shown or not); a command a plain item.
    const menu = this.page.getByRole('menu', { name: 'More' })
    await menu
      .getByRole('menuitem', { name, exact: true })
      .or(menu.getByRole('menuitemcheckbox', { name, exact: true }))
      .click()
  }

  async pickVoice(pickerLabel: string, voiceName: string): Promise<void> {
    await this.page.getByRole('button', { name: new RegExp(`^${pickerLabel}:`) }).click()
    await this.page.getByRole('searchbox', { name: 'Search voices' }).fill(voiceName)
    await this.page
      .getByRole('listbox', { name: pickerLabel })
      .getByRole('option')
      .filter({ has: this.page.getByText(voiceName, { exact: true }) })
      .first()
      // The option's first button picks; the second plays the voice's preview.
      .getByRole('button')
      .first()
      .click()
  }

  async startRender(app: AppHost, target: string, format = 'mp3'): Promise<void> {
    await this.page.getByRole('button', { name: 'Render…' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Render the script' })
    await dialog.getByLabel('Format').selectOption(format)
    await expect(dialog.getByTestId('render-estimate-summary')).toContainText(/of audio/)
    app.platform.answerNextSave(target)
    await dialog.getByRole('button', { name: 'Choose file and render…' }).click()
    await expect(dialog).toBeHidden()
  }
}
