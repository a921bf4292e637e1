import { expect, test } from './fixtures/test'
import { AccountScreen } from './support/account-screen'
import type { PageWindow } from './support/page-window'
import { snap } from './support/screenshots'

// The palette of src/renderer/src/styles/theme.css: the app background per colour scheme.
const palette = {
  light: { background: 'rgb(245, 246, 248)', text: 'rgb(27, 31, 36)' },
  dark: { background: 'rgb(21, 23, 28)', text: 'rgb(231, 233, 238)' },
} as const

test('the theme follows the OS colour scheme, live', async ({ app }) => {
  const { page } = app
  const colours = () =>
    page.locator('body').evaluate((body) => {
      const style = (globalThis as unknown as PageWindow).getComputedStyle(body)
      return { background: style.backgroundColor, text: style.color }
    })

  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(colours).toEqual(palette.light)
  const account = new AccountScreen(page)
  await account.open()
  await snap(app, 'account-light')

  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(colours).toEqual(palette.dark)
  await snap(app, 'account-dark')
  await page.getByTestId('nav-script').click()
  await snap(app, 'workspace-script-dark')

  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(colours).toEqual(palette.light)
})
