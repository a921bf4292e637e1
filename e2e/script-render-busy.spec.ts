import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { openScriptSignedIn } from './support/script-screen'

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-script-busy-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('a render the service answers with 429 says the service is busy and how long it waits', async ({
  app,
  sandbox,
}) => {
  const script = await openScriptSignedIn(app, sandbox)
  const source = join(dir, 'busy.txt')
  await writeFile(
    source,
    ['First paragraph.', 'Second paragraph.', 'Third paragraph.'].join('\n\n'),
  )
  app.platform.answerNextOpen([source])
  await app.page.getByRole('button', { name: 'Open or import…' }).click()
  await expect(script.blocks.first()).toBeVisible()
  await app.page.getByRole('button', { name: 'Cast', exact: true }).click()
  await script.pickVoice('Default voice', 'Olivia')

  // Every request is refused with Retry-After: 30, so the wait lasts well past the check (no race).
  sandbox.setFaults({ rateLimitStorm: 1000, stormRetryAfterSeconds: 30 })
  sandbox.clearRequestLog()
  const out = join(dir, 'busy.wav')
  await app.page.getByRole('button', { name: 'Render…' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Render the script' })
  await dialog.getByLabel('Format').selectOption('wav')
  app.platform.answerNextSave(out)
  // The page's clock stands still until the spec moves it, so the countdown is read exactly.
  await app.page.clock.install()
  await app.page.clock.pauseAt(Date.now() + 1000)
  await dialog.getByRole('button', { name: 'Choose file and render…' }).click()
  await expect(app.page.getByTestId('render-progress')).toContainText(
    'the service is busy, waiting 30 s',
  )
  await expect(app.page.getByTestId('render-progress')).not.toContainText('left')
  // It counts down between progress events.
  await app.page.clock.runFor(10_000)
  await expect(app.page.getByTestId('render-progress')).toContainText(
    'the service is busy, waiting 20 s',
  )
  await app.page.clock.resume()

  await script.renderPanel.getByRole('button', { name: 'Cancel' }).click()
  await expect(script.renderPanel).toHaveAttribute('data-state', 'resumable')
  sandbox.clearFaults()
  const speech = sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })
  expect(speech.length).toBeGreaterThan(0)
  expect(speech.every((r) => r.status === 429)).toBe(true)
  await expect(stat(out)).rejects.toThrow()
})
