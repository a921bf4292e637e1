import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { epubOf } from '../src/main/testing/test-documents'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { ScriptScreen } from './support/script-screen'

// A long EPUB chosen through Open: the dialog shows the reading from the start (the table of
// contents, then "Reading section n of 9,000" with a bar whose number rises), and Cancel leaves
// the script that was open exactly as it was. The book is made here, not kept in the repository.
// The progress state audited at three sizes, light and dark.

/** The book is read on the planning thread, slow on a machine this busy: waits on the reading. */
const READING = { timeout: 120_000 }
const SECTIONS = 9000

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-epub-e2e-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The sentence each paragraph repeats, each word in its own span, as converted books often are. */
const WORDS = 'the tide came in over the grey stones of the harbour wall and went out again,'
  .split(' ')
  .map((word) => `<span>${word}</span> `)
  .join('')

/**
 * A book of `count` short sections of a few paragraphs each, with a table of contents. Why a span
 * per word: the reading must outlast the audit at three sizes. Plain paragraphs were read in about
 * 15 s on a quiet machine, barely longer than the audit; an EPUB may hold at most 10,000 files and
 * a script at most 20 M characters, so the book is made slower to read by its markup instead (about
 * five times, at the same text).
 */
async function longBook(count: number): Promise<Buffer> {
  const paragraph = (n: number, k: number): string =>
    `<p>Paragraph ${k} of section ${n}: ${WORDS.repeat(5)}</p>`
  const chapters = Array.from({ length: count }, (_, i) => ({
    href: `text/s${i + 1}.xhtml`,
    body: `<h2>Section ${i + 1}</h2>${paragraph(i + 1, 1)}${paragraph(i + 1, 2)}${paragraph(i + 1, 3)}${paragraph(i + 1, 4)}`,
  }))
  return epubOf({
    title: 'The Long Tide',
    chapters,
    nav: chapters.map((c, i) => [c.href, `Section ${i + 1}`] as const),
  })
}

/** The section the dialog says it is reading, or null while it reads the table of contents. */
async function sectionRead(progress: Locator): Promise<number | null> {
  const words = (await progress.textContent()) ?? ''
  const match = /^Reading section ([\d,]+) of 9,000/.exec(words)
  return match ? Number(match[1]!.replace(/,/g, '')) : null
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })
    test(`a long EPUB opened shows its reading from the start, rising, and Cancel leaves the script as it was (${theme})`, async ({
      app,
    }) => {
      test.setTimeout(300_000)
      const { page } = app
      const script = new ScriptScreen(page)
      await script.open()
      const before = join(dir, 'notes.txt')
      await writeFile(before, 'The first line stays.\n\nSo does the second.\n')
      await script.openFile(app, before)
      await expect(script.blocks).toHaveCount(2)
      // Saved, so opening another file replaces it without asking first.
      app.platform.answerNextSave(join(dir, 'notes.voicedesk'))
      await page.keyboard.press('Control+s')
      await expect(page.getByTestId('script-title')).not.toContainText('unsaved changes')

      const path = join(dir, 'long-tide.epub')
      await writeFile(path, await longBook(SECTIONS))
      app.platform.answerNextOpen([path])
      await page.getByRole('button', { name: 'Open…', exact: true }).click()

      const dialog = page.getByTestId('import-progress-dialog')
      const progress = dialog.getByTestId('import-progress')
      await expect(dialog.getByRole('heading', { name: 'Opening the book' })).toBeVisible(READING)
      // The sections are counted as they are read, with a bar that says the same.
      await expect(progress).toHaveText(/^Reading section [\d,]+ of 9,000/, READING)
      const first = (await sectionRead(progress))!
      const bar = dialog.getByRole('progressbar', { name: 'Reading progress' })
      await expect(bar).toHaveAttribute('max', String(SECTIONS))
      expect(Number(await bar.getAttribute('value'))).toBeGreaterThanOrEqual(first)
      const problems = await auditAtSizes(app, {
        name: 'reading',
        theme,
        shot: `script-epub-reading-${theme}`,
      })
      // The number has risen meanwhile: the reading goes on while the dialog is shown.
      await expect.poll(() => sectionRead(progress), READING).toBeGreaterThan(first)
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(dialog).toBeHidden()
      // Nothing imported: the script open before is there as it was, and no error is shown.
      await expect(script.blocks).toHaveCount(2)
      await expect(script.text(0)).toHaveValue('The first line stays.')
      await expect(script.text(1)).toHaveValue('So does the second.')
      await expect(page.getByRole('alert')).toHaveCount(0)
      expect(problems).toEqual([])
    })
  })
}
