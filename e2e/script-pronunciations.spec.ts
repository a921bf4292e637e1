import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DomUtils, parseDocument } from 'htmlparser2'
import type { Locator } from '@playwright/test'
import { createProject } from '../src/shared/domain/script'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { openScriptSignedIn } from './support/script-screen'

// The Pronunciations panel and the pauses of Project settings, as a narrator meets them: a PLS
// file imported into the dictionary all projects share, the project's own word winning, an
// export read back with an XML parser, a move between the two lists, a hostile file refused with
// nothing changed, and the default pauses in seconds with a spoken preview. Each state passes axe
// and the layout check at three sizes and is photographed in both themes.

const PLS_NS = 'http://www.w3.org/2005/01/pronunciation-lexicon'
let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-pronunciations-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function projectFile(): Promise<string> {
  const path = join(dir, 'harbour.voicedesk')
  const project = createProject({
    title: 'The Harbour',
    defaults: { voiceId: 'olivia' },
    lexicon: [{ term: 'SQL', alias: 'sequel' }],
    blocks: [
      { id: 'b1', text: 'The SQL report reached NASA by noon.', chapter: 'One' },
      { id: 'b2', text: 'Nobody at the harbour read it.', chapter: 'One' },
    ],
  })
  await writeFile(path, JSON.stringify(project))
  return path
}

/** axe once and the layout check at each size, with a screenshot at each. */
function audit(app: AppHost, name: string, theme: string): Promise<string[]> {
  return auditAtSizes(app, { name: name, theme, shot: `pronunciations-${name}-${theme}` })
}

function visibleText(within: Locator): Promise<string> {
  return within.evaluate((el) => (el as unknown as { innerText: string }).innerText)
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`pronunciations: a PLS shared by all projects, the project's word winning, export and move (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(180_000)
      const script = await openScriptSignedIn(app, sandbox)
      await script.openFile(app, await projectFile())
      await script.toolbarCommand('Pronunciations')
      const panel = app.page.getByRole('region', { name: 'Pronunciations' })
      const mine = panel.getByTestId('lexicon-project')
      const shared = panel.getByTestId('lexicon-user')
      await expect(mine.locator('li')).toHaveText([/SQL → sequel/])
      await expect(shared).toContainText('Words here are said the same way in every project')
      let problems = await audit(app, 'panel', theme)

      // A PLS file for all projects: its phoneme-only word is skipped and said so.
      const pls = join(dir, 'team.pls')
      await writeFile(
        pls,
        `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="${PLS_NS}" alphabet="ipa" xml:lang="en-US">
  <lexeme><grapheme>NASA</grapheme><alias>nassa</alias></lexeme>
  <lexeme><grapheme>SQL</grapheme><alias>S Q L</alias></lexeme>
  <lexeme><grapheme>tomato</grapheme><phoneme>təˈmɑːtoʊ</phoneme></lexeme>
</lexicon>
`,
      )
      app.platform.answerNextOpen([pls])
      await shared.getByRole('button', { name: 'Import into all my projects' }).click()
      const done = panel.getByTestId('lexicon-done')
      await expect(done).toContainText('Imported “team.pls”')
      await expect(done).toContainText(
        'Added 2 pronunciations to all my projects. 1 word was skipped (such as “tomato”)',
      )
      await expect(shared.locator('li')).toHaveText([/NASA → nassa/, /SQL → S Q L/])
      // Where the project says a word its own way, the shared entry says so.
      await expect(shared.locator('li').nth(1)).toContainText('This project says it differently')
      expect(await visibleText(panel)).not.toMatch(/grapheme|lexeme|phoneme/i)
      problems.push(...(await audit(app, 'imported', theme)))

      // Export this project's words as PLS: read back with an XML parser.
      const out = join(dir, 'harbour.pls')
      app.platform.answerNextSave(out)
      await mine.getByRole('button', { name: 'Export this project' }).click()
      await expect(done).toContainText('Saved 1 pronunciation to “harbour.pls”')
      const doc = parseDocument(await readFile(out, 'utf8'), { xmlMode: true })
      const root = DomUtils.getElementsByTagName('lexicon', doc, true)[0]
      expect(root?.attribs.xmlns).toBe(PLS_NS)
      const lexemes = DomUtils.getElementsByTagName('lexeme', doc, true).map((l) =>
        ['grapheme', 'alias'].map((t) =>
          DomUtils.textContent(DomUtils.getElementsByTagName(t, l, true)[0]!),
        ),
      )
      expect(lexemes).toEqual([['SQL', 'sequel']])

      // Move NASA into this project only.
      await shared.getByRole('button', { name: 'Move NASA to this project only' }).click()
      await expect(mine.locator('li')).toHaveText([/SQL → sequel/, /NASA → nassa/])
      await expect(shared.locator('li')).toHaveText([/SQL → S Q L/])

      // A hostile file: refused by name, nothing changed.
      const bomb = join(dir, 'bomb.pls')
      await writeFile(
        bomb,
        `<?xml version="1.0"?>\n<!DOCTYPE lexicon [<!ENTITY a "NASA NASA NASA">]>\n<lexicon xmlns="${PLS_NS}"><lexeme><grapheme>x</grapheme><alias>&a;</alias></lexeme></lexicon>`,
      )
      app.platform.answerNextOpen([bomb])
      await shared.getByRole('button', { name: 'Import into all my projects' }).click()
      const error = panel.getByTestId('lexicon-error')
      // In plain words; the technical reason (the DOCTYPE) only behind Details.
      await expect(error.getByTestId('error-message')).toContainText(
        "“bomb.pls” can't be used safely (line 2). Nothing was changed. Export it again from the tool that made it",
      )
      await expect(error.getByTestId('error-message')).not.toContainText('DOCTYPE')
      await expect(error.getByTestId('error-reason')).toBeHidden()
      await expect(shared.locator('li')).toHaveText([/SQL → S Q L/])
      problems.push(...(await audit(app, 'refused', theme)))

      // The render sends the project's alias for SQL and NASA's from the project now. From the
      // block's More menu: with the panel open the editor is narrow, and its rail keeps only More.
      sandbox.clearRequestLog()
      await script.blockMenu(0, 'Preview')
      await expect
        .poll(() => sandbox.requestLog({ pathPrefix: '/v1/audio/stream' }).length, {
          timeout: 30_000,
        })
        .toBeGreaterThan(0)
      const input = String(sandbox.requestLog({ pathPrefix: '/v1/audio/stream' })[0]!.body?.input)
      expect(input).toContain('<sub alias="sequel">SQL</sub>')
      expect(input).toContain('<sub alias="nassa">NASA</sub>')
      problems = problems.filter(Boolean)
      expect(problems).toEqual([])
    })

    test(`project settings: default pauses in seconds with a spoken preview (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(180_000)
      const script = await openScriptSignedIn(app, sandbox)
      await script.openFile(app, await projectFile())
      await script.toolbarCommand('Project settings…')
      const settings = app.page.getByRole('dialog', { name: 'Project settings' })
      await expect(settings.getByLabel('Between paragraphs')).toHaveValue('0.7')
      // Until set, the heading pause is the paragraph pause and the speaker pause the block pause.
      await expect(settings.getByLabel('After headings')).toHaveValue('0.7')
      await expect(settings.getByLabel('Between speakers')).toHaveValue('0.3')
      await settings.getByLabel('After headings').fill('2')
      await settings.getByLabel('After headings').press('Enter')
      await settings.getByLabel('Between paragraphs').fill('1.25')
      await settings.getByLabel('Between paragraphs').press('Enter')
      expect(await visibleText(settings)).not.toMatch(/\bms\b/)
      sandbox.clearRequestLog()
      await settings.getByRole('button', { name: 'Preview', exact: true }).click()
      await expect
        .poll(() => sandbox.requestLog({ pathPrefix: '/v1/audio/stream' }).length, {
          timeout: 30_000,
        })
        .toBe(1)
      const input = String(sandbox.requestLog({ pathPrefix: '/v1/audio/stream' })[0]!.body?.input)
      expect(input).toContain('<break time="1250ms"/>')
      expect(input).toContain('<break time="2000ms"/>')
      await expect(settings.getByTestId('pause-preview-error')).toHaveCount(0)
      const problems = await audit(app, 'pauses', theme)
      await settings.getByRole('button', { name: 'Done' }).click()

      // A block's own pause is in seconds too.
      const pause = script.block(0).getByLabel('Pause after block 1, in seconds')
      await script.text(0).click()
      await pause.fill('1.5')
      await expect(pause).toHaveValue('1.5')
      await expect(script.block(0)).toContainText('sec')
      expect(await visibleText(script.block(0))).not.toMatch(/\bms\b/)
      expect(problems).toEqual([])
    })
  })
}
