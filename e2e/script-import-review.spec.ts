import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { docxOf } from '../src/main/testing/test-documents'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { ScriptScreen } from './support/script-screen'

// A manuscript the clean-up rules would change is reviewed after it is read and before it
// becomes the open script: each rule's changes and the characters saved, rules turned off,
// Cancel import leaving the open script as it was, and Open making the cleaned text the project.

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-import-review-e2e-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function manuscript(path: string): Promise<void> {
  await writeFile(
    path,
    await docxOf([
      { style: 'Title', runs: ['The Flood'] },
      { style: 'Heading1', runs: ['CHAPTER ONE'] },
      { runs: ['Rivers rise in spring [12]. See https://example.org/floods.html for more!!!'] },
      { runs: ['Dr. Lee measured it [3-5], twice.'] },
    ]),
  )
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`a manuscript is cleaned up before it opens; Cancel import leaves the open script (${theme})`, async ({
      app,
    }) => {
      test.setTimeout(180_000)
      const { page } = app
      const problems: string[] = []
      const script = new ScriptScreen(page)
      await script.open()
      const notes = join(dir, 'notes.md')
      await writeFile(notes, 'My own notes, not to be replaced.\n')
      await script.openFile(app, notes)
      await expect(script.blocks).toHaveCount(1)
      const book = join(dir, 'The Flood.docx')
      await manuscript(book)

      // The open script is an unsaved import: the app asks first, and keeps it until one opens.
      await script.openFile(app, book)
      await page.getByRole('button', { name: 'Discard changes' }).click()
      const dialog = page.getByTestId('import-review-dialog')
      // Reading the book and its preview both run on main's threads: slow on a loaded machine.
      await expect(dialog.getByRole('heading', { name: 'Clean up before it opens' })).toBeVisible({
        timeout: 60_000,
      })
      await expect(dialog).toContainText('“The Flood” has been read in.')
      const summary = dialog.getByTestId('cleanup-summary')
      // [12], [3-5], the address read as "link", "!!!", and the chapter's name in capitals.
      await expect(summary).toHaveText('5 changes in 2 blocks · 40 characters fewer to pay for')
      await dialog.getByText(/^Bracketed citations such as \[12\] or \[3-5\]: 2 changes/).click()
      await expect(dialog.locator('.cleanup__change').first().locator('del')).toHaveText(
        'removed:  [12]',
      )
      // Each change says where it is as a reader finds it: its chapter and paragraph.
      const citations = dialog
        .locator('.cleanup__rule-changes')
        .filter({ hasText: 'Bracketed citations' })
      await expect(citations.locator('.cleanup__where')).toHaveText([
        'Chapter 1, paragraph 1',
        'Chapter 1, paragraph 2',
      ])
      problems.push(
        ...(await auditAtSizes(app, {
          name: 'import-review',
          theme,
          shot: `script-import-review-${theme}`,
        })),
      )

      // Nothing is opened until the user says so: Cancel import keeps the script that was open.
      await dialog.getByRole('button', { name: 'Cancel import' }).click()
      await expect(dialog).toBeHidden()
      await expect(script.blocks).toHaveCount(1)
      await expect(script.text(0)).toHaveValue('My own notes, not to be replaced.')

      // Again, with one rule turned off: its changes stay out of what opens.
      await script.openFile(app, book)
      await page.getByRole('button', { name: 'Discard changes' }).click()
      await expect(summary).toHaveText('5 changes in 2 blocks · 40 characters fewer to pay for', {
        timeout: 60_000,
      })
      await dialog.getByRole('checkbox', { name: /Bracketed citations/ }).uncheck()
      await expect(summary).toHaveText('3 changes in 2 blocks · 29 characters fewer to pay for')
      await dialog.getByRole('button', { name: 'Open with 3 changes' }).click()
      await expect(dialog).toBeHidden()
      await expect(script.blocks).toHaveCount(2)
      await expect(script.text(0)).toHaveValue('Rivers rise in spring [12]. See link for more!')
      await expect(script.text(1)).toHaveValue('Dr. Lee measured it [3-5], twice.')
      await expect(page.getByText('Chapter one', { exact: true }).first()).toBeVisible()
      await expect(page.getByTestId('script-title')).toContainText('The Flood — unsaved changes')

      // The rules it opened with are the project's: Clean Up Text starts from them.
      await app.menuCommand({ command: 'script:cleanup' })
      const cleanup = page.getByTestId('cleanup-dialog')
      await expect(cleanup.getByRole('checkbox', { name: /Bracketed citations/ })).not.toBeChecked()
      await cleanup.getByRole('button', { name: 'Cancel' }).click()
      expect(problems).toEqual([])
    })
  })
}
