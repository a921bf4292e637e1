import { execFile } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createProject } from '../src/shared/domain/script'
import { expect, test } from './fixtures/test'
import type { AppHost } from './fixtures/app-host'
import { openScriptSignedIn, ScriptScreen, signInForScript } from './support/script-screen'

const run = promisify(execFile)

const DIALOGUE = `# The kitchen

Morning light falls on the table.

ALICE: Good morning, Bob.
BOB: Not really a good one.
`

let dir: string
let readOnly: string | null = null
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-script-errors-'))
})
test.afterEach(async ({ sandbox }) => {
  sandbox.setAccount('paid', { outOfCredit: false })
  if (readOnly !== null) {
    if (process.getuid?.() === 0) await run('chattr', ['-i', readOnly]).catch(() => undefined)
    await chmod(readOnly, 0o755).catch(() => undefined)
    readOnly = null
  }
  await rm(dir, { recursive: true, force: true })
})

/** A saved project whose default voice is set, so a preview needs nothing but a credential. */
async function projectWithVoice(): Promise<string> {
  const path = join(dir, 'line.voicedesk')
  const project = createProject({
    title: 'Line',
    defaults: { voiceId: 'olivia' },
    blocks: [{ id: 'line-1', text: 'A single line to hear before rendering.' }],
  })
  await writeFile(path, JSON.stringify(project))
  return path
}

async function previewFirstBlock(app: AppHost): Promise<void> {
  const script = new ScriptScreen(app.page)
  await script.open()
  await script.openFile(app, await projectWithVoice())
  await script.block(0).getByRole('button', { name: 'Preview', exact: true }).click()
}

test('a .md file dropped on the workspace opens as a new script with its speakers', async ({
  app,
}) => {
  const script = new ScriptScreen(app.page)
  await script.open()
  const workspace = app.page.locator('section.script-workspace')
  // A real drop: a DataTransfer holding a File, dispatched as the browser does for a drag.
  const dataTransfer = await app.page.evaluateHandle((text) => {
    const w = globalThis as unknown as {
      DataTransfer: new () => { items: { add(file: unknown): void } }
      File: new (parts: string[], name: string, options: { type: string }) => unknown
    }
    const transfer = new w.DataTransfer()
    transfer.items.add(new w.File([text], 'kitchen.md', { type: 'text/markdown' }))
    return transfer
  }, DIALOGUE)
  await workspace.dispatchEvent('dragenter', { dataTransfer })
  await workspace.dispatchEvent('dragover', { dataTransfer })
  await expect(workspace).toHaveClass(/script-workspace--dragging/)
  await workspace.dispatchEvent('drop', { dataTransfer })
  await expect(script.blocks).toHaveCount(3)
  await expect(workspace).not.toHaveClass(/script-workspace--dragging/)
  await expect(app.page.getByTestId('script-title')).toContainText('kitchen — unsaved changes')
  await expect(script.text(0)).toHaveValue('Morning light falls on the table.')
  await expect(script.text(1)).toHaveValue('Good morning, Bob.')
  await expect(script.block(1)).toContainText('ALICE')
  await expect(script.block(2)).toContainText('BOB')
  await expect(script.block(0)).toContainText('The kitchen')
})

test('the lexicon auditions a word as it will be spoken, in the default voice', async ({
  app,
  sandbox,
}) => {
  const script = await openScriptSignedIn(app, sandbox)
  await app.page.getByRole('button', { name: 'New script' }).click()
  await app.page.getByRole('button', { name: 'Cast', exact: true }).click()
  await script.pickVoice('Default voice', 'Emma')
  await script.text(0).fill('SQL now.')
  const counts = script.block(0).locator('.block__counts')
  await expect(counts).toHaveText('8 characters')
  await script.toolbarCommand('Pronunciations')
  await app.page.getByLabel('Word', { exact: true }).fill('SQL')
  await app.page.getByLabel('Spoken as', { exact: true }).fill('sequel')
  await app.page.getByRole('button', { name: 'Add', exact: true }).click()
  const entry = app.page.locator('.side-panel__list li').filter({ hasText: 'SQL → sequel' })
  await expect(entry).toBeVisible()
  // The alias is what is spoken and billed: the counts follow the lexicon, the total too.
  await expect(counts).toHaveText('8 characters · 11 as spoken')
  await expect(app.page.getByTestId('script-totals')).toHaveText(
    '1 block · 8 characters · 11 as spoken, which your plan counts',
  )
  sandbox.clearRequestLog()
  await entry.getByRole('button', { name: 'Audition' }).click()
  const player = app.page.getByTestId('script-player')
  await expect(player).toContainText('“SQL” as “sequel”')
  await expect(player).toHaveAttribute('data-stream', 'ended', { timeout: 30_000 })
  await expect(app.page.getByTestId('script-audio-error')).toHaveCount(0)
  const streamed = sandbox.requestLog({ pathPrefix: '/v1/audio/stream' })
  expect(streamed).toHaveLength(1)
  expect(streamed[0]!.status).toBe(200)
  expect(streamed[0]!.body).toMatchObject({
    voice_id: 'emma',
    input: '<speak><sub alias="sequel">SQL</sub></speak>',
  })
})

test('signed out, a preview says no key is set and points to Account', async ({ app }) => {
  await previewFirstBlock(app)
  const error = app.page.getByTestId('script-audio-error')
  await expect(error).toContainText('No API key is set')
  await expect(error.getByTestId('error-message')).toHaveText(
    'No API key is set. Add your API key in Account, then try again. The command line uses that key too, or set VOICEDESK_API_KEY (or VOICEDESK_ACCESS_TOKEN) for it.',
  )
  await error.getByRole('button', { name: 'Details', exact: true, expanded: false }).click()
  await expect(error.getByTestId('error-request-id')).toContainText('did not reach the service')
})

test('a wrong key: the service did not accept it, check it in Account (with the request id)', async ({
  app,
  sandbox,
}) => {
  await signInForScript(app, sandbox, 'wrong-key-for-this-test')
  await previewFirstBlock(app)
  const error = app.page.getByTestId('script-audio-error')
  await expect(error).toContainText('The service did not accept your key', {
    timeout: 30_000,
  })
  await expect(error.getByTestId('error-message')).toContainText(
    'The service did not accept the API key. Check it in Account',
  )
  await error.getByRole('button', { name: 'Details', exact: true, expanded: false }).click()
  await expect(error.getByTestId('error-request-id')).toHaveText(/^req_/)
})

test('out of credit (402): the plan does not cover it, add credit', async ({ app, sandbox }) => {
  sandbox.setAccount('paid', { outOfCredit: true })
  await signInForScript(app, sandbox)
  sandbox.clearRequestLog()
  await previewFirstBlock(app)
  const error = app.page.getByTestId('script-audio-error')
  await expect(error).toContainText('Your plan does not cover this', { timeout: 30_000 })
  await expect(error.getByTestId('error-message')).toContainText(
    'The account is out of credit, so the service refused to',
  )
  await expect(error.getByTestId('error-message')).toContainText(
    'Add credit to the account and try again.',
  )
  await error.getByRole('button', { name: 'Details', exact: true, expanded: false }).click()
  await expect(error.getByTestId('error-request-id')).toHaveText(/^req_/)
  const refused = sandbox.requestLog({ pathPrefix: '/v1/audio/stream' })
  expect(refused.map((r) => r.status)).toEqual([402])
})

test('saving into a read-only folder says the folder cannot be written, and keeps the script', async ({
  app,
}) => {
  const folder = join(dir, 'locked')
  await mkdir(folder)
  await chmod(folder, 0o555)
  readOnly = folder
  // Permission bits do not stop root: the immutable flag makes the folder read-only for root too.
  if (process.getuid?.() === 0) await run('chattr', ['+i', folder])
  const script = new ScriptScreen(app.page)
  await script.open()
  await app.page.getByRole('button', { name: 'New script' }).click()
  await script.text(0).click()
  await app.page.keyboard.type('Words that must not be lost.')
  app.platform.answerNextSave(join(folder, 'story.voicedesk'))
  await app.page.keyboard.press('Control+s')
  const error = app.page.getByTestId('script-file-error')
  await expect(error).toContainText('Could not write the file')
  await expect(error.getByTestId('error-message')).toContainText(
    `VoiceDesk can't write to ${folder}. Choose another folder or check its permissions.`,
  )
  await expect(app.page.getByTestId('script-title')).toContainText('unsaved changes')
  await expect(script.text(0)).toHaveValue('Words that must not be lost.')
  expect(await readdir(folder)).toEqual([])
})
