import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { snap } from './support/screenshots'
import { openScriptSignedIn } from './support/script-screen'

// Slow speech answers, so the render is still running when it is cancelled.
test.use({ sandboxOptions: { serviceTimeMs: 1200 } })

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-script-resume-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('cancel a render and resume it: finished pieces are not requested again; taskbar progress and a background notification', async ({
  app,
  sandbox,
}) => {
  // Two renders of up to 40 pieces each, synthesized for real on one sandbox thread: the resumed
  // render alone is given 90 s below, so the test as a whole needs more than the default 60 s.
  test.setTimeout(180_000)
  const script = await openScriptSignedIn(app, sandbox)
  const text = Array.from(
    { length: 40 },
    (_, i) => `Paragraph ${i + 1} tells its own small part of the story.`,
  ).join('\n\n')
  const source = join(dir, 'story.txt')
  await writeFile(source, text)
  app.platform.answerNextOpen([source])
  await app.page.getByRole('button', { name: 'Open or import…' }).click()
  await expect(script.blocks.first()).toBeVisible()
  await app.page.getByRole('button', { name: 'Cast', exact: true }).click()
  await script.pickVoice('Default voice', 'Olivia')

  const out = join(dir, 'story.wav')
  sandbox.clearRequestLog()
  await app.page.getByRole('button', { name: 'Render…' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Render the script' })
  await dialog.getByLabel('Format').selectOption('wav')
  // Nothing rendered before: every character is to be paid for, none already rendered.
  await expect(dialog.getByTestId('render-estimate-summary')).toContainText(/of audio$/)
  app.platform.answerNextSave(out)
  await dialog.getByRole('button', { name: 'Choose file and render…' }).click()
  await expect(script.renderPanel).toHaveAttribute('data-state', 'running')
  await expect(app.page.getByTestId('render-progress')).toContainText(
    // The script's blocks and the time left, as Script counts them: no pieces, no cache.
    /Block [1-9]\d* of 40 · about \d+:\d\d left/,
    { timeout: 30_000 },
  )
  await snap(app, 'script-render-progress')
  await script.renderPanel.getByRole('button', { name: 'Cancel' }).click()
  await expect(script.renderPanel).toHaveAttribute('data-state', 'resumable', { timeout: 30_000 })
  await expect(stat(out)).rejects.toThrow()
  const firstRun = sandbox
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .filter((r) => r.status === 200 && !r.aborted)
  expect(firstRun.length).toBeGreaterThan(0)
  expect(firstRun.length).toBeLessThan(40)
  expect(app.platform.progress.some((p) => p !== null && p > 0)).toBe(true)
  expect(app.platform.progress.at(-1)).toBeNull()

  // Resume while the window is in the background: it ends with an OS notification.
  app.platform.setFocused(false)
  sandbox.clearRequestLog()
  await script.renderPanel.getByRole('button', { name: 'Resume' }).click()
  await expect(app.page.getByTestId('render-finished')).toBeVisible({ timeout: 90_000 })
  const finishedInputs = new Set(firstRun.map((r) => String(r.body?.input)))
  const resumed = sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })
  expect(resumed.length).toBe(40 - finishedInputs.size)
  for (const request of resumed) expect(finishedInputs.has(String(request.body?.input))).toBe(false)
  expect((await stat(out)).size).toBeGreaterThan(44)
  expect(app.platform.notifications).toEqual([
    { title: 'Render finished', body: 'story.wav is ready.' },
  ])
})
