import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { probeAudio } from '../src/main/testing/test-audio'
import { expect, test } from './fixtures/test'
import { LAYOUT_SIZES, layoutProblems } from './support/layout-check'
import { snap } from './support/screenshots'
import { openScriptSignedIn } from './support/script-screen'
import { accessibilityProblems } from './support/axe'

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-script-player-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const SCRIPT = [
  '# The Lamp',
  '',
  'The keeper climbed the narrow stairs at dusk, trimmed the wick, and lit the great lamp before the storm came in from the west.',
  '',
  '# The Sea',
  '',
  'Below the tower the sea was calm and grey, and one by one the fishing boats came home to the harbour with their lanterns swinging.',
  '',
].join('\n')

/** Axe in light and dark, the layout check and a screenshot at each size, for one screen state. */
async function auditScreen(page: Page, name: string, app: Parameters<typeof snap>[0]) {
  const problems: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    problems.push(...(await accessibilityProblems(page)).map((p) => `${name} ${scheme}: ${p}`))
    for (const size of LAYOUT_SIZES) {
      await page.setViewportSize(size)
      await page.evaluate(
        'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
      )
      const layout = await layoutProblems(page)
      problems.push(
        ...layout.problems.map((p) => `${name} ${scheme} ${size.width}x${size.height}: ${p}`),
      )
      await snap(app, `${name}-${scheme}-${size.width}x${size.height}`)
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(LAYOUT_SIZES[1])
  return problems
}

/**
 * The player's row, in light and dark at each size: every control on it (Play, the steps, the
 * chapter picker, Show in script) as tall as the others. One line per size where they differ.
 */
async function unevenPlayerRow(page: Page, player: Locator): Promise<string[]> {
  const uneven: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const size of LAYOUT_SIZES) {
      await page.setViewportSize(size)
      // Read at each size: a narrow player folds Show in folder and Details into More.
      const controls = [
        ...(await player.getByRole('button').all()),
        player.getByRole('combobox', { name: 'Go to chapter' }),
      ]
      const heights = await Promise.all(controls.map(async (c) => (await c.boundingBox())?.height))
      if (new Set(heights).size !== 1)
        uneven.push(`${scheme} ${size.width}x${size.height}: ${heights.join(', ')} px`)
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(LAYOUT_SIZES[1])
  return uneven
}

test('a finished render is a short summary with details, plays in the app, and project settings change the render', async ({
  app,
  sandbox,
}) => {
  test.setTimeout(240_000)
  const { page } = app
  const script = await openScriptSignedIn(app, sandbox)
  const source = join(dir, 'lamp.md')
  await writeFile(source, SCRIPT)
  app.platform.answerNextOpen([source])
  await page.getByRole('button', { name: 'Open or import…' }).click()
  await expect(script.blocks).toHaveCount(2)
  await page.getByRole('button', { name: 'Cast', exact: true }).click()
  await script.pickVoice('Default voice', 'Olivia')

  // First render with the project's default pauses.
  const out = join(dir, 'lamp.wav')
  await script.startRender(app, out, 'wav')
  const finished = page.getByTestId('render-finished')
  await expect(finished).toBeVisible({ timeout: 60_000 })
  const before = (await probeAudio(out)).duration

  // The summary in plain words; the figures and the script check are in a dialog.
  await expect(finished).toContainText(
    /lamp\.wav is ready: 0:\d\d long\. This render used [\d,]+ characters/,
  )
  await expect(finished.getByTestId('render-summary-notes')).toHaveText(
    'The audio says what the script says.',
  )
  await expect(page.getByTestId('render-report')).toBeHidden()
  const detailsButton = finished.getByRole('button', { name: 'Details…' })
  await detailsButton.click()
  const details = page.getByRole('dialog', { name: 'About lamp.wav' })
  await expect(details).toBeVisible()
  await expect(details.getByTestId('render-report')).toHaveText(
    'The audio says what the script says.',
  )
  // Where the file is, in full, only here behind Details; and what the service billed.
  await details.getByRole('button', { name: 'Where it is and how it was made' }).click()
  await expect(details.getByTestId('render-figures')).toContainText(/Saved as .*lamp\.wav/)
  await expect(details.getByTestId('render-figures')).toContainText(/Billed: [\d,]+ characters/)
  await snap(app, 'render-details-dialog')
  await page.keyboard.press('Escape')
  await expect(details).toBeHidden()
  await expect(detailsButton).toBeFocused()

  // Play in the app: a waveform, chapter marks, and the word being heard.
  await finished.getByRole('button', { name: 'Play', exact: true }).click()
  const player = page.getByTestId('render-player')
  await expect(player).toHaveAttribute('data-ready', 'true', { timeout: 30_000 })
  const chapter = player.getByLabel('Go to chapter')
  await expect(chapter.locator('option')).toHaveText(['The Lamp', 'The Sea'])
  const position = (): Promise<number> =>
    player.getAttribute('data-position').then((value) => Number(value))
  const wave = player.getByRole('slider', { name: 'Position' })
  await wave.focus()
  await expect(wave).toBeFocused()
  // Space plays: the position moves on by itself, and the heard word is marked.
  await page.keyboard.press('Space')
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible()
  await expect.poll(position, { timeout: 15_000 }).toBeGreaterThan(0.3)
  await expect(player.getByTestId('player-words').locator('[data-current="true"]')).toHaveCount(1, {
    timeout: 15_000,
  })
  await snap(app, 'render-player-playing')
  await page.keyboard.press('Space')
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  // The arrows seek by 5 s, Home goes back to the start.
  await page.keyboard.press('Home')
  await expect.poll(position).toBe(0)
  await page.keyboard.press('ArrowRight')
  expect(before).toBeGreaterThan(6)
  await expect.poll(position).toBeCloseTo(5, 1)
  await expect(wave).toHaveAttribute('aria-valuenow', '5')
  // The second chapter starts after the first paragraph and its pause.
  await chapter.selectOption({ label: 'The Sea' })
  await expect.poll(position).toBeGreaterThan(2)
  await expect(chapter).toHaveValue('1')
  // "Show in script" selects the word in the editor.
  await player.getByRole('button', { name: 'Show in script' }).click()

  expect(await auditScreen(page, 'render-player', app)).toEqual([])
  expect(await unevenPlayerRow(page, player)).toEqual([])

  // Project settings: a longer pause between paragraphs, undoable, reaches the next render.
  await script.toolbarCommand('Project settings…')
  const settings = page.getByRole('dialog', { name: 'Project settings' })
  await expect(settings).toBeVisible()
  const paragraphs = settings.getByLabel('Between paragraphs')
  // Pauses in seconds; the loudness by what the file is for: no ms, no LUFS in plain view.
  await expect(paragraphs).toHaveValue('0.7')
  await paragraphs.fill('abc')
  await expect(settings.getByRole('alert')).toHaveText('Type a number of seconds, like 0.5.')
  await paragraphs.fill('90')
  await expect(settings.getByRole('alert')).toHaveText('Choose between 0 and 60 seconds.')
  await paragraphs.fill('3.7')
  await paragraphs.press('Enter')
  await expect(settings.getByRole('alert')).toHaveCount(0)
  await settings.getByLabel('Level of the finished file').selectOption('target')
  await expect(settings.getByLabel('Loudness for')).toHaveValue('-16')
  await expect(settings.getByLabel('Loudness for').locator('option:checked')).toHaveText(
    'Podcasts and spoken word online',
  )
  const plain = await settings.evaluate((el) => (el as unknown as { innerText: string }).innerText)
  expect(plain).not.toMatch(/\bms\b|LUFS/)
  await expect(settings.getByLabel('Target loudness')).toBeHidden()
  await settings.getByRole('button', { name: 'Exact level', expanded: false }).click()
  await expect(settings.getByLabel('Target loudness')).toHaveValue('-16')
  expect(await auditScreen(page, 'project-settings', app)).toEqual([])
  await settings.getByRole('button', { name: 'Done' }).click()
  await expect(settings).toBeHidden()
  // Undo takes the loudness change back, and only that.
  await page.getByRole('heading', { level: 1, name: 'Script' }).click()
  await page.keyboard.press('Control+z')
  await script.toolbarCommand('Project settings…')
  await expect(settings.getByLabel('Level of the finished file')).toHaveValue('service')
  await expect(settings.getByLabel('Between paragraphs')).toHaveValue('3.7')
  await settings.getByRole('button', { name: 'Done' }).click()

  // Put away, the summary comes back only for the new render.
  await finished.getByRole('button', { name: 'Dismiss the render summary' }).click()
  await expect(finished).toHaveCount(0)
  await script.startRender(app, out, 'wav')
  await expect(finished).toBeVisible({ timeout: 60_000 })
  const after = (await probeAudio(out)).duration
  // One paragraph break between the two chapters: 3 s longer, to the millisecond of the WAV.
  expect(after - before).toBeCloseTo(3, 2)
})
