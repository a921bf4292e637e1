import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { AccountScreen } from './support/account-screen'
import { ScriptScreen } from './support/script-screen'
import { VoicesScreen } from './support/voices-screen'

// The Account screen as a first-time creator meets it: two ways to start, the plan in words,
// Advanced collapsed, and after a render the characters it used, counted on this computer.
// Each state is audited (axe, layout) and captured at three sizes in light and dark.

const LINE = 'The harbour was quiet before dawn.'
const ACCOUNT_PAGE = 'https://voices.example/account/billing'

/** Audits the screen at every size (axe once, layout at each) and saves a screenshot at each. */
function audit(app: AppHost, screen: string, theme: string, inView?: Locator): Promise<string[]> {
  return auditAtSizes(app, {
    name: screen,
    theme,
    shot: `screen-${screen}-${theme}`,
    // The state being shown is scrolled into view, as the user scrolls to it.
    ...(inView === undefined
      ? {}
      : {
          beforeSnap: async () => {
            await inView.scrollIntoViewIfNeeded()
            await expect(inView).toBeInViewport()
          },
        }),
  })
}

/** "This month" and "Credit" sit side by side, whatever the hint under either says. */
async function expectFactsSideBySide(page: Page): Promise<void> {
  const month = await page.getByTestId('usage-this-month').boundingBox()
  const left = await page.getByTestId('usage-left').boundingBox()
  expect(Math.abs(month!.y - left!.y)).toBeLessThan(2)
  expect(left!.x).toBeGreaterThan(month!.x + month!.width)
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    // This copy knows the service's address (as a release build does): the first run is the key.
    test.use({ appColorScheme: theme, serviceDefault: true })

    test(`first run offers the demo or a key, the plan in words, and usage after a render (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(180_000)
      const { page } = app
      const account = new AccountScreen(page)
      const problems: string[] = []
      await account.open()

      // No demo service in this host: one path in plain words under one heading, the key; the
      // address (the service's own, filled in) and tokens are under a collapsed Advanced.
      const firstRun = page.getByTestId('first-run')
      await expect(firstRun.getByRole('heading')).toHaveCount(1)
      await expect(firstRun.getByRole('heading', { name: 'Paste your API key' })).toBeVisible()
      await expect(page.getByLabel('Service address', { exact: true })).toHaveCount(0)
      await expect(firstRun.getByTestId('first-run-no-address')).toHaveCount(0)
      await expect(page.getByTestId('sidebar-account')).toHaveAttribute('data-state', 'unknown')
      await expect(firstRun.getByTestId('path-demo')).toHaveCount(0)
      const advanced = page.getByRole('button', { name: /^Advanced/ })
      await expect(advanced).toHaveAttribute('aria-expanded', 'false')
      await expect(page.locator('input#access-token')).toHaveCount(0)
      await expect(page.getByText(/Base URL/)).toHaveCount(0)
      // The plan in one sentence; nothing is asked of it before a key is accepted.
      const planSentence = page.getByTestId('plan-sentence')
      await expect(planSentence).toHaveText('Free — VoiceDesk renders one line at a time.')
      await expect(page.getByTestId('plan-question')).toHaveCount(0)
      await expect(page.getByTestId('usage-empty')).toBeVisible()
      // Nothing is said of the plan before a key is accepted, and no question about where
      // credit is added is asked of someone who has no key yet.
      await expect(page.getByTestId('usage-this-month')).toHaveText('0 characters')
      await expect(page.getByTestId('usage-left')).toHaveText(
        '—Known once the service accepts your key.',
      )
      await expect(page.getByTestId('balance-link')).toHaveCount(0)
      // This copy names its service but no website: the key's source in words, no link.
      await expect(firstRun).toContainText('From your account on the voice service.')
      await expect(firstRun.getByTestId('key-page-link')).toHaveCount(0)
      await expectFactsSideBySide(page)
      await expect(page.getByRole('region', { name: 'Usage' })).toContainText(
        'Counted on this computer',
      )
      problems.push(...(await audit(app, 'account-first-run', theme)))

      // The key path: paste, save, and it is checked in place without another click.
      await account.saveApiKey(sandbox.keys.paid)
      await expect(firstRun).toBeHidden()
      await expect(advanced).toHaveAttribute('aria-expanded', 'false')
      await expect(account.verifySuccess).toBeVisible()
      await expect(account.verifySuccess).toContainText('accepted your key just now')
      const dot = page.getByTestId('sidebar-account')
      await expect(dot).toHaveAttribute('data-state', 'ok')
      await expect(dot).toHaveText('Connected')
      await expect(dot).toHaveAccessibleName('Account: Connected to the service. Checked just now.')
      // Accepted: the service reports no balance, and the column says so in a few words; the
      // offer to save where credit is added is no chore on the screen, only under "How this is
      // counted".
      await expect(page.getByRole('region', { name: 'Usage' }).locator('dt')).toHaveText([
        'This month',
        'Credit',
      ])
      await expect(page.getByTestId('usage-left')).toHaveText(
        'Not shown by the serviceYou’ll see a warning here if it runs out.',
      )
      await expect(page.getByTestId('usage-credit-fine')).toHaveCSS('font-weight', '400')
      await expect(page.getByText(/no problem reported|Left on your plan/)).toHaveCount(0)
      await expect(page.getByTestId('save-page-offer')).toBeHidden()
      await expectFactsSideBySide(page)
      // Accepted for the first time: the plan is asked once, in place of the sentence.
      const question = page.getByTestId('plan-question')
      await expect(question).toHaveText(
        'Is your plan on the service a paid one? Paid plans render up to 15× faster here.',
      )
      await expect(planSentence).toHaveCount(0)
      problems.push(...(await audit(app, 'account-plan-question', theme)))
      await page.getByRole('button', { name: 'Yes, it’s paid' }).click()
      await expect(planSentence).toHaveText('Paid — VoiceDesk renders up to 15 lines at once.')
      await expect(question).toHaveCount(0)
      problems.push(...(await audit(app, 'account-connected', theme)))

      // A render, then Account shows what it used under the script's title.
      const dir = await mkdtemp(join(tmpdir(), 'vd-e2e-usage-'))
      const source = join(dir, 'harbour.md')
      await writeFile(source, `${LINE}\n`)
      const script = new ScriptScreen(page)
      await script.open()
      await script.openFile(app, source)
      await page.getByRole('button', { name: 'Cast', exact: true }).click()
      await script.pickVoice('Default voice', 'Olivia')
      await script.startRender(app, join(dir, 'harbour.wav'), 'wav')
      await expect(page.getByTestId('render-finished')).toBeVisible({ timeout: 60_000 })

      await account.open()
      const table = page.getByTestId('usage-table')
      await expect(table).toBeVisible()
      const month = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(
        new Date(),
      )
      const row = table.getByRole('row').filter({ hasText: month })
      await expect(row).toHaveCount(1)
      // Counted under the script's name (an imported file is named after it), what the line bills.
      await expect(row.getByRole('cell').first()).toHaveText(String(LINE.length))
      await expect(page.getByTestId('usage-this-month')).toHaveText(`${LINE.length} characters`)
      await expect(row).toContainText(`harbour (${LINE.length} characters)`)
      const counted = page.getByTestId('usage-counted')
      await counted.getByRole('button', { name: 'How this is counted' }).click()
      await expect(counted).toContainText('not counted again')
      await expect(counted.getByTestId('save-page-offer')).toContainText(
        'Save the page where you add credit, and VoiceDesk opens it if you run out.',
      )
      await expect(counted).toContainText('the service does not report usage')
      await expect(counted).not.toContainText(/pieces|requests/)
      problems.push(...(await audit(app, 'account-usage', theme, counted)))

      await account.openAdvanced()
      await expect(page.getByLabel('Service address', { exact: true })).toHaveValue(sandbox.baseUrl)
      await expect(page.getByText("The service's own address.")).toBeVisible()
      await expect(page.locator('input#access-token')).toBeVisible()
      await expect(page.getByLabel('Lines at once', { exact: true })).toBeVisible()
      problems.push(...(await audit(app, 'account-advanced', theme, advanced)))

      expect(problems).toEqual([])
    })
  })
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme, a development copy`, () => {
    // As `npm start` starts: no key saved, the demo service already in use.
    test.use({ appColorScheme: theme, demoService: true })

    test(`first run offers the demo service and the key side by side; the demo looks healthy (${theme})`, async ({
      app,
    }) => {
      test.setTimeout(180_000)
      const { page } = app
      const account = new AccountScreen(page)
      const problems: string[] = []
      await account.open()

      const firstRun = page.getByTestId('first-run')
      await expect(firstRun.getByRole('heading', { name: 'Two ways to start' })).toBeVisible()
      await expect(firstRun.getByRole('heading', { name: 'Try the demo service' })).toBeVisible()
      await expect(firstRun.getByRole('heading', { name: 'Paste your API key' })).toBeVisible()
      await expect(firstRun.getByTestId('path-demo')).toContainText('In use now')
      const dot = page.getByTestId('sidebar-account')
      await expect(dot).toHaveText('Demo service')
      // The demo in the user's words everywhere: no "sandbox" in the card or footer, and no
      // banner sending the user to Account while on it (the card says the demo is in use).
      await expect(page.getByTestId('notice-sandbox')).toHaveCount(0)
      await expect(page.getByText(/sandbox/i)).toHaveCount(0)
      await expect(page.getByText(/Base URL|127\.0\.0\.1/)).toHaveCount(0)
      // The demo bills nothing: no credit to run out of, nothing to look up elsewhere.
      await expect(page.getByTestId('usage-left')).toHaveText(
        'No limitThe demo service bills nothing.',
      )
      await expect(page.getByTestId('usage-out-of-credit')).toHaveCount(0)
      // The demo is in use and ready: Connection does not say "Not checked yet" beside it, and
      // the key form does not claim a key would be kept for this session only.
      await expect(page.getByTestId('verified-at')).toHaveText(
        'The demo service runs on this computer and is ready: nothing to check.',
      )
      await expect(page.getByText(/for this session only/)).toHaveCount(0)
      // The demo has no plan: nothing to say or ask about it.
      await expect(page.getByRole('region', { name: 'Plan' })).toHaveCount(0)
      await expect(page.getByTestId('plan-sentence')).toHaveCount(0)
      problems.push(...(await audit(app, 'account-first-run-demo', theme)))

      expect(problems).toEqual([])
    })
  })
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme, a development copy with no address built in`, () => {
    test.use({ appColorScheme: theme })

    test(`first run asks for the address above the key, and one Connect saves both (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(180_000)
      const { page } = app
      const account = new AccountScreen(page)
      const problems: string[] = []
      await account.open()

      // The address first, then the key, under one heading and one button; nothing red yet,
      // and the address in one place only (not under Advanced as well).
      const firstRun = page.getByTestId('first-run')
      await expect(firstRun.getByRole('heading')).toHaveCount(1)
      // Headed for what it asks: the address and the key, not the key alone.
      await expect(
        firstRun.getByRole('heading', { name: 'Connect to your voice service' }),
      ).toBeVisible()
      await expect(firstRun.locator('input')).toHaveCount(2)
      const addressBox = await firstRun.getByLabel('Service address', { exact: true }).boundingBox()
      const keyBox = await account.apiKey.boundingBox()
      expect(addressBox!.y + addressBox!.height).toBeLessThan(keyBox!.y)
      await expect(firstRun.getByRole('button', { name: 'Connect' })).toHaveClass(/button--primary/)
      await expect(firstRun.getByRole('button', { name: 'Save key' })).toHaveCount(0)
      await expect(firstRun).toContainText(
        'It came with your key. Your key is sent to this address and nowhere else.',
      )
      // No website known: where a key comes from, in words.
      await expect(firstRun).toContainText(
        'From the person or company that gave you access to the voice service.',
      )
      await expect(firstRun.getByTestId('key-page-link')).toHaveCount(0)
      await expect(page.locator('.field__error')).toHaveCount(0)
      await expect(page.getByTestId('usage-left')).toHaveText(
        '—Known once the service accepts your key.',
      )
      await expect(page.getByTestId('balance-link')).toHaveCount(0)
      problems.push(...(await audit(app, 'account-first-run-no-address', theme)))
      const advanced = page.getByRole('button', { name: /^Advanced/ })
      await expect(advanced).toContainText('Access token, custom limits')
      await account.openAdvanced()
      await expect(page.getByLabel('Service address', { exact: true })).toHaveCount(1)
      await advanced.click()
      await firstRun.scrollIntoViewIfNeeded()

      // Connect with the key but no address: red only now, on the address, and nothing saved.
      await account.apiKey.fill(sandbox.keys.paid)
      await firstRun.getByRole('button', { name: 'Connect' }).click()
      await expect(page.getByTestId('base-url-error')).toHaveText(
        'Paste the service address that came with your key.',
      )
      await expect(account.baseUrl).toBeFocused()
      await expect(account.baseUrl).toHaveAttribute('aria-invalid', 'true')
      await expect(account.credentialTitle).toHaveCount(0)
      await expect(account.apiKey).toHaveValue(sandbox.keys.paid)
      problems.push(...(await audit(app, 'account-first-run-address-empty', theme)))

      // The address typed, and the one Connect saves it, then the key for it, and checks it.
      await account.baseUrl.fill(sandbox.baseUrl)
      await expect(page.getByTestId('base-url-error')).toHaveCount(0)
      await firstRun.getByRole('button', { name: 'Connect' }).click()
      await expect(account.credentialTitle).toHaveText(`API key …${sandbox.keys.paid.slice(-4)}`)
      await expect(account.verifySuccess).toBeVisible()
      // Changed later under Advanced, where it now is.
      await account.openAdvanced()
      await expect(account.baseUrl).toHaveValue(sandbox.baseUrl)
      await expect(page.getByLabel('Service address', { exact: true })).toHaveCount(1)

      // The service refuses speech for want of credit: Account says so, and what to do.
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
      // At the smallest size, the state that needs action is on screen as Account opens.
      await page.setViewportSize({ width: 1024, height: 700 })
      await account.open()
      const out = page.getByTestId('usage-out-of-credit')
      await expect(out).toBeInViewport()
      await page.setViewportSize({ width: 1280, height: 800 })
      await expect(out).toContainText('no credit left')
      // This copy names no billing page and none is saved: a plain path (add credit on the
      // website, come back), and the way to pay first, asking for the page inside.
      await expect(out).toContainText(
        'Add credit on the voice service’s website, in the account where you got your API key, then come back and press I’ve added credit.',
      )
      await expect(out.getByRole('button', { name: 'Add credit on the website' })).toHaveCount(0)
      // The way to pay leads, not a settings chore; "I've added credit" is the secondary.
      const addPage = out.getByRole('button', { name: 'Add credit…' })
      await expect(addPage).toHaveClass(/button--primary/)
      await expect(out.locator('.button-row > .button').first()).toHaveText('Add credit…')
      await expect(out.locator('.button-row > .button--primary')).toHaveCount(1)
      await expect(out.getByRole('button', { name: 'I’ve added credit' })).not.toHaveClass(
        /button--primary/,
      )
      await expect(out).not.toContainText('Save the page')
      await expect(page.getByTestId('usage-left')).toHaveText(
        'None leftThe service said so just now.',
      )
      await expectFactsSideBySide(page)
      // Work is blocked, so the sidebar says so too, in the danger tone, not "Connected".
      const sidebarState = page.getByTestId('sidebar-account')
      await expect(sidebarState).toHaveText('Out of credit')
      await expect(sidebarState).toHaveAttribute('data-state', 'danger')
      problems.push(...(await audit(app, 'account-out-of-credit', theme, out)))

      // The page's address, asked for in plain words; only an https website is kept, and it is
      // opened as soon as it is saved.
      await addPage.click()
      const dialog = page.getByRole('dialog', { name: 'Open the page where you add credit' })
      await expect(dialog).toContainText('the page where you got your API key')
      await expect(dialog).toContainText('VoiceDesk opens it now, and next time in one click.')
      const field = dialog.getByLabel('Address of your account page')
      await expect(field).toBeFocused()
      const saveAndOpen = dialog.getByRole('button', { name: 'Save and open' })
      await expect(saveAndOpen).toHaveClass(/button--primary/)
      await saveAndOpen.click()
      await expect(dialog.getByTestId('account-page-error')).toHaveText(
        'Paste the address of your account page.',
      )
      await field.fill(ACCOUNT_PAGE.replace('https://', 'http://'))
      await saveAndOpen.click()
      await expect(dialog.getByTestId('account-page-error')).toHaveText(
        'The address must start with https://.',
      )
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      // Plain http is never kept nor opened: the https form is offered, one click to keep it.
      const useHttps = dialog.getByRole('button', { name: `Use ${ACCOUNT_PAGE}` })
      await expect(useHttps).toBeVisible()
      problems.push(...(await audit(app, 'account-page-dialog-error', theme)))
      expect(app.openedExternally).toEqual([])
      // Typed right, Save and open keeps it and opens it at once (by main, never over http).
      await field.fill(ACCOUNT_PAGE)
      await saveAndOpen.click()
      await expect(dialog).toBeHidden()
      await expect.poll(() => app.openedExternally).toEqual([ACCOUNT_PAGE])

      // Saved: the next time, the primary action opens it in one click.
      const openPage = out.getByRole('button', { name: 'Add credit on the website' })
      await expect(openPage).toHaveClass(/button--primary/)
      await expect(out.getByRole('button', { name: 'I’ve added credit' })).not.toHaveClass(
        /button--primary/,
      )
      await expect(out.getByTestId('account-page-where')).toHaveText(
        'Opens voices.example/account/billing in your browser · Use another page',
      )
      problems.push(...(await audit(app, 'account-out-of-credit-page', theme, out)))
      await openPage.click()
      await expect.poll(() => app.openedExternally).toEqual([ACCOUNT_PAGE, ACCOUNT_PAGE])

      // The one thing to do once credit is added: the notice and the sidebar let go of it.
      await out.getByRole('button', { name: 'I’ve added credit' }).click()
      await expect(out).toHaveCount(0)
      await expect(sidebarState).toHaveText('Connected')
      // The usage card links to the balance now that its page is known, and offers no more to
      // save it.
      await expect(page.getByTestId('usage-left')).toHaveText(
        'Not shown by the serviceYou’ll see a warning here if it runs out.See your balance on the website',
      )
      await expect(page.getByTestId('save-page-offer')).toHaveCount(0)

      expect(problems).toEqual([])
    })
  })
}
