import { contentSecurityPolicy } from '../src/main/security/csp'
import { expect, test } from './fixtures/test'
import type { PageWindow } from './support/page-window'
import { snap } from './support/screenshots'

const workspaces = [
  { id: 'script', title: 'Script', digit: '1' },
  { id: 'voices', title: 'Voices', digit: '2' },
  { id: 'conversations', title: 'Conversations', digit: '3' },
  { id: 'voiceover', title: 'Voice-over', digit: '4' },
  { id: 'account', title: 'Account', digit: '5' },
] as const

test('the shell renders at once and every workspace opens from the sidebar', async ({ app }) => {
  const { page } = app
  await expect(page.getByRole('navigation', { name: 'Workspaces' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  for (const workspace of workspaces) {
    await page.getByTestId(`nav-${workspace.id}`).click()
    await expect(page.getByRole('heading', { level: 1, name: workspace.title })).toBeVisible()
    await expect(page.getByTestId(`nav-${workspace.id}`)).toHaveAttribute('aria-current', 'page')
    await expect(page.locator('[aria-current="page"]')).toHaveCount(1)
    await snap(app, `workspace-${workspace.id}`)
  }
})

test('the sidebar works from the keyboard: Tab, arrows, Home/End and Ctrl+1..5', async ({
  app,
}) => {
  const { page } = app
  await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  // One tab stop: the first Tab lands on the open workspace's item.
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('nav-script')).toBeFocused()
  const outline = await page
    .getByTestId('nav-script')
    .evaluate(
      (element) => (globalThis as unknown as PageWindow).getComputedStyle(element).outlineStyle,
    )
  expect(outline).toBe('solid')

  await page.keyboard.press('ArrowDown')
  await expect(page.getByTestId('nav-voices')).toBeFocused()
  await expect(page.getByRole('heading', { level: 1, name: 'Voices' })).toBeVisible()
  await page.keyboard.press('End')
  await expect(page.getByTestId('nav-account')).toBeFocused()
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByTestId('nav-script')).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(page.getByTestId('nav-account')).toHaveAttribute('aria-current', 'page')
  await page.keyboard.press('Home')
  await expect(page.getByTestId('nav-script')).toHaveAttribute('aria-current', 'page')

  // Tab leaves the list after one stop.
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('nav-voices')).not.toBeFocused()

  const modifier = process.platform === 'darwin' && app.host === 'electron' ? 'Meta' : 'Control'
  for (const workspace of [...workspaces].reverse()) {
    await page.keyboard.press(`${modifier}+${workspace.digit}`)
    await expect(page.getByTestId(`nav-${workspace.id}`)).toHaveAttribute('aria-current', 'page')
    // A shortcut moves focus to the new workspace's heading, so its name is announced.
    await expect(page.getByRole('heading', { level: 1, name: workspace.title })).toBeFocused()
  }
})

test('the page keeps its strict CSP and loads nothing but its own files', async ({ app }) => {
  const { page } = app
  await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  const csp = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content')
  expect(csp).toBe(
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob: data:; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; object-src 'none'",
  )
  await page.getByTestId('nav-account').click()
  await expect(page.getByRole('heading', { name: 'Connect to your voice service' })).toBeVisible()
  const resources = await page.evaluate(() =>
    (globalThis as unknown as PageWindow).performance
      .getEntriesByType('resource')
      .map((entry) => entry.name),
  )
  const origin = await page.evaluate(() => (globalThis as unknown as PageWindow).location.origin)
  expect(resources.length).toBeGreaterThan(0)
  for (const url of resources) expect(new URL(url).origin).toBe(origin)
  expect(app.blocked.filter((entry) => entry.what === 'request')).toEqual([])
  // CSP itself: an inline script injected into the page must not run.
  const ran = await page.evaluate(() => {
    const w = globalThis as unknown as PageWindow
    const script = w.document.createElement('script')
    script.textContent = 'window.__inlineRan = true'
    w.document.body.append(script)
    return w.__inlineRan === true
  })
  expect(ran).toBe(false)
})

test('the page is served with the CSP as a response header, frame-ancestors included', async ({
  app,
}) => {
  const { page } = app
  await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  // Reload to see the document's own response: app:// in Electron, the loopback host here.
  const response = await page.reload()
  expect(response?.status()).toBe(200)
  const headers = response?.headers() ?? {}
  // The header, unlike the meta tag, can say who may frame the app: nobody.
  expect(headers['content-security-policy']).toBe(contentSecurityPolicy(false))
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['content-type']).toBe('text/html; charset=utf-8')
  await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  // The policy is in force: the page may not even fetch its own origin (connect-src 'none').
  const fetched = await page.evaluate(() =>
    fetch('/index.html').then(
      () => 'fetched',
      () => 'refused',
    ),
  )
  expect(fetched).toBe('refused')
})
