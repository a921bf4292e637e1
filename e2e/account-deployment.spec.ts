import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { AccountScreen } from './support/account-screen'
import { VoicesScreen } from './support/voices-screen'

// A copy built for a deployment (VOICEDESK_SERVICE_ADDRESS and VOICEDESK_DASHBOARD_ADDRESS, see
// the README's "Packaging for a deployment"): the host gives main the same two addresses a build
// bakes in. The first run is one field, the key; out of credit is one button to the dashboard.

const DASHBOARD = 'https://voice.example/billing'

function audit(app: AppHost, screen: string, theme: string): Promise<string[]> {
  return auditAtSizes(app, { name: screen, theme, shot: `screen-${screen}-${theme}` })
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme, a copy built for a deployment`, () => {
    test.use({ appColorScheme: theme, serviceDefault: true, serviceDashboard: DASHBOARD })

    test(`first run asks only for the key; the balance links to the built-in page (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(180_000)
      const { page } = app
      const account = new AccountScreen(page)
      const problems: string[] = []
      await account.open()

      // One question: the key. No address beside it, none under a red line, none to type.
      const firstRun = page.getByTestId('first-run')
      await expect(firstRun.getByRole('heading', { name: 'Paste your API key' })).toBeVisible()
      await expect(account.apiKey).toBeVisible()
      await expect(account.baseUrl).toHaveCount(0)
      await expect(page.locator('.field__error')).toHaveCount(0)
      // Where a key comes from, beside its field: the deployment's website.
      await expect(firstRun.getByTestId('key-page-link')).toHaveText(
        'Get an API key on voice.example',
      )
      // No key yet: nothing said of the plan, no question about where credit is added.
      const balance = page.getByTestId('balance-link')
      await expect(page.getByTestId('usage-left')).toHaveText(
        '—Known once the service accepts your key.',
      )
      await expect(balance).toHaveCount(0)
      problems.push(...(await audit(app, 'account-first-run-built-in', theme)))

      // The key alone is enough: saved for the built-in address and checked at once.
      await account.apiKey.fill(sandbox.keys.paid)
      await page.getByRole('button', { name: 'Save key' }).click()
      await expect(account.credentialTitle).toHaveText(`API key …${sandbox.keys.paid.slice(-4)}`)
      await expect(account.verifySuccess).toBeVisible()
      // Accepted: what is left links to the balance on the service's own page.
      await expect(page.getByTestId('usage-left')).toHaveText(
        'Not shown by the serviceYou’ll see a warning here if it runs out.See your balance on the website',
      )
      // The page is known, so nothing asks the user to save it.
      await expect(page.getByTestId('save-page-offer')).toHaveCount(0)
      problems.push(...(await audit(app, 'account-connected-built-in', theme)))
      await account.openAdvanced()
      await expect(account.baseUrl).toHaveValue(sandbox.baseUrl)

      expect(app.openedExternally).toEqual([])
      await balance.getByRole('button', { name: 'See your balance on the website' }).click()
      await expect.poll(() => app.openedExternally).toEqual([DASHBOARD])
      expect(problems).toEqual([])
    })

    test(`the first run links to where a key is got, opened by main (${theme})`, async ({
      app,
    }) => {
      const { page } = app
      const account = new AccountScreen(page)
      await account.open()
      const link = page.getByTestId('key-page-link')
      expect(app.openedExternally).toEqual([])
      await link.getByRole('button', { name: 'Get an API key on voice.example' }).click()
      await expect.poll(() => app.openedExternally).toEqual([DASHBOARD])
    })

    test(`out of credit is one button that opens the built-in billing page (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(180_000)
      const { page } = app
      const account = new AccountScreen(page)
      const problems: string[] = []
      await account.open()
      await account.saveApiKey(sandbox.keys.paid)
      await expect(account.verifySuccess).toBeVisible()

      sandbox.setAccount('paid', { outOfCredit: true })
      try {
        const voices = new VoicesScreen(page)
        await voices.open()
        await voices.row('emma').click()
        await voices.details.getByTestId('try-text').fill('No credit for this line.')
        await voices.details.getByTestId('try-button').click()
        await expect(voices.player).toHaveAttribute('data-status', 'error', { timeout: 30_000 })
      } finally {
        sandbox.setAccount('paid', { outOfCredit: false })
      }
      await account.open()
      const out = page.getByTestId('usage-out-of-credit')
      await expect(out).toContainText('no credit left')
      // No set-up at the moment work stops: the one primary opens the deployment's page.
      const openPage = out.getByRole('button', { name: 'Add credit on the website' })
      await expect(openPage).toHaveClass(/button--primary/)
      await expect(out.getByRole('button', { name: 'I’ve added credit' })).not.toHaveClass(
        /button--primary/,
      )
      await expect(out.getByTestId('account-page-where')).toHaveText(
        'Opens voice.example/billing in your browser · Use another page',
      )
      await expect(out.getByRole('button', { name: /account page/ })).toHaveCount(0)
      problems.push(...(await audit(app, 'account-out-of-credit-built-in', theme)))

      expect(app.openedExternally).toEqual([])
      await openPage.click()
      await expect.poll(() => app.openedExternally).toEqual([DASHBOARD])
      expect(problems).toEqual([])
    })
  })
}
