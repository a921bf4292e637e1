import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { expect, test } from './fixtures/test'
import { launchBrowserHost } from './fixtures/browser-host'
import { openScriptSignedIn, ScriptScreen } from './support/script-screen'
import { snap } from './support/screenshots'

async function draftText(userDataDir: string): Promise<string> {
  const dir = join(userDataDir, 'recovery')
  const names = await readdir(dir).catch(() => [] as string[])
  const texts = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8').catch(() => '')))
  return texts.join('\n')
}

test('after the app is killed, reopening restores the script with the typing up to the last draft', async ({
  app,
  browser,
  userDataDir,
}) => {
  test.skip(
    app.host !== 'browser',
    'the kill is simulated by dropping the browser host without its clean-close path',
  )
  const script = new ScriptScreen(app.page)
  await script.open()
  await app.page.getByRole('button', { name: 'New script' }).click()
  await script.text(0).click()
  await app.page.keyboard.type('The first line survives a crash.')
  // The draft follows the typing about a second after it stops.
  await expect
    .poll(() => draftText(userDataDir), { timeout: 10_000 })
    .toContain('The first line survives a crash.')

  // Kill: the window goes away without closing the document or disposing anything gracefully.
  await app.page.context().close()

  const relaunched = await launchBrowserHost(browser, {
    userDataDir,
    keychain: 'system',
    keychainService: `VoiceDesk-e2e-${randomBytes(6).toString('hex')}`,
    colorScheme: 'light',
  })
  try {
    const again = new ScriptScreen(relaunched.page)
    await again.open()
    const offer = relaunched.page.getByTestId('recovery-offer')
    await expect(offer).toContainText('6 words')
    await offer.getByRole('button', { name: 'Restore it' }).click()
    await expect(again.text(0)).toHaveValue('The first line survives a crash.')
    await expect(relaunched.page.getByTestId('script-title')).toContainText('unsaved changes')
  } finally {
    await relaunched.close()
  }
})

test('saves with Ctrl+S through the save dialog, clears the draft, and reopens from Recent', async ({
  app,
  sandbox,
  userDataDir,
}) => {
  const script = await openScriptSignedIn(app, sandbox)
  await app.page.getByRole('button', { name: 'New script' }).click()
  await script.text(0).click()
  await app.page.keyboard.type('Saved words.')
  await expect.poll(() => draftText(userDataDir), { timeout: 10_000 }).toContain('Saved words.')
  const target = join(userDataDir, 'saved.voicedesk')
  app.platform.answerNextSave(target)
  await app.page.keyboard.press('Control+s')
  await expect(app.page.getByTestId('script-title')).toContainText('saved.voicedesk — saved')
  expect(JSON.parse(await readFile(target, 'utf8'))).toMatchObject({
    blocks: [{ text: 'Saved words.' }],
  })
  await expect.poll(() => draftText(userDataDir)).toBe('')
  // Undo/redo through the store's history.
  await script.text(0).click()
  await app.page.keyboard.type(' More.')
  await expect(script.text(0)).toHaveValue('Saved words. More.')
  await app.page.keyboard.press('Control+z')
  await expect(script.text(0)).toHaveValue('Saved words.')
  await app.page.keyboard.press('Control+Shift+z')
  await expect(script.text(0)).toHaveValue('Saved words. More.')
  await snap(app, 'script-editing')
})
