import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { docxOf, epubOf } from '../src/main/testing/test-documents'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { snap } from './support/screenshots'
import { ScriptScreen } from './support/script-screen'

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-manuscript-e2e-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('a Word manuscript opened through the dialog becomes chapters, with emphasis and a notice of what was left out', async ({
  app,
}) => {
  const path = join(dir, 'The Lighthouse.docx')
  await writeFile(
    path,
    await docxOf(
      [
        { style: 'Title', runs: ['The Lighthouse Keeper'] },
        { style: 'Heading1', runs: ['Chapter One: The Storm'] },
        {
          runs: [
            'The wind rose at dusk, and by nightfall it was ',
            { text: 'screaming', italic: true },
            ' through the rigging',
            { footnote: 1 },
            '.',
          ],
        },
        { runs: [{ image: 'A lighthouse in a storm' }] },
        { runs: ['Martha lit the lamp and climbed the hundred steps.'] },
        { style: 'Heading1', runs: ['Chapter Two: Morning'] },
        { runs: ['By morning the sea was ', { text: 'still', bold: true }, '.'] },
      ],
      { 1: 'The old rigging of the lamp room, not a ship.' },
    ),
  )
  const script = new ScriptScreen(app.page)
  await script.open()
  await script.openFile(app, path)

  await expect(script.blocks).toHaveCount(3)
  await expect(app.page.getByTestId('script-title')).toContainText(
    'The Lighthouse Keeper — unsaved changes',
  )
  await expect(app.page.locator('.block__chapter')).toHaveText([
    'Chapter One: The Storm',
    'Chapter Two: Morning',
  ])
  // Italic and bold are emphasis marks drawn over the words, never tags in the text.
  await expect(script.text(0)).toHaveValue(
    'The wind rose at dusk, and by nightfall it was screaming through the rigging.',
  )
  await expect(script.block(0).locator('.mark--emphasis-moderate')).toHaveText('screaming')
  await expect(script.text(1)).toHaveValue('Martha lit the lamp and climbed the hundred steps.')
  await expect(script.text(2)).toHaveValue('By morning the sea was still.')
  await expect(script.block(2).locator('.mark--emphasis-strong')).toHaveText('still')
  const notices = app.page.getByTestId('import-notices')
  await expect(notices).toContainText('1 picture was skipped: VoiceDesk narrates text only.')
  await expect(notices).toContainText('1 note (a footnote or endnote) was left out.')
  await snap(app, 'script-docx-import')

  await notices.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notices).toHaveCount(0)
})

test('an EPUB dropped on the workspace follows its spine and contents, and reads its notes when asked', async ({
  app,
}) => {
  const book = await epubOf({
    title: 'Tides',
    chapters: [
      {
        href: 'text/02.xhtml',
        body: '<h1>2</h1><p>The tide turned at noon.</p>',
      },
      {
        href: 'text/01.xhtml',
        body: '<h1>1</h1><p>The boats went out at dawn<a epub:type="noteref" href="#n1">*</a>.</p><aside epub:type="footnote" id="n1"><p>Six boats, by the harbour log.</p></aside>',
      },
    ],
    spine: ['text/01.xhtml', 'text/02.xhtml'],
    nav: [
      ['text/01.xhtml', 'Dawn'],
      ['text/02.xhtml', 'Noon'],
    ],
  })
  const script = new ScriptScreen(app.page)
  await script.open()
  await app.page
    .getByLabel('Read footnotes and endnotes aloud when importing a book or document')
    .check()
  const workspace = app.page.locator('section.script-workspace')
  // A real drop: a DataTransfer holding the book's bytes as a File.
  const dataTransfer = await app.page.evaluateHandle((base64) => {
    const w = globalThis as unknown as {
      DataTransfer: new () => { items: { add(file: unknown): void } }
      File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown
      atob(data: string): string
    }
    const binary = w.atob(base64)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    const transfer = new w.DataTransfer()
    transfer.items.add(new w.File([bytes], 'tides.epub', { type: 'application/epub+zip' }))
    return transfer
  }, book.toString('base64'))
  await workspace.dispatchEvent('dragenter', { dataTransfer })
  await workspace.dispatchEvent('dragover', { dataTransfer })
  await workspace.dispatchEvent('drop', { dataTransfer })

  await expect(script.blocks).toHaveCount(3)
  await expect(app.page.getByTestId('script-title')).toContainText('Tides — unsaved changes')
  await expect(app.page.locator('.block__chapter')).toHaveText(['Dawn', 'Noon'])
  await expect(script.text(0)).toHaveValue('The boats went out at dawn.')
  await expect(script.text(1)).toHaveValue('Six boats, by the harbour log.')
  await expect(script.text(2)).toHaveValue('The tide turned at noon.')
  await expect(app.page.getByTestId('import-notices')).toHaveCount(0)
  await snap(app, 'script-epub-drop')
})

test('a DRM-protected EPUB is refused with a message that says what to do', async ({ app }) => {
  const path = join(dir, 'bought.epub')
  await writeFile(
    path,
    await epubOf({
      chapters: [{ href: 'a.xhtml', body: '<p>Encrypted text.</p>' }],
      encryption:
        '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><enc:CipherData><enc:CipherReference URI="OEBPS/a.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>',
    }),
  )
  const script = new ScriptScreen(app.page)
  await script.open()
  app.platform.answerNextOpen([path])
  await app.page.getByRole('button', { name: 'Open or import…' }).click()
  await expect(app.page.getByTestId('script-file-error')).toContainText(
    'VoiceDesk cannot open this file',
  )
  await expect(app.page.getByTestId('script-file-error')).toContainText(
    'bought.epub is protected by DRM: its text is encrypted, so VoiceDesk cannot read it. Use a DRM-free copy',
  )
  await expect(app.page.getByTestId('script-empty')).toBeVisible()
  await snap(app, 'script-epub-drm')
  // The error has its own way forward: Open another file… opens the open dialog, and a readable
  // file chosen there opens (the error goes).
  const another = app.page
    .getByTestId('script-file-error')
    .getByRole('button', { name: 'Open another file…' })
  await expect(another).toBeVisible()
  const problems: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme })
    problems.push(
      ...(await auditAtSizes(app, {
        name: 'epub drm',
        theme: scheme,
        shot: `script-epub-drm-${scheme}`,
      })),
    )
  }
  expect(problems).toEqual([])
  const good = join(dir, 'free.md')
  await writeFile(good, 'A DRM-free copy of the book.\n')
  app.platform.answerNextOpen([good])
  await another.click()
  await expect(script.blocks).toHaveCount(1)
  await expect(script.text(0)).toHaveValue('A DRM-free copy of the book.')
  await expect(app.page.getByTestId('script-file-error')).toHaveCount(0)
})
