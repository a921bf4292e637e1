import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { docxOf } from '../src/main/testing/test-documents'
import { auditAtSizes } from './support/audit-sizes'
import { openScriptSignedIn } from './support/script-screen'

// A Word manuscript's italic and bold are marks, not markup: the editor shows no tag, the words
// are styled, the service is sent `<emphasis>`, and the marks survive save, reopen and a Markdown
// export imported again. The marks and their popover are audited (axe, layout) and captured at
// three sizes in light and dark.

const STORM = 'The wind rose at dusk, and by nightfall it was screaming through the rigging.'

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-marks-e2e-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The Word file of the manuscript import test (script-docx-import.png). */
async function lighthouseDocx(path: string): Promise<void> {
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
}

/** axe once and the layout check at each size, with a screenshot at each. */
function audit(app: AppHost, screen: string, theme: string): Promise<string[]> {
  return auditAtSizes(app, { name: screen, theme, shot: `script-marks-${screen}-${theme}` })
}

/** Every text the editor shows: the blocks' values and the workspace's visible words. */
async function editorTexts(app: AppHost): Promise<string> {
  const values = await app.page
    .locator('textarea.block__text')
    .evaluateAll((areas) => areas.map((a) => (a as unknown as { value: string }).value))
  const shown = await app.page.locator('section.script-workspace').innerText()
  return [...values, shown].join('\n')
}

/** Selects `[start, end)` of a block's text, as a person dragging over the words does. */
async function select(app: AppHost, block: number, start: number, end: number): Promise<void> {
  const area = app.page.getByLabel(`Text of block ${block + 1}`, { exact: true })
  await area.focus()
  await area.evaluate(
    (el, [from, to]) =>
      (el as unknown as { setSelectionRange(a: number, b: number): void }).setSelectionRange(
        from!,
        to!,
      ),
    [start, end],
  )
  // A key that moves the selection's end and one that moves it back: the editor hears of it.
  await area.press('Shift+ArrowLeft')
  await area.press('Shift+ArrowRight')
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`a Word file's emphasis is marks: styled, sent as <emphasis>, kept by save, reopen and Markdown (${theme})`, async ({
      app,
      sandbox,
    }) => {
      // A Word import on the planning thread, a save, a reopen, an export and an import again, and
      // the audits at three sizes: more than the default minute on a busy machine.
      test.setTimeout(180_000)
      const { page } = app
      const script = await openScriptSignedIn(app, sandbox)
      const docx = join(dir, 'The Lighthouse.docx')
      await lighthouseDocx(docx)
      await script.openFile(app, docx)
      await expect(script.blocks).toHaveCount(3)
      await expect(script.text(0)).toHaveValue(STORM)
      await expect(script.text(2)).toHaveValue('By morning the sea was still.')
      expect(await editorTexts(app)).not.toContain('<')

      // The emphasis is drawn as styling over the words, in another colour than plain text.
      const italic = script.block(0).locator('.mark--emphasis')
      await expect(italic).toHaveText(/screaming$/)
      await expect(script.block(2).locator('.mark--emphasis-strong')).toHaveText('still')
      const colourOf = (selector: string): Promise<string> =>
        script
          .block(0)
          .locator(selector)
          .first()
          .evaluate(
            (el) =>
              (
                globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }
              ).getComputedStyle(el).color,
          )
      const colours = [await colourOf('.block__mirror'), await colourOf('.mark--emphasis')]
      expect(colours[0]).not.toBe(colours[1])

      // Sent to the service as <emphasis>: a preview of the block.
      await page.getByRole('button', { name: 'Cast', exact: true }).click()
      await script.pickVoice('Default voice', 'George')
      await page.getByRole('button', { name: 'Cast', exact: true }).click()
      sandbox.clearRequestLog()
      await script.text(0).click()
      await page.keyboard.press('Control+Enter')
      await expect
        .poll(() =>
          sandbox.requestLog({ pathPrefix: '/v1/audio/stream' }).map((e) => e.body?.input),
        )
        .toContainEqual(
          '<speak>The wind rose at dusk, and by nightfall it was <emphasis level="moderate">screaming</emphasis> through the rigging.</speak>',
        )

      // An emotion from the popover (Ctrl+E) on the selected words, shown with its label.
      const start = STORM.indexOf('screaming')
      await select(app, 0, start, start + 'screaming through the rigging'.length)
      await expect(page.getByTestId('marks-bar-words')).toContainText('Emphasis: Moderate')
      await page.keyboard.press('Control+e')
      const popover = page.getByTestId('marks-popover')
      await expect(popover).toBeVisible()
      await popover.getByLabel('Emotion').selectOption('terrified')
      await expect(script.block(0).locator('.mark--emotion .mark-label')).toHaveText('Terrified')
      await expect(script.text(0)).toHaveValue(STORM)
      // Whole on screen at every size, under the import notice too (it flips above the text when
      // there is no room below); one Preview (axe checks every control is named).
      const problems = await auditAtSizes(app, {
        name: 'popover',
        theme,
        shot: `script-marks-popover-${theme}`,
        beforeSnap: async () => {
          await expect(popover).toBeInViewport({ ratio: 1 })
        },
      })
      // One bar above the script: while words are selected the marks bar stands where the import
      // notice was.
      await expect(page.getByTestId('marks-bar')).toBeVisible()
      await expect(page.getByTestId('import-notices')).toHaveCount(0)
      await expect(
        page.getByTestId('marks-bar').getByRole('button', { name: 'Preview selection' }),
      ).toHaveCount(0)
      await expect(popover.getByRole('button', { name: 'Preview selection' })).toHaveCount(1)
      // The focus stays in the popover: Tab from its last control comes back to its first, and
      // Shift+Tab from its first goes to its last.
      const inPopover = (): Promise<boolean> =>
        page.evaluate<boolean>(
          'document.querySelector(\'[data-testid="marks-popover"]\').contains(document.activeElement)',
        )
      await popover.getByRole('button', { name: 'Remove marks' }).focus()
      await page.keyboard.press('Tab')
      await expect(popover.getByRole('button', { name: 'Close' })).toBeFocused()
      await page.keyboard.press('Shift+Tab')
      await expect(popover.getByRole('button', { name: 'Remove marks' })).toBeFocused()
      for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab')
      expect(await inPopover()).toBe(true)
      // Escape closes it and gives the text back its focus.
      await page.keyboard.press('Escape')
      await expect(popover).toBeHidden()
      await expect(script.text(0)).toBeFocused()
      await page.keyboard.press('Control+e')
      await expect(popover).toBeVisible()
      await popover.getByRole('button', { name: 'Close' }).click()
      await expect(popover).toBeHidden()
      // Each Preview says what it previews: the toolbar's the block at the caret, the marks bar's
      // the selection (two buttons both called "Preview" side by side read as one doubled).
      await expect(
        page
          .getByTestId('marks-bar')
          .getByRole('button', { name: 'Preview selection', exact: true }),
      ).toBeVisible()
      await expect(
        page.getByTestId('marks-bar').getByRole('button', { name: 'Preview', exact: true }),
      ).toHaveCount(0)
      problems.push(...(await audit(app, 'styled', theme)))
      expect(problems).toEqual([])

      // Typing before the marks moves them with their words; undo and redo keep them.
      await script.text(0).press('Home')
      // One input event, so one undo step whatever the machine's speed (typed keys are grouped
      // into a step by how close together they come).
      await page.keyboard.insertText('Oh. ')
      await expect(italic).toHaveText(/screaming$/)
      await page.keyboard.press('Control+z')
      await expect(script.text(0)).toHaveValue(STORM)
      await expect(italic).toHaveText(/screaming$/)

      // Saved, closed and opened again: the same marks.
      const saved = join(dir, 'lighthouse.voicedesk')
      app.platform.answerNextSave(saved)
      await page.keyboard.press('Control+s')
      await expect(page.getByTestId('script-title')).toContainText('lighthouse.voicedesk — saved')
      const file = JSON.parse(await readFile(saved, 'utf8')) as { blocks: { marks?: unknown[] }[] }
      expect(file.blocks[0]!.marks).toHaveLength(2)
      await page.getByRole('button', { name: 'Close document' }).click()
      await script.openFile(app, saved)
      await expect(script.block(0).locator('.mark--emphasis')).toHaveText(/screaming$/)
      await expect(script.block(0).locator('.mark-label')).toHaveText('Terrified')

      // Exported as Markdown and imported again: the same words and marks, no tag.
      const markdown = join(dir, 'lighthouse.md')
      app.platform.answerNextSave(markdown)
      await app.menuCommand({ command: 'script:export' })
      await expect(page.getByTestId('script-exported')).toContainText('lighthouse.md')
      expect(await readFile(markdown, 'utf8')).toContain(
        'it was [*screaming* through the rigging]{emotion=terrified}.',
      )
      await page.getByRole('button', { name: 'Close document' }).click()
      await script.openFile(app, markdown)
      await expect(script.text(0)).toHaveValue(STORM)
      await expect(script.block(0).locator('.mark--emphasis')).toHaveText(/screaming$/)
      await expect(script.block(0).locator('.mark-label')).toHaveText('Terrified')
      await expect(script.block(2).locator('.mark--emphasis-strong')).toHaveText('still')
      expect(await editorTexts(app)).not.toContain('<')
    })
  })
}
