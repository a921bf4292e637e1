import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { writeBigProject } from './support/script-big-project'
import { snap } from './support/screenshots'
import { openScriptSignedIn, ScriptScreen } from './support/script-screen'

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-script-scale-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

interface Draft {
  project: { blocks: { id: string; text: string }[] }
}

async function recoveryDraft(userDataDir: string): Promise<Draft | null> {
  const folder = join(userDataDir, 'recovery')
  // Only finished drafts (<docId>.json): a save in progress is a hidden .partial file that is
  // renamed over the draft, and could vanish or be half written while the test reads it.
  const names = (await readdir(folder).catch(() => [] as string[])).filter(
    (name) => name.endsWith('.json') && !name.startsWith('.'),
  )
  if (names.length === 0) return null
  return JSON.parse(await readFile(join(folder, names[0]!), 'utf8')) as Draft
}

/** Block-state answers main sent, as the lists of block ids they covered. */
function blockStateAnswers(ipcResults: string[]): string[][] {
  return ipcResults
    .map((r) => JSON.parse(r) as { ok: boolean; data?: unknown })
    .filter(
      (r) =>
        r.ok &&
        typeof r.data === 'object' &&
        r.data !== null &&
        !Array.isArray(r.data) &&
        Object.values(r.data).every(
          (v) =>
            typeof v === 'object' &&
            v !== null &&
            ['cached', 'stale', 'new', 'empty', 'no-voice'].includes(
              String((v as { state?: unknown }).state),
            ),
        ) &&
        Object.keys(r.data).length > 0,
    )
    .map((r) => Object.keys(r.data as object))
}

test('a 100,000-word script opens with a small page, and typing in the middle sends and checks only that block', async ({
  app,
  sandbox,
  userDataDir,
}) => {
  const script = await openScriptSignedIn(app, sandbox)
  const path = join(dir, 'harbour.voicedesk')
  expect(await writeBigProject(path)).toBe(100_000)
  await script.openFile(app, path)
  await expect(app.page.getByTestId('script-totals')).toContainText('5,000 blocks')
  await expect(app.page.getByTestId('script-title')).toContainText('harbour.voicedesk — saved')
  // The first check covers all 5,000 blocks (every one has a voice: none is marked "No voice").
  await expect
    .poll(() => blockStateAnswers(app.ipcResults).some((ids) => ids.length === 5000), {
      timeout: 30_000,
    })
    .toBe(true)
  expect(await app.page.locator('[data-mark="no-voice"]').count()).toBe(0)

  // Virtualized: a few dozen rows at most, however long the script.
  expect(await script.blocks.count()).toBeLessThan(40)
  const elements = await app.page.evaluate(
    () =>
      (
        globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
      ).document.querySelectorAll('*').length,
  )
  expect(elements).toBeLessThan(1500)

  // Scroll to the middle of the script and type there.
  const middle = app.page.getByLabel('Text of block 2501', { exact: true })
  await app.page.evaluate(() => {
    const w = globalThis as unknown as {
      document: { querySelector(s: string): { scrollTop: number; scrollHeight: number } | null }
    }
    const list = w.document.querySelector('[data-testid="block-list"]')!
    list.scrollTop = list.scrollHeight / 2
  })
  // The estimate of unseen rows settles as they are measured; scroll until block 2501 is there.
  await expect(async () => {
    await app.page.evaluate(() => {
      const w = globalThis as unknown as {
        document: {
          querySelector(s: string): { scrollTop: number } | null
          querySelectorAll(s: string): ArrayLike<{ getAttribute(n: string): string | null }>
        }
      }
      const list = w.document.querySelector('[data-testid="block-list"]')!
      const labels = Array.from(w.document.querySelectorAll('textarea.block__text')).map((a) =>
        Number(a.getAttribute('aria-label')?.replace('Text of block ', '')),
      )
      const first = Math.min(...labels)
      const last = Math.max(...labels)
      if (2501 < first) list.scrollTop -= 600
      else if (2501 > last) list.scrollTop += 600
    })
    await expect(middle).toBeVisible({ timeout: 500 })
  }).toPass({ timeout: 20_000 })
  const before = await middle.inputValue()
  await middle.click()
  await app.page.keyboard.press('End')
  const answersBefore = app.ipcResults.length
  await app.page.keyboard.type(' The lamps kept burning.')
  await expect(middle).toHaveValue(`${before} The lamps kept burning.`)

  // The draft on disk has the whole script with the edit; main got it as one block.
  await expect
    .poll(async () => (await recoveryDraft(userDataDir))?.project.blocks[2500]?.text ?? '', {
      timeout: 10_000,
    })
    .toBe(`${before} The lamps kept burning.`)
  expect((await recoveryDraft(userDataDir))?.project.blocks).toHaveLength(5000)
  await expect
    .poll(() => blockStateAnswers(app.ipcResults.slice(answersBefore)), { timeout: 10_000 })
    .toContainEqual(['block-02500'])
  for (const ids of blockStateAnswers(app.ipcResults.slice(answersBefore))) {
    expect(ids).toEqual(['block-02500'])
  }
  await expect(app.page.getByTestId('script-totals')).toContainText('5,000 blocks')
  await expect(app.page.getByTestId('script-title')).toContainText('unsaved changes')
  await snap(app, 'script-100k')
})

test('Ctrl+Z in the find and replace fields undoes their own text, not the script', async ({
  app,
}) => {
  const script = new ScriptScreen(app.page)
  await script.open()
  await app.page.getByRole('button', { name: 'New script' }).click()
  await script.text(0).click()
  await app.page.keyboard.type('Words in the script.')
  await app.page.keyboard.press('Control+h')
  const replace = app.page.getByRole('search', { name: 'Find and replace' })
  const findField = replace.getByLabel('Find', { exact: true })
  await findField.fill('')
  await findField.pressSequentially('script')
  await findField.press('Control+z')
  await expect(script.text(0)).toHaveValue('Words in the script.')
  await expect(findField).not.toHaveValue('script')
  const replaceField = replace.getByLabel('Replace with')
  await replaceField.pressSequentially('book')
  await replaceField.press('Control+z')
  await expect(script.text(0)).toHaveValue('Words in the script.')
  await expect(replaceField).not.toHaveValue('book')
  // In a block, Ctrl+Z is the document's undo.
  await script.text(0).click()
  await app.page.keyboard.press('Control+z')
  await expect(script.text(0)).toHaveValue('')
})

test('Close document asks about unsaved changes; Remove from recent takes a project off the list', async ({
  app,
}) => {
  const script = new ScriptScreen(app.page)
  await script.open()
  await app.page.getByRole('button', { name: 'New script' }).click()
  await script.text(0).click()
  await app.page.keyboard.type('Kept in a file.')
  const target = join(dir, 'kept.voicedesk')
  app.platform.answerNextSave(target)
  await app.page.keyboard.press('Control+s')
  await expect(app.page.getByTestId('script-title')).toContainText('kept.voicedesk — saved')
  await script.text(0).click()
  await app.page.keyboard.type(' More.')
  await app.page.getByRole('button', { name: 'Close document' }).click()
  const confirm = app.page.getByRole('dialog', { name: 'Discard unsaved changes?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Discard changes' }).click()
  await expect(app.page.getByTestId('script-empty')).toBeVisible()
  await expect(app.page.getByTestId('recent-project')).toHaveCount(1)
  await expect(app.page.getByTestId('recent-project')).toContainText('kept.voicedesk')
  // The draft of the closed document is gone (a clean close).
  expect(await recoveryDraft(app.userDataDir)).toBeNull()
  await app.page.getByRole('button', { name: 'Remove kept.voicedesk from recent projects' }).click()
  await expect(app.page.getByTestId('recent-project')).toHaveCount(0)
  expect(JSON.parse(await readFile(target, 'utf8'))).toMatchObject({
    blocks: [{ text: 'Kept in a file.' }],
  })
})
