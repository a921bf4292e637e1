import { expect, test } from './fixtures/test'
import type { PageWindow } from './support/page-window'

test('navigating the window off the app is blocked by the navigation policy', async ({ app }) => {
  const { page } = app
  await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  const appUrl = page.url()

  await page.evaluate(() => {
    ;(globalThis as unknown as PageWindow).location.href = 'https://evil.example/phish'
  })
  await expect
    .poll(() => app.blocked.map((entry) => `${entry.what} ${entry.url}`))
    .toContain('navigation https://evil.example/phish')
  expect(page.url()).toBe(appUrl)
  expect(app.escapedNavigations).toEqual([])
  await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  // The app is still alive and still talks to main.
  await page.getByTestId('nav-account').click()
  await expect(page.getByRole('heading', { name: 'Connect to your voice service' })).toBeVisible()
})

test('window.open never opens a window: web links go to the browser, other schemes nowhere', async ({
  app,
}) => {
  const { page } = app
  await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  const title = await page.title()

  for (const url of [
    'file:///etc/passwd',
    'javascript:opener.document.title="pwned"',
    'https://docs.example.com/voicedesk?from=app',
  ]) {
    await page.evaluate((target) => {
      ;(globalThis as unknown as PageWindow).open(target)
    }, url)
  }
  // Decisions are made in order, so once the web link arrives the others were already refused.
  await expect
    .poll(() => [...app.openedExternally])
    .toEqual(['https://docs.example.com/voicedesk?from=app'])
  await expect.poll(() => app.openWindows()).toBe(1)
  // The javascript: payload never ran against the app (the window was refused, and the page's CSP
  // forbids javascript: URLs in any window it opens).
  expect(await page.title()).toBe(title)
  expect(page.url()).toMatch(/\/index\.html$/)
  expect(app.escapedNavigations).toEqual([])
})

test('app:openExternal lets only web links through the guarded helper', async ({ app }) => {
  const { page } = app
  await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  const results = await page.evaluate(async () => {
    const api = (globalThis as unknown as PageWindow).api!
    const open = (url: string) => api.app!.openExternal!({ url })
    return [
      await open('javascript:alert(1)'),
      await open('file:///etc/passwd'),
      await open('https://user:pw@example.com/'),
      await open('https://example.com/help'),
    ]
  })
  expect(results.map((r) => (r as { ok: boolean }).ok)).toEqual([false, false, false, true])
  expect(results.slice(0, 3).map((r) => (r as { error: { code: string } }).error.code)).toEqual([
    'VALIDATION_FAILED',
    'VALIDATION_FAILED',
    'VALIDATION_FAILED',
  ])
  await expect.poll(() => [...app.openedExternally]).toEqual(['https://example.com/help'])
})

test('a sub-frame cannot use the app API', async ({ app }) => {
  const { page } = app
  await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
  const outcome = await page.evaluate(async () => {
    const w = globalThis as unknown as PageWindow
    const frame = w.document.createElement('iframe') as unknown as {
      contentWindow: PageWindow | null
    } & Parameters<PageWindow['document']['body']['append']>[0]
    w.document.body.append(frame)
    const inner = frame.contentWindow
    if (inner === null || inner.api === undefined) return 'no api'
    const result = (await inner.api.account!.getStatus!()) as {
      ok: boolean
      error?: { code: string }
    }
    return result.ok ? 'allowed' : result.error!.code
  })
  // Electron: the preload never runs in sub-frames. Browser host: the bridge does, and the
  // dispatcher's sender check refuses the call.
  expect(['no api', 'FORBIDDEN_SENDER']).toContain(outcome)
  if (app.host === 'browser') expect(outcome).toBe('FORBIDDEN_SENDER')
})
