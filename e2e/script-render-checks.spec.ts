import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createProject } from '../src/shared/domain/script'
import { expect, test } from './fixtures/test'
import { snap } from './support/screenshots'
import { openScriptSignedIn } from './support/script-screen'

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-render-checks-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A saved project: a narrator, "Narrator 2" cast as `narrator2`, and an optional German line. */
async function projectFile(narrator2: string, german: boolean): Promise<string> {
  const path = join(dir, 'book.voicedesk')
  const project = createProject({
    title: 'Book',
    defaults: { voiceId: 'olivia' },
    cast: { 'Narrator 2': narrator2 },
    blocks: [
      { id: 'b1', text: 'The first narrator opens the story.' },
      { id: 'b2', text: 'The second narrator takes over here.', speaker: 'Narrator 2' },
      ...(german ? [{ id: 'b3', text: 'Guten Abend.', voiceId: 'george', language: 'de-DE' }] : []),
    ],
  })
  await writeFile(path, JSON.stringify(project))
  return path
}

test('the render dialog names a cast voice that is not in the voice list and a voice that does not speak the language, before the file is chosen, and nothing is sent', async ({
  app,
  sandbox,
}) => {
  const script = await openScriptSignedIn(app, sandbox)
  await script.openFile(app, await projectFile('dorothy', true))
  await expect(script.blocks).toHaveCount(3)

  sandbox.clearRequestLog()
  await app.page.getByRole('button', { name: 'Render…' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Render the script' })
  await dialog.getByLabel('Format').selectOption('mp3')
  await expect(dialog.getByTestId('render-estimate-summary')).toContainText(/of audio/)
  await dialog.getByRole('button', { name: 'Choose file and render…' }).click()

  const notice = dialog.getByTestId('error-notice')
  await expect(notice).toContainText("This render can't start yet")
  // Work to fix before anything is sent: a warning, like the block rows' amber, not a failure.
  await expect(notice).toHaveClass(/notice--warning/)
  await expect(notice.getByTestId('error-message')).toHaveText(
    '2 things need fixing before this render can start; nothing was sent to the service. Fix them, then start the render.',
  )
  const problems = notice.getByTestId('error-problems').getByRole('listitem')
  await expect(problems).toHaveText([
    "Narrator 2's voice, Dorothy, isn't in your voice list. Choose another voice for Narrator 2 in the cast.",
    'Block 3 uses George for German (Germany) text, but George speaks only English (United States). Give the block a voice that speaks German (Germany).',
  ])
  // The reason comes first, whole, above the footer even in a small window; the button now says
  // what it does instead of looking ready to render.
  await app.page.setViewportSize({ width: 1024, height: 700 })
  await expect(notice.getByTestId('error-message')).toBeInViewport({ ratio: 1 })
  const reasonBox = (await notice.getByTestId('error-message').boundingBox())!
  const footerBox = (await dialog.locator('.dialog__actions').boundingBox())!
  expect(reasonBox.y + reasonBox.height).toBeLessThanOrEqual(footerBox.y)
  await expect(dialog.getByTestId('render-primary')).toHaveText('Go to block 2, the first to fix')
  await expect(dialog.getByRole('button', { name: 'Choose file and render…' })).toHaveCount(0)
  await snap(app, 'script-render-checks-voices')
  await app.page.setViewportSize({ width: 1280, height: 800 })

  // Found before the save dialog: no file was asked for, no speech was requested.
  expect(app.platform.dialogs.filter((d) => d.kind === 'save')).toEqual([])
  expect(sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
  expect(await readdir(dir)).toEqual(['book.voicedesk'])
  await expect(dialog).toBeVisible()
})

test('a folder that does not exist is named in the render dialog once it is chosen, and nothing is sent', async ({
  app,
  sandbox,
}) => {
  const script = await openScriptSignedIn(app, sandbox)
  await script.openFile(app, await projectFile('emma', false))
  await expect(script.blocks).toHaveCount(2)

  sandbox.clearRequestLog()
  await app.page.getByRole('button', { name: 'Render…' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Render the script' })
  await dialog.getByLabel('Format').selectOption('wav')
  await expect(dialog.getByTestId('render-estimate-summary')).toContainText(/of audio/)
  const missing = join(dir, 'gone')
  app.platform.answerNextSave(join(missing, 'book.wav'))
  await dialog.getByRole('button', { name: 'Choose file and render…' }).click()

  const notice = dialog.getByTestId('error-notice')
  await expect(notice).toContainText("This render can't start yet")
  await expect(notice.getByTestId('error-message')).toHaveText(
    `The folder ${missing} does not exist. Choose an existing folder, or create it first. Nothing was sent to the service.`,
  )
  // Another file choice can solve this one: the button still offers it.
  await expect(dialog.getByTestId('render-primary')).toHaveText('Choose file and render…')
  await snap(app, 'script-render-checks-folder')
  expect(sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
  expect(await readdir(dir)).toEqual(['book.voicedesk'])
})
