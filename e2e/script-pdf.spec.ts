import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { SALT_ROAD_TEXT, longBookPdf, saltRoadPdf } from '../src/main/testing/pdf-books'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { ScriptScreen } from './support/script-screen'

// A PDF in the app: dropped or opened, it asks which pages first (an opened one says how many it
// has) and only those are read, page by page in words, with Cancel leaving everything as it was;
// locked, it asks for the password, says so in place when it is wrong, and imports once it is
// right. Opened through the dialog, a locked PDF is retried without choosing the file again.
// Each dialog state audited at three sizes.

const LOCKED = new URL('../src/main/testing/fixtures/salt-road-locked.pdf', import.meta.url)
const PASSWORD = 'harbour-light'
/** A PDF is read on the planning thread, slow on a machine this busy: waits on an import. */
const IMPORT = { timeout: 60_000 }

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-pdf-e2e-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Drops a file holding `bytes` on the Script workspace, as a real drag and drop does. */
async function drop(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  const workspace = page.locator('section.script-workspace')
  const dataTransfer = await page.evaluateHandle(
    ([base64, fileName]) => {
      const w = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } }
        File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown
        atob(data: string): string
      }
      const binary = w.atob(base64)
      const data = new Uint8Array(binary.length)
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i)
      const transfer = new w.DataTransfer()
      transfer.items.add(new w.File([data], fileName, { type: 'application/pdf' }))
      return transfer
    },
    [Buffer.from(bytes).toString('base64'), name] as const,
  )
  await workspace.dispatchEvent('dragenter', { dataTransfer })
  await workspace.dispatchEvent('dragover', { dataTransfer })
  await workspace.dispatchEvent('drop', { dataTransfer })
}

/** axe once and the layout check at each size, with a screenshot at each. */
function audit(app: AppHost, name: string, theme: string): Promise<string[]> {
  return auditAtSizes(app, { name: name, theme, shot: `script-pdf-${name}-${theme}` })
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`a long PDF opened asks its pages first, says the pages read, and Cancel opens nothing (${theme})`, async ({
      app,
    }) => {
      test.setTimeout(300_000)
      const { page } = app
      const problems: string[] = []
      // The most pages one import reads: long enough that the reading is still going while the
      // dialog is audited and Cancel is pressed, on any machine.
      const path = join(dir, 'long-book.pdf')
      await writeFile(path, longBookPdf(3000))
      const script = new ScriptScreen(page)
      await script.open()
      app.platform.answerNextOpen([path])
      await page.getByRole('button', { name: 'Open or import…' }).click()

      const dialog = page.getByTestId('pdf-import-dialog')
      await expect(dialog.getByRole('heading', { name: 'Import long-book.pdf' })).toBeVisible(
        IMPORT,
      )
      await expect(dialog).toContainText('long-book.pdf has 3,000 pages.')
      await expect(dialog.getByRole('radio', { name: 'All pages' })).toBeChecked()
      await expect(dialog.getByLabel('Last page')).toHaveValue('3,000')
      problems.push(...(await audit(app, 'open-pages', theme)))

      await dialog.getByRole('button', { name: 'Import' }).click()
      const progress = page.getByTestId('pdf-progress')
      await expect(progress).toHaveText(/^Reading page [\d,]+ of 3,000( · about .+ left)?$/, IMPORT)
      await expect(dialog.getByRole('progressbar', { name: 'Pages read' })).toHaveAttribute(
        'max',
        '3000',
      )
      // The pages read are the ones chosen at Import: the choice is not open while they are read.
      await expect(dialog.getByRole('radio', { name: 'All pages' })).toBeDisabled()
      await expect(dialog.getByLabel('Last page')).toBeDisabled()
      problems.push(...(await audit(app, 'open-reading', theme)))
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(dialog).toBeHidden()
      // Nothing opened: the workspace still offers to open a file, and no error is shown.
      await expect(page.getByRole('button', { name: 'Open or import…' })).toBeVisible()
      await expect(script.blocks).toHaveCount(0)
      await expect(page.getByRole('alert')).toHaveCount(0)
      expect(problems).toEqual([])
    })

    test(`a locked PDF dropped asks for its password, says when it is wrong, then imports (${theme})`, async ({
      app,
    }) => {
      test.setTimeout(240_000)
      const { page } = app
      const problems: string[] = []
      const script = new ScriptScreen(page)
      await script.open()
      await drop(page, 'salt-road-locked.pdf', new Uint8Array(await readFile(LOCKED)))

      const dialog = page.getByTestId('pdf-import-dialog')
      await expect(
        dialog.getByRole('heading', { name: 'Import salt-road-locked.pdf' }),
      ).toBeVisible()
      await expect(dialog.getByRole('radio', { name: 'All pages' })).toBeChecked()
      problems.push(...(await audit(app, 'pages', theme)))
      await dialog.getByRole('button', { name: 'Import' }).click()

      // The first PDF read starts the planning thread and loads pdf.js in it: slow on a busy machine.
      await expect(dialog.getByRole('heading', { name: 'This PDF is locked' })).toBeVisible(IMPORT)
      await expect(dialog).toContainText(
        'salt-road-locked.pdf is protected by a password, which VoiceDesk needs to read it. Type it to import the book',
      )
      const password = dialog.getByLabel('Password')
      await expect(password).toBeFocused()
      await expect(password).toHaveAttribute('type', 'password')
      problems.push(...(await audit(app, 'password', theme)))

      await password.fill('harbour-dark')
      await password.press('Enter')
      await expect(dialog.getByRole('alert')).toHaveText(
        'That password did not open the PDF. Check it (capital letters count) and try again.',
        IMPORT,
      )
      await expect(password).toHaveValue('')
      await expect(password).toBeFocused()
      problems.push(...(await audit(app, 'wrong-password', theme)))

      await password.fill(PASSWORD)
      await password.press('Enter')
      await expect(dialog).toBeHidden(IMPORT)
      await expect(script.blocks).toHaveCount(SALT_ROAD_TEXT.length)
      await expect(script.text(0)).toHaveValue(SALT_ROAD_TEXT[0]![1])
      expect(problems).toEqual([])
    })
  })
}

test('a page range chosen for a dropped PDF imports only those pages; a range it lacks is refused in words', async ({
  app,
}) => {
  test.setTimeout(180_000)
  const { page } = app
  const script = new ScriptScreen(page)
  await script.open()
  await drop(page, 'salt-road.pdf', saltRoadPdf())
  const dialog = page.getByTestId('pdf-import-dialog')
  await dialog.getByLabel('First page').fill('3')
  await dialog.getByLabel('Last page').fill('2')
  await dialog.getByRole('button', { name: 'Import' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'The first page (3) comes after the last (2). Swap them.',
  )
  await dialog.getByLabel('First page').fill('5')
  await dialog.getByLabel('Last page').fill('9')
  await dialog.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByTestId('pdf-refusal')).toHaveText(
    'salt-road.pdf has 3 pages; pages 5-9 are not in it. Choose a range from 1 to 3.',
    IMPORT,
  )
  await dialog.getByLabel('First page').fill('3')
  await dialog.getByLabel('Last page').fill('3')
  await dialog.getByLabel('Last page').press('Enter')
  await expect(dialog).toBeHidden(IMPORT)
  await expect(script.blocks).toHaveCount(1)
  await expect(script.text(0)).toHaveValue(SALT_ROAD_TEXT[3]![1])
})

test('a locked PDF chosen through Open is asked for and imported without choosing it again; Escape cancels', async ({
  app,
}) => {
  test.setTimeout(180_000)
  const { page } = app
  const path = join(dir, 'salt-road-locked.pdf')
  await writeFile(path, await readFile(LOCKED))
  const script = new ScriptScreen(page)
  await script.open()
  app.platform.answerNextOpen([path])
  await page.getByRole('button', { name: 'Open or import…' }).click()
  const dialog = page.getByTestId('pdf-import-dialog')
  const password = dialog.getByLabel('Password')
  await expect(password).toBeFocused(IMPORT)
  await password.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(script.blocks).toHaveCount(0)

  app.platform.answerNextOpen([path])
  await page.getByRole('button', { name: 'Open or import…' }).click()
  await expect(password).toBeFocused(IMPORT)
  await dialog.getByLabel('First page').fill('3')
  await dialog.getByLabel('Last page').fill('3')
  await password.fill(PASSWORD)
  await password.press('Enter')
  await expect(dialog).toBeHidden(IMPORT)
  await expect(script.blocks).toHaveCount(1)
  await expect(script.text(0)).toHaveValue(SALT_ROAD_TEXT[3]![1])
})

test('a PDF chosen through Open is read only in the range chosen; a range past its end is refused in the dialog', async ({
  app,
}) => {
  test.setTimeout(180_000)
  const { page } = app
  const path = join(dir, 'salt-road.pdf')
  await writeFile(path, saltRoadPdf())
  const script = new ScriptScreen(page)
  await script.open()
  app.platform.answerNextOpen([path])
  await page.getByRole('button', { name: 'Open or import…' }).click()
  const dialog = page.getByTestId('pdf-import-dialog')
  await expect(dialog).toContainText('salt-road.pdf has 3 pages.', IMPORT)
  await dialog.getByLabel('First page').fill('2')
  await dialog.getByLabel('Last page').fill('4')
  await dialog.getByRole('button', { name: 'Import' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'This PDF has 3 pages. Choose pages from 1 to 3.',
  )
  await dialog.getByLabel('Last page').fill('3')
  await dialog.getByLabel('Last page').press('Enter')
  await expect(dialog).toBeHidden(IMPORT)
  await expect(script.blocks).toHaveCount(SALT_ROAD_TEXT.length - 2)
  await expect(script.text(0)).toHaveValue(SALT_ROAD_TEXT[2]![1])
})
