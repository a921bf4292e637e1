import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { probeAudio } from '../src/main/testing/test-audio'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { openScriptSignedIn } from './support/script-screen'

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-long-player-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Short paragraphs in three chapters: with a minute between paragraphs, a book over 20 minutes. */
const PARAGRAPHS = 26
const SCRIPT = Array.from({ length: PARAGRAPHS }, (_, i) => {
  const heading = i % 9 === 0 ? `# Part ${i / 9 + 1}\n\n` : ''
  return `${heading}The tide turned at bell ${i + 1}, and the harbour lights came on.\n`
}).join('\n')

/**
 * The height in pixels of what the waveform canvas draws, column by column (wavesurfer's canvases
 * are in its shadow root; Playwright's evaluate runs this in the page).
 */
const COLUMN_HEIGHTS = `(() => {
  const host = document.querySelector('[data-testid="render-player"] .render-player__canvas > div')
  const canvases = [...host.shadowRoot.querySelectorAll('.canvases canvas')]
  const heights = []
  for (const canvas of canvases) {
    const { width, height } = canvas
    const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data
    for (let x = 0; x < width; x += 1) {
      let drawn = 0
      for (let y = 0; y < height; y += 1) if (pixels[(y * width + x) * 4 + 3] > 0) drawn += 1
      heights.push(drawn)
    }
  }
  return heights
})()`

test('a long M4B audiobook shows its real waveform, measured slice by slice in the window', async ({
  app,
  sandbox,
}) => {
  test.setTimeout(300_000)
  const { page } = app
  const script = await openScriptSignedIn(app, sandbox)
  const source = join(dir, 'harbour.md')
  await writeFile(source, SCRIPT)
  await script.openFile(app, source)
  await page.getByRole('button', { name: 'Cast', exact: true }).click()
  await script.pickVoice('Default voice', 'Olivia')
  await script.toolbarCommand('Project settings…')
  const settings = page.getByRole('dialog', { name: 'Project settings' })
  await settings.getByLabel('Between paragraphs').fill('60')
  await settings.getByLabel('Between paragraphs').press('Enter')
  await settings.getByRole('button', { name: 'Done' }).click()

  const out = join(dir, 'harbour.m4b')
  await script.startRender(app, out, 'm4b')
  const finished = page.getByTestId('render-finished')
  await expect(finished).toBeVisible({ timeout: 120_000 })
  // Past the 20 minutes the window would decode whole: the case that drew a flat line.
  expect((await probeAudio(out)).duration).toBeGreaterThan(21 * 60)

  await finished.getByRole('button', { name: 'Play', exact: true }).click()
  const player = page.getByTestId('render-player')
  await expect(player).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
  const canvas = player.locator('.render-player__canvas')
  await expect(canvas).not.toHaveAttribute('aria-busy', 'true', { timeout: 60_000 })
  await expect(player.getByRole('status')).toHaveCount(0)
  await expect(player.getByTestId('render-player-error')).toHaveCount(0)

  // Speech for a few seconds, then a minute of silence, 26 times: tall bars between empty ones.
  const heights = await page.evaluate<number[]>(COLUMN_HEIGHTS)
  const tallest = Math.max(...heights)
  expect(tallest).toBeGreaterThan(20)
  const tall = heights.filter((h) => h >= tallest / 2).length
  const low = heights.filter((h) => h <= tallest / 10).length
  expect(tall).toBeGreaterThan(10)
  expect(low).toBeGreaterThan(heights.length / 2)

  // Hidden and shown again, the player draws the same wave from what it measured: it does not
  // measure again (the canvas is never busy), and no slice is asked of main a second time (the
  // answers are counted where the host records them: the browser host does, Electron's does not).
  const slicesAsked = (): number => app.ipcResults.filter((r) => r.includes('"fromSeconds"')).length
  const measuredSlices = slicesAsked()
  if (app.host === 'browser') expect(measuredSlices).toBeGreaterThanOrEqual(8) // 26:40 in ~3 min slices
  await page.evaluate(`(() => {
    window.__measuredAgain = false
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.target.getAttribute('aria-busy') === 'true') window.__measuredAgain = true
      }
    }).observe(document.body, { subtree: true, attributeFilter: ['aria-busy'] })
  })()`)
  await finished.getByRole('button', { name: 'Hide player' }).click()
  await expect(player).toHaveCount(0)
  await finished.getByRole('button', { name: 'Play', exact: true }).click()
  await expect(player).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
  await expect.poll(() => page.evaluate<number[]>(COLUMN_HEIGHTS)).toEqual(heights)
  expect(await page.evaluate('window.__measuredAgain')).toBe(false)
  expect(slicesAsked()).toBe(measuredSlices)

  // Still a player: it plays and seeks on the long file.
  const wave = player.getByRole('slider', { name: 'Position' })
  const end = await wave.getAttribute('aria-valuemax')
  expect(Number(end)).toBeGreaterThan(21 * 60)
  await wave.focus()
  await page.keyboard.press('End')
  await expect(wave).toHaveAttribute('aria-valuenow', end!)

  // The line being heard is shown whole at 1024 (wrapped to a second line, never cut): at the
  // start, the first paragraph's words, from its first to its last, and none of the next.
  await page.keyboard.press('Home')
  await expect(wave).toHaveAttribute('aria-valuenow', '0')
  await page.setViewportSize({ width: 1024, height: 700 })
  const words = player.getByTestId('player-words')
  await expect(words).toHaveText(
    /^\s*The tide turned at bell 1,? and the harbour lights came on\.?\s*$/,
  )
  expect(
    await words.evaluate(
      (el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1,
    ),
  ).toBe(true)

  const problems: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    problems.push(
      ...(await auditAtSizes(app, {
        name: 'long m4b player',
        theme: scheme,
        shot: `render-player-long-m4b-${scheme}`,
      })),
    )
  }
  expect(problems).toEqual([])
})
