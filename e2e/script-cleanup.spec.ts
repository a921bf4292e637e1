import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { ScriptScreen } from './support/script-screen'

// Edit > Clean Up Text… on an imported manuscript: it lists what each rule would change before
// anything changes, takes the user's own rule with a test field, and applies every change as one
// undoable edit. Audited at three sizes, light and dark.

const MANUSCRIPT = `# THE FLOOD

Rivers rise in spring [12]. See https://example.org/floods.html for more!!!

Dr. Lee measured it [3-5], twice.

Nothing to change here.
`

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-cleanup-e2e-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** axe once and the layout check at each size, with a screenshot at each. */
function audit(app: AppHost, name: string, theme: string): Promise<string[]> {
  return auditAtSizes(app, { name: name, theme, shot: `script-cleanup-${name}-${theme}` })
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`Clean Up Text previews each rule, takes the user's rule, and applies as one undo (${theme})`, async ({
      app,
    }) => {
      test.setTimeout(180_000)
      const { page } = app
      const problems: string[] = []
      const script = new ScriptScreen(page)
      await script.open()
      const file = join(dir, 'flood.md')
      await writeFile(file, MANUSCRIPT)
      await script.openFile(app, file)
      await expect(script.blocks).toHaveCount(3)

      await app.menuCommand({ command: 'script:cleanup' })
      const dialog = page.getByTestId('cleanup-dialog')
      await expect(dialog.getByRole('heading', { name: 'Clean up text' })).toBeVisible()
      const summary = dialog.getByTestId('cleanup-summary')
      // [12], [3-5], the address read as "link", "!!!": 5 + 6 + 27 + 2 characters fewer; and the
      // chapter's name in capitals, on each of its three blocks.
      await expect(summary).toHaveText('5 changes in 3 blocks · 40 characters fewer to pay for')
      await expect(dialog.getByRole('checkbox', { name: /Bracketed citations/ })).toBeChecked()
      await expect(dialog.getByText('2 found')).toBeVisible()
      await dialog.getByText(/^Bracketed citations such as \[12\] or \[3-5\]: 2 changes/).click()
      const first = dialog.locator('.cleanup__change').first()
      await expect(first).toContainText('Rivers rise in spring')
      await expect(first.locator('del')).toHaveText('removed:  [12]')
      problems.push(...(await audit(app, 'preview', theme)))

      // The user's own rule, tried on a sentence first; a broken pattern is named beside it.
      await dialog.getByRole('button', { name: 'Add a rule' }).click()
      await dialog.getByLabel('Rule 1: find').fill('Dr.')
      await dialog.getByLabel('Rule 1: replace with').fill('Doctor')
      await dialog.getByLabel('Try your rules on a sentence').fill('Dr. Who [4]')
      await expect(dialog.getByTestId('cleanup-try-result')).toHaveText('Read as: Doctor Who')
      await expect(summary).toHaveText('6 changes in 3 blocks · 37 characters fewer to pay for')
      // Patterns are behind Advanced, out of a narrator's way until asked for.
      await expect(dialog.getByRole('checkbox', { name: 'Pattern', exact: true })).toBeHidden()
      await dialog.getByRole('checkbox', { name: 'Advanced: patterns and case' }).check()
      await dialog.getByRole('checkbox', { name: 'Pattern', exact: true }).check()
      await dialog.getByLabel('Rule 1: find').fill('Dr(')
      await expect(dialog.getByRole('alert')).toContainText(
        'The pattern “Dr(” has an opening bracket “(” that is never closed.',
      )
      // Nothing is applied while a rule cannot run: the footer says which one.
      await expect(summary).toHaveText('Rule 1 cannot run yet: fix it or remove it to apply.')
      // The button does not promise the changes the broken rule stops.
      await expect(dialog.getByRole('button', { name: 'Fix rule 1 to apply' })).toBeDisabled()
      problems.push(...(await audit(app, 'own-rule', theme)))
      await dialog.getByLabel('Rule 1: find').fill('Dr\\.')

      // Undo beside a rule's changes takes them out of the preview: the rule is turned off.
      await expect(summary).toHaveText('6 changes in 3 blocks · 37 characters fewer to pay for')
      await dialog.getByRole('button', { name: /^Undo 1 change of “Repeated punctuation/ }).click()
      await expect(summary).toHaveText('5 changes in 3 blocks · 35 characters fewer to pay for')
      await expect(dialog.getByRole('checkbox', { name: /Repeated punctuation/ })).not.toBeChecked()
      // Kept as a named set every project can choose.
      const sets = dialog.getByTestId('cleanup-sets')
      await sets.getByLabel('Save these rules as').fill('My novels')
      await sets.getByRole('button', { name: 'Save set' }).click()
      await expect(sets.getByRole('status')).toHaveText(
        'Saved as “My novels”: every project can use it.',
      )
      await expect(sets.getByLabel('Use a set')).toHaveValue('My novels')
      await sets.scrollIntoViewIfNeeded()
      problems.push(...(await audit(app, 'rule-sets', theme)))
      await dialog.getByRole('button', { name: 'Apply 5 changes' }).click()
      await expect(dialog).toBeHidden()
      await expect(script.text(0)).toHaveValue('Rivers rise in spring. See link for more!!!')
      await expect(script.text(1)).toHaveValue('Doctor Lee measured it, twice.')
      await expect(script.text(2)).toHaveValue('Nothing to change here.')
      await expect(page.getByText('The flood', { exact: true }).first()).toBeVisible()

      // One undo takes every change back.
      await app.menuCommand({ command: 'edit:undo' })
      await expect(script.text(0)).toHaveValue(
        'Rivers rise in spring [12]. See https://example.org/floods.html for more!!!',
      )
      await expect(script.text(1)).toHaveValue('Dr. Lee measured it [3-5], twice.')

      // The rules applied are there the next time, for this script or another.
      await app.menuCommand({ command: 'script:cleanup' })
      await expect(dialog.getByLabel('Rule 1: find')).toHaveValue('Dr\\.')
      await expect(dialog.getByRole('checkbox', { name: /Repeated punctuation/ })).not.toBeChecked()
      await expect(summary).toHaveText('5 changes in 3 blocks · 35 characters fewer to pay for')
      // Choosing the named set brings its rules back after they were changed here.
      await dialog.getByRole('checkbox', { name: /Repeated punctuation/ }).check()
      await dialog.getByLabel('Rule 1: find').fill('Lee')
      await sets.getByLabel('Use a set').selectOption('My novels')
      await expect(dialog.getByLabel('Rule 1: find')).toHaveValue('Dr\\.')
      await expect(dialog.getByRole('checkbox', { name: /Repeated punctuation/ })).not.toBeChecked()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(dialog).toBeHidden()
      expect(problems).toEqual([])
    })
  })
}
