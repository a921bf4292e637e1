import type { Locator, Page } from '@playwright/test'
import { expect } from '@playwright/test'
import type { Sandbox } from '../../src/sandbox/index'
import { AccountScreen } from './account-screen'

/** The slice of an <audio> element the specs read (e2e code has no DOM library). */
export interface PageAudio {
  duration: number
  currentTime: number
  paused: boolean
  pause(): void
}

/** The Conversations workspace, driven the way a user drives it. */
export class ConversationsScreen {
  readonly page: Page
  readonly idInput: Locator
  readonly detail: Locator
  readonly statusChip: Locator
  readonly turns: Locator
  readonly followStatus: Locator
  readonly evaluations: Locator
  readonly recentItems: Locator

  constructor(page: Page) {
    this.page = page
    this.idInput = page.getByLabel('Conversation id or link')
    this.detail = page.getByTestId('conversation-detail')
    this.statusChip = this.detail.locator('.conversation-header').getByTestId('status-chip')
    this.turns = page.getByTestId('turn')
    this.followStatus = page.getByTestId('follow-status')
    this.evaluations = page.getByTestId('evaluations')
    this.recentItems = page.getByTestId('recent-item')
  }

  /**
   * Signs in against the sandbox with its paid key, then opens the workspace: on the inbox by
   * default (most specs are about it), or on the overview it opens with.
   */
  async signInAndOpen(sandbox: Sandbox, view: 'inbox' | 'overview' = 'inbox'): Promise<void> {
    const account = new AccountScreen(this.page)
    await account.open()
    await account.setBaseUrl(sandbox.baseUrl)
    await account.expectBaseUrlSaved(sandbox.baseUrl)
    await account.saveApiKey(sandbox.keys.paid)
    await this.page.getByTestId('nav-conversations').click()
    await expect(this.page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible()
    if (view === 'inbox') await this.showInbox()
  }

  /** Where the service lists conversations, switches from the overview to the inbox. */
  async showInbox(): Promise<void> {
    await expect(this.page.getByTestId('workspace')).toBeVisible()
    const tab = this.page.getByRole('radio', { name: 'All conversations' })
    if (await tab.isVisible()) await tab.check()
  }

  /** Where the service lists conversations, switches the side from the inbox to "Opened". */
  async showOpenedById(): Promise<void> {
    await expect(this.page.getByTestId('workspace')).toBeVisible()
    const tab = this.page.getByRole('radio', { name: 'Opened', exact: true })
    if (await tab.isVisible()) await tab.check()
  }

  /** Pastes an id (or link) and presses Enter (first switching to "Opened" beside an inbox). */
  async openById(text: string): Promise<void> {
    await this.showOpenedById()
    await this.idInput.fill(text)
    await this.idInput.press('Enter')
  }

  /** Ids of the conversation reads the sandbox logged for `id` (any path form). */
  static readsOf(sandbox: Sandbox, id: string): string[] {
    return sandbox
      .requestLog()
      .filter((entry) => entry.path.includes(`/conversations/${id}`))
      .map((entry) => `${entry.method} ${entry.path}`)
  }
}
