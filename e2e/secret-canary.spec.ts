import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { AccountScreen } from './support/account-screen'
import type { PageWindow } from './support/page-window'
import { issueAccessToken } from './support/sandbox-helpers'

// A distinctive key that the sandbox accepts as the paid account's key, so every flow really
// sends it upstream; afterwards it must be nowhere the renderer, the logs or the disk can show.
const canary = `sk_canary_${randomBytes(16).toString('hex')}`
test.use({ sandboxOptions: { keys: { paid: canary } } })

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

test('the API key and token never reach the page, the logs or the user data folder', async ({
  app,
  sandbox,
}) => {
  const { page } = app
  const account = new AccountScreen(page)
  await account.open()
  await account.setBaseUrl(sandbox.baseUrl)
  await account.expectBaseUrlSaved(sandbox.baseUrl)

  // A refused key (spaces) must not be echoed back in the error either.
  await account.apiKey.fill(`${canary} ${canary}`)
  await account.apiKey.press('Enter')
  await expect(page.getByTestId('api-key-error')).toBeVisible()
  await account.apiKey.fill('')

  await account.saveApiKey(canary)
  await account.verify()
  await expect(account.verifySuccess).toBeVisible()
  await page.getByRole('button', { name: 'Yes, it’s paid' }).click()
  // Saved (Change is back), and no "Plan saved." line is left behind on the card.
  await expect(page.getByRole('button', { name: 'Change plan' })).toBeEnabled()
  await expect(page.getByText('Plan saved.')).toHaveCount(0)
  await account.forget()

  await account.saveApiKey(canary)
  await account.verify()
  await expect(account.verifySuccess).toBeVisible()
  await page.reload()
  await account.open()
  await expect(account.credentialTitle).toHaveText(`API key …${canary.slice(-4)}`)

  const { token } = await issueAccessToken(sandbox, 'audio:all voices:read', canary)
  await account.pasteAccessToken(token)
  await account.verify()
  await expect(account.verifySuccess).toBeVisible()
  await account.forget()
  await account.saveApiKey(canary)

  // The flows really used the canary upstream (the sandbox logs only its hint).
  const used = sandbox.requestLog().filter((entry) => entry.keyHint?.endsWith(canary.slice(-4)))
  expect(used.length).toBeGreaterThanOrEqual(3)

  const secrets = [canary, token]
  const pageState = await page.evaluate(async () => {
    const w = globalThis as unknown as PageWindow
    const dump = (storage: PageWindow['localStorage']) => {
      const out: Record<string, string | null> = {}
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i)
        if (key !== null) out[key] = storage.getItem(key)
      }
      return JSON.stringify(out)
    }
    const api = w.api!
    const fieldValues = (
      w.document as unknown as { querySelectorAll(s: string): ArrayLike<{ value: string }> }
    ).querySelectorAll('input, textarea')
    return {
      dom: w.document.documentElement.outerHTML,
      fields: JSON.stringify(Array.from(fieldValues, (field) => field.value)),
      localStorage: dump(w.localStorage),
      sessionStorage: dump(w.sessionStorage),
      ipc: JSON.stringify([
        await api.account!.getStatus!(),
        await api.app!.getInfo!(),
        await api.account!.verify!(),
      ]),
    }
  })
  for (const secret of secrets) {
    for (const [where, text] of Object.entries(pageState)) {
      expect(text.includes(secret), `secret found in page ${where}`).toBe(false)
    }
    const ipcLeak = app.ipcResults.find((result) => result.includes(secret))
    expect(ipcLeak, 'secret found in an IPC result').toBeUndefined()
    const logLeak = app.logs.find((line) => line.includes(secret))
    expect(logLeak, 'secret found in a main-side log line').toBeUndefined()
  }
  expect(app.logs.length).toBeGreaterThan(0)
  if (app.host === 'browser') expect(app.ipcResults.length).toBeGreaterThan(10)

  const files = await filesUnder(app.userDataDir)
  expect(files.length).toBeGreaterThan(0)
  for (const file of files) {
    const bytes = await readFile(file)
    for (const secret of secrets) {
      for (const encoding of ['utf8', 'utf16le', 'base64'] as const) {
        const needle = Buffer.from(
          encoding === 'base64' ? Buffer.from(secret).toString('base64') : secret,
          encoding === 'base64' ? 'utf8' : encoding,
        )
        expect(bytes.includes(needle), `secret (${encoding}) found in ${file}`).toBe(false)
      }
    }
  }
})
