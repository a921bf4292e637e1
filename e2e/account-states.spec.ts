import { randomBytes } from 'node:crypto'
import type { Locator } from '@playwright/test'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { AccountScreen } from './support/account-screen'
import { closedLoopbackPort } from './support/sandbox-helpers'

// Issue 27, Account's changed states: each error with the one action that fixes it, and the
// sidebar's dot saying what the last check found. Audited (axe, layout) and captured at three
// sizes in light and dark.

/** Audits the screen at every size, with the state shown scrolled into view before each screenshot. */
function audit(app: AppHost, screen: string, theme: string, inView: Locator): Promise<string[]> {
  return auditAtSizes(app, {
    name: screen,
    theme,
    shot: `screen-${screen}-${theme}`,
    // From the page's title, as Account reveals a state: not the scroll an earlier step left.
    beforeSnap: () => new AccountScreen(app.page).revealFromTitle(inView),
  })
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`errors offer the action that fixes them; the dot tells the truth (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(180_000)
      const { page } = app
      const account = new AccountScreen(page)
      const dot = page.getByTestId('sidebar-account')
      const problems: string[] = []
      await account.open()

      // An address that is not the service: "Check the service address" opens Advanced on it.
      await account.setBaseUrl(`${sandbox.baseUrl}/not-the-api`)
      await account.saveApiKey(sandbox.keys.paid)
      await expect(account.verifyError).toContainText('Wrong service address')
      await expect(dot).toHaveText('Wrong service address')
      await expect(dot).toHaveAttribute('data-state', 'danger')
      const check = account.verifyError.getByTestId('error-action')
      await expect(check).toHaveText('Check the service address')
      await page.getByRole('button', { name: /^Advanced/ }).click()
      await check.click()
      await expect(account.baseUrl).toBeFocused()
      await account.setBaseUrl(sandbox.baseUrl)
      await expect(account.verifySuccess).toBeVisible()
      await expect(dot).toHaveAttribute('data-state', 'ok')

      // A key the service refuses: "Paste a new key" opens the field for it.
      const wrongKey = `sk_wrong_${randomBytes(12).toString('hex')}`
      await account.saveApiKey(wrongKey)
      await expect(account.verifyError).toContainText('rejected this API key')
      await expect(dot).toHaveAttribute('data-state', 'danger')
      const paste = account.verifyError.getByTestId('error-action')
      await expect(paste).toHaveText('Paste a new key')
      // One button for it: the key row does not offer "Replace key…" beside it.
      await expect(page.getByRole('button', { name: 'Replace key…' })).toHaveCount(0)
      // A refused key says nothing of the plan: no verdict on credit while it is refused.
      await expect(page.getByTestId('usage-left')).toHaveText(
        '—Known once the service accepts your key.',
      )
      await expect(page.getByTestId('balance-link')).toHaveCount(0)
      problems.push(...(await audit(app, 'account-error-wrong-key', theme, account.verifyError)))
      await paste.click()
      await expect(account.apiKey).toBeFocused()
      await account.apiKey.fill(sandbox.keys.paid)
      await account.apiKey.press('Enter')
      await expect(account.verifySuccess).toBeVisible()

      // Nothing answers at the address (the user lets the key go there): red, "can't reach",
      // and "Try again".
      const port = await closedLoopbackPort()
      app.platform.answerNextConfirm(true)
      await account.setBaseUrl(`http://127.0.0.1:${port}`)
      await expect(account.verifyError).toContainText('Could not reach')
      await expect(dot).toHaveAttribute('data-state', 'danger')
      await expect(account.verifyError).toContainText('Cannot reach the service')
      await expect(dot).toHaveText('Cannot reach the service')
      await expect(dot).toHaveAccessibleName(/^Account: Cannot reach the service\. Checked /)
      // No answer, so nothing is known of the credit either: not "Not shown by the service".
      await expect(page.getByTestId('usage-left')).toHaveText(
        'UnknownThe service did not answer the last check.',
      )
      const retry = account.verifyError.getByTestId('error-action')
      await expect(retry).toHaveText('Try again')
      problems.push(...(await audit(app, 'account-error-unreachable', theme, account.verifyError)))
      await retry.click()
      await expect(account.verifyError).toBeVisible()

      // The key kept for its own service while the address names another: one amber card in
      // Connection with its two ways out, no red refusal, no address outside Details.
      app.platform.answerNextConfirm(false)
      await account.setBaseUrl(`http://127.0.0.1:${await closedLoopbackPort()}`)
      const elsewhere = page.getByTestId('key-elsewhere')
      await expect(elsewhere).toBeVisible()
      await expect(account.verifyError).toHaveCount(0)
      await expect(elsewhere.getByTestId('key-elsewhere-message')).not.toContainText('127.0.0.1')
      await expect(dot).toHaveText('Key for another service')
      problems.push(...(await audit(app, 'account-key-elsewhere', theme, elsewhere)))

      expect(problems).toEqual([])
    })

    test(`a paid plan on a free key is named in Account, with what to do (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(180_000)
      const { page } = app
      const account = new AccountScreen(page)
      await account.open()
      await account.setBaseUrl(sandbox.baseUrl)
      await account.saveApiKey(sandbox.keys.free)
      // The key is accepted: the one plan question, answered "paid" (wrongly, for this key).
      await page.getByRole('button', { name: 'Yes, it’s paid' }).click()
      // Saved (Change is back), and no "Plan saved." line is left behind on the card.
      await expect(page.getByRole('button', { name: 'Change plan' })).toBeEnabled()
      await expect(page.getByText('Plan saved.')).toHaveCount(0)
      // The user is further down the page (at the bottom of Usage, in a small window) when the
      // service answers.
      await page.setViewportSize({ width: 1024, height: 700 })
      await page.getByTestId('usage-counted').scrollIntoViewIfNeeded()
      await expect(account.title).not.toBeInViewport()
      // Voices tried at once, as several previews or a render send them.
      await app.page.evaluate(`Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) =>
        window.api.voices.tryText({ voiceId: 'olivia', text: 'Line number ' + n + '.' })))`)
      const notice = page.getByTestId('notice-plan-mismatch')
      await expect(notice).toBeVisible({ timeout: 30_000 })
      await expect(notice).toContainText('only as fast as on the Free plan')
      // It comes into view as it appears, with the page's title above it, not cut at the top.
      await expect(notice).toBeInViewport({ ratio: 1 })
      await expect(account.title).toBeInViewport({ ratio: 1 })
      // Above the cards: on screen at 1024x700 as Account opens, not below the plan choice.
      await page.setViewportSize({ width: 1024, height: 700 })
      await account.open()
      await expect(notice).toBeInViewport()
      await page.setViewportSize({ width: 1280, height: 800 })
      const problems = await auditAtSizes(app, {
        name: 'account-plan-mismatch',
        theme,
        shot: `screen-account-plan-mismatch-${theme}`,
        beforeSnap: async () => {
          await account.revealFromTitle(notice)
          await expect(account.title).toBeInViewport({ ratio: 1 })
        },
      })
      // The Plan card agrees with the warning: the plan chosen, and the speed actually in use,
      // with the same way out beside it.
      const planCard = page.getByRole('region', { name: 'Plan' })
      await expect(page.getByTestId('plan-sentence')).toHaveText(
        'Paid (as you said) — but the service answers at Free speed, so VoiceDesk renders one line at a time.',
      )
      await expect(planCard).not.toContainText('15 lines at once')
      await expect(planCard).not.toContainText('Plan saved')
      // Either button switches: the card's in one theme, the warning's in the other.
      const switcher = theme === 'light' ? planCard : notice
      await switcher.getByRole('button', { name: 'Switch to Free' }).click()
      await expect(notice).toBeHidden()
      await expect(planCard.getByRole('button', { name: 'Switch to Free' })).toHaveCount(0)
      await expect(page.getByTestId('plan-sentence')).toHaveText(
        'Free — VoiceDesk renders one line at a time.',
      )
      expect(problems).toEqual([])
    })
  })
}
