import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import type { AppHost } from './fixtures/app-host'
import { accessibilityProblems } from './support/axe'
import { LAYOUT_SIZES, layoutProblems } from './support/layout-check'
import { snap } from './support/screenshots'
import { openScriptSignedIn } from './support/script-screen'
import { SAMPLE_SCRIPT } from '../src/shared/domain/sample-script'

// The Script workspace as a studio (issue 14): compact one-line blocks, block actions reached
// from the keyboard, a toolbar in one row that folds into a More menu, and a sample to try.

/** Thirty one-line blocks, no chapter: what a dense page of dialogue looks like. */
const LINES = Array.from(
  { length: 30 },
  (_, i) => `Line ${i + 1}: the tide came in over the stones and went out again.`,
)

/** The share of the first block's row its text takes (a one-line block, nothing open). */
const TEXT_SHARE = `(() => {
  const row = document.querySelector('[data-testid="script-block"]').getBoundingClientRect()
  const text = document.querySelector('[data-testid="script-block"] textarea').getBoundingClientRect()
  return text.width / row.width
})()`

/** How many blocks lie wholly inside the editor's visible part. */
const FULLY_VISIBLE_BLOCKS = `(() => {
  const list = document.querySelector('[data-testid="block-list"]').getBoundingClientRect()
  return Array.from(document.querySelectorAll('[data-testid="script-block"]')).filter((el) => {
    const r = el.getBoundingClientRect()
    return r.height > 0 && r.top >= list.top - 0.5 && r.bottom <= list.bottom + 0.5
  }).length
})()`

test('at 1280x800 at least twelve one-line blocks are visible, and the toolbar is one row', async ({
  app,
  sandbox,
  userDataDir,
}) => {
  const { page } = app
  await page.setViewportSize({ width: 1280, height: 800 })
  const script = await openScriptSignedIn(app, sandbox)
  const source = join(userDataDir, 'tide.txt')
  await writeFile(source, LINES.join('\n\n'))
  await script.openFile(app, source)
  await expect(script.text(0)).toHaveValue(LINES[0]!)

  expect(await page.evaluate<number>(FULLY_VISIBLE_BLOCKS)).toBeGreaterThanOrEqual(12)

  // The main tools carry their words at this width (a first-time narrator tells a pause from
  // emphasis without hovering); the rest wait in a worded More menu, all on one line.
  const toolbar = page.getByRole('toolbar', { name: 'Script editor' })
  await expect(toolbar).toHaveAttribute('data-labelled', 'true')
  const words: [string, string][] = [
    ['Insert a pause', 'Pause'],
    ['Emphasis (select some text first)', 'Emphasis'],
    ['Chapters', 'Chapters'],
    ['Cast', 'Cast'],
    ['More', 'More'],
    ['Preview', 'Preview'],
    ['Render…', 'Render…'],
  ]
  for (const [name, word] of words)
    await expect(toolbar.getByRole('button', { name, exact: true })).toHaveText(word)
  // File, Undo and Redo are the icons everyone knows, named in their tooltips.
  for (const name of ['New script', 'Undo', 'Redo'])
    await expect(toolbar.getByRole('button', { name, exact: true })).toHaveText('')
  const box = await toolbar.boundingBox()
  expect(box!.height).toBeLessThan(48)
  // The text takes the row: no column is kept for actions out of sight.
  expect(await page.evaluate<number>(TEXT_SHARE)).toBeGreaterThan(0.7)
  await snap(app, 'script-studio-1280x800')
})

test('a block’s actions are reached and used from the keyboard alone', async ({
  app,
  sandbox,
  userDataDir,
}) => {
  const { page } = app
  const script = await openScriptSignedIn(app, sandbox)
  const source = join(userDataDir, 'tide.txt')
  await writeFile(source, LINES.slice(0, 3).join('\n\n'))
  await script.openFile(app, source)
  await expect(script.blocks).toHaveCount(3)

  const first = script.block(0)
  const actions = first.getByRole('group', { name: 'Block 1 actions' })
  // Out of focus and hover, the actions are out of sight: their icons are drawn only while the
  // row is lit (hover or focus), and without them the buttons draw nothing (no text, no fill, no
  // border). The buttons stay in the page, named.
  await page.mouse.move(0, 0)
  await expect(actions.locator('svg')).toHaveCount(0)
  // A narrow rail: Preview, Takes, and a menu with the rest.
  await expect(actions.getByRole('button')).toHaveCount(3)
  expect(
    await actions.getByRole('button').evaluateAll((buttons) =>
      buttons.map((b) => {
        type Style = {
          backgroundColor: string
          borderStyle: string
          borderColor: string
          borderWidth: string
          boxShadow: string
        }
        const w = globalThis as unknown as { getComputedStyle(e: unknown): Style }
        const style = w.getComputedStyle(b)
        const clear = (colour: string): boolean => colour === 'transparent' || /, 0\)$/.test(colour)
        const border =
          style.borderStyle !== 'none' &&
          parseFloat(style.borderWidth) > 0 &&
          !clear(style.borderColor)
        return {
          text: b.textContent,
          fill: !clear(style.backgroundColor),
          border,
          shadow: style.boxShadow,
        }
      }),
    ),
  ).toEqual(Array(3).fill({ text: '', fill: false, border: false, shadow: 'none' }))
  await script.block(1).hover()
  await expect(
    script.block(1).getByRole('group', { name: 'Block 2 actions' }).locator('.icon-button__icon'),
  ).toHaveCount(3)
  await page.mouse.move(0, 0)
  await expect(script.block(1).locator('.block__actions svg')).toHaveCount(0)

  await page.getByRole('button', { name: 'New script' }).focus()
  // The toolbar is one tab stop; then the banner's one action; then the first block's text.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Choose a default voice' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(script.text(0)).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(first.getByLabel('Pause after block 1, in seconds')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(first.getByRole('button', { name: /^Voice of block 1:/ })).toBeFocused()
  await page.keyboard.press('Tab')
  const preview = first.getByRole('button', { name: 'Preview', exact: true })
  await expect(preview).toBeFocused()
  // With the focus in the row, its actions show (and the focus ring with them).
  await expect(actions.locator('.icon-button__icon')).toHaveCount(3)
  await expect(preview).toHaveCSS('outline-style', 'solid')
  await snap(app, 'script-studio-block-focus')

  await page.keyboard.press('Tab')
  await expect(first.getByRole('button', { name: 'Takes of block 1', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  const more = first.getByRole('button', { name: 'More for block 1', exact: true })
  await expect(more).toBeFocused()
  await page.keyboard.press('ArrowDown')
  const menu = page.getByRole('menu', { name: 'More for block 1' })
  await expect(menu.getByRole('menuitem', { name: 'Compare two voices…' })).toBeFocused()
  await expect(menu.getByRole('menuitem', { name: 'Add a block below' })).toBeVisible()
  await page.keyboard.press('End')
  await expect(menu.getByRole('menuitem', { name: 'Delete block' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(script.blocks).toHaveCount(2)
  await expect(script.text(0)).toHaveValue(LINES[1]!)
})

test('at 1024x700 the toolbar folds groups into a More menu that works from the keyboard', async ({
  app,
  sandbox,
}) => {
  const { page } = app
  await page.setViewportSize({ width: 1024, height: 700 })
  const script = await openScriptSignedIn(app, sandbox)
  await page.getByRole('button', { name: 'New script' }).click()
  await expect(script.blocks).toHaveCount(1)

  const toolbar = page.getByRole('toolbar', { name: 'Script editor' })
  const more = toolbar.getByRole('button', { name: 'More', exact: true })
  await expect(more).toBeVisible()
  expect((await toolbar.boundingBox())!.height).toBeLessThan(48)
  // What fits keeps its words, and the rest is in More, which has its word too.
  await expect(toolbar).toHaveAttribute('data-labelled', 'true')
  await expect(more).toHaveText('More')
  // The text still takes the row at this width.
  expect(await page.evaluate<number>(TEXT_SHARE)).toBeGreaterThan(0.6)
  await expect(toolbar.getByRole('button', { name: 'Render…' })).toBeVisible()
  // Chapters and Cast fold last: on the row, with their words.
  for (const name of ['Chapters', 'Cast'])
    await expect(toolbar.getByRole('button', { name, exact: true })).toHaveText(name)

  // Arrow keys move along the toolbar; the More button opens its menu with ArrowDown.
  await toolbar.getByRole('button', { name: 'Render…' }).focus()
  await page.keyboard.press('Home')
  await expect(toolbar.getByRole('button', { name: 'New script' })).toBeFocused()
  await more.focus()
  await page.keyboard.press('ArrowDown')
  const menu = page.getByRole('menu', { name: 'More' })
  await expect(menu).toBeVisible()
  await expect(more).toHaveAttribute('aria-expanded', 'true')
  // The first command that can be used takes the focus (Undo and Redo have nothing to do yet).
  await expect(menu.getByRole('menuitem', { name: 'Insert a pause' })).toBeFocused()
  await snap(app, 'script-studio-more-menu-1024x700')
  // Escape closes it and gives the focus back.
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(more).toBeFocused()
  await expect(more).toHaveAttribute('aria-expanded', 'false')

  // A folded command works on the caret it left: the pause goes where the caret was.
  await script.text(0).fill('Hello there')
  await script.text(0).press('End')
  await more.focus()
  await page.keyboard.press('Enter')
  // Undo comes first (Redo has nothing to redo and is passed over), then the markup.
  await expect(menu.getByRole('menuitem', { name: 'Undo' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  const insertPause = menu.getByRole('menuitem', { name: 'Insert a pause' })
  await expect(insertPause).toBeFocused()
  // The markup that needs a selection is there, but not to be used without one.
  await expect(menu.getByRole('menuitem', { name: /^Emphasis/ })).toBeDisabled()
  await page.keyboard.press('Enter')
  await expect(menu).toBeHidden()
  // The pause is a mark at the caret, drawn in the text; the words stay as written.
  await expect(script.text(0)).toHaveValue('Hello there')
  await expect(script.block(0).getByTestId('mark-pause')).toHaveCount(1)
})

test('the empty workspace offers a sample script with a narrator and two speakers, cast and ready to render', async ({
  app,
  sandbox,
  userDataDir,
}) => {
  test.setTimeout(120_000)
  const { page } = app
  const script = await openScriptSignedIn(app, sandbox)
  await expect(page.getByTestId('script-empty')).toBeVisible()
  await page.getByRole('button', { name: 'Try a sample script' }).click()
  await expect(script.blocks).toHaveCount(7)
  await expect(page.locator('.block__chapter')).toHaveText(['The night ferry'])
  await expect(script.block(2).locator('.block__speaker')).toHaveText('NOOR')
  await expect(script.block(3).locator('.block__speaker')).toHaveText('ELIAS')
  await expect(script.text(2)).toHaveValue('Do you always take this crossing so late?')
  // Cast from the voice list at once: nothing needs a voice, every block is simply not rendered.
  await expect(script.block(0)).toHaveAttribute('data-mark', 'new')
  await expect(page.getByTestId('voice-banner')).toHaveCount(0)
  for (const n of [0, 2, 3])
    await expect(script.block(n).getByTestId('block-state')).toHaveText('Not rendered')
  const noor = script
    .block(2)
    .getByRole('button', { name: /^Voice of block 3: \w+ \(cast for NOOR\)$/ })
  const elias = script
    .block(3)
    .getByRole('button', { name: /^Voice of block 4: \w+ \(cast for ELIAS\)$/ })
  await expect(noor).toBeVisible()
  await expect(elias).toBeVisible()
  expect(await noor.textContent()).not.toBe(await elias.textContent())
  await page.getByRole('button', { name: 'Cast', exact: true }).click()
  await expect(page.getByRole('button', { name: /^Default voice: \w+$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Voice for NOOR: \w+$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Voice for ELIAS: \w+$/ })).toBeVisible()
  // With the panel open the voice stays on the block's first line, beside its text.
  const text = await script.text(2).boundingBox()
  const voice = await noor.boundingBox()
  expect(Math.abs(voice!.y - text!.y)).toBeLessThan(8)
  expect(voice!.x).toBeGreaterThanOrEqual(text!.x + text!.width - 4)
  await snap(app, 'script-studio-sample-cast')
  await page.getByRole('button', { name: 'Cast', exact: true }).click()
  // It renders at once.
  await script.startRender(app, join(userDataDir, 'ferry.mp3'))
  await expect(page.getByTestId('render-finished')).toBeVisible({ timeout: 90_000 })
  await expect(script.block(2).getByTestId('block-state')).toHaveText(/^Rendered · 0:\d\d$/)
})

/**
 * Elements of the block list drawn in the danger colour (text, border or fill): none should be,
 * while nothing has failed. The colour is read from the theme, so light and dark are both checked.
 */
const DANGER_IN_BLOCKS = `(() => {
  const list = document.querySelector('[data-testid="block-list"]')
  const probe = document.createElement('span')
  probe.style.color = 'var(--color-danger)'
  list.appendChild(probe)
  const danger = getComputedStyle(probe).color
  probe.remove()
  const found = []
  for (const el of list.querySelectorAll('*')) {
    const style = getComputedStyle(el)
    const painted = [style.color, style.backgroundColor, style.borderLeftColor, style.borderTopColor]
    if (painted.includes(danger)) found.push(el.className || el.tagName)
  }
  return found
})()`

/** Saves a screenshot at each of the three sizes, as the window is now. */
async function snapSizes(app: AppHost, name: string): Promise<void> {
  for (const size of LAYOUT_SIZES) {
    await app.page.setViewportSize(size)
    await app.page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    )
    await snap(app, `${name}-${size.width}x${size.height}`)
  }
  await app.page.setViewportSize(LAYOUT_SIZES[1])
}

/** Audits the Script screen (axe, layout) and saves a screenshot at each of the three sizes. */
async function auditAndSnap(app: AppHost, name: string): Promise<string[]> {
  const found = (await accessibilityProblems(app.page)).map((p) => `${name}: ${p}`)
  for (const size of LAYOUT_SIZES) {
    await app.page.setViewportSize(size)
    await app.page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    )
    const layout = await layoutProblems(app.page)
    found.push(...layout.problems.map((p) => `${name} (${size.width}x${size.height}): ${p}`))
    await snap(app, `${name}-${size.width}x${size.height}`)
  }
  await app.page.setViewportSize(LAYOUT_SIZES[1])
  return found
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`block states (${theme})`, () => {
    test.use({ appColorScheme: theme })

    test(`a script without voices says so once, calmly, and the banner opens the one choice that fixes it; casting, rendering and editing say so in words (${theme})`, async ({
      app,
      sandbox,
      userDataDir,
    }) => {
      test.setTimeout(180_000)
      const { page } = app
      const problems: string[] = []
      const script = await openScriptSignedIn(app, sandbox)
      // The sample's scene, imported as a plain Markdown file: nobody cast yet.
      const source = join(userDataDir, 'ferry.md')
      await writeFile(source, SAMPLE_SCRIPT.text)
      await script.openFile(app, source)
      await expect(script.blocks).toHaveCount(7)
      const state = (n: number) => script.block(n).getByTestId('block-state')

      // No voice yet anywhere: one banner says so with the one click that fixes it; each block
      // only carries a quiet "No voice" chip (its state in words for a screen reader); no red.
      const banner = page.getByTestId('voice-banner')
      await expect(banner).toContainText('All 7 blocks need a voice')
      await expect(script.block(0)).toHaveAttribute('data-mark', 'no-voice')
      await expect(state(0)).toHaveText('Needs a voice')
      await expect(page.getByTestId('block-list').getByText('Choose voice')).toHaveCount(0)
      await expect(
        script
          .block(0)
          .getByRole('button', { name: 'Voice of block 1: No voice yet — choose one' }),
      ).toHaveText('No voice')
      expect(await page.evaluate<string[]>(DANGER_IN_BLOCKS)).toEqual([])
      problems.push(...(await auditAndSnap(app, `block-states-needs-voice-${theme}`)))

      // The banner opens Cast on the default voice, marked, its chooser open.
      await banner.getByRole('button', { name: 'Choose a default voice' }).click()
      const defaultRow = page.getByTestId('cast-default')
      await expect(defaultRow).toHaveAttribute('data-attention', 'true')
      await expect(page.getByRole('listbox', { name: 'Default voice' })).toBeVisible()
      // Photographed, not audited: an open chooser lies over the list by design.
      await snapSizes(app, `block-states-choose-default-${theme}`)
      await page.getByRole('searchbox', { name: 'Search voices' }).fill('Olivia')
      await page
        .getByRole('listbox', { name: 'Default voice' })
        .getByRole('option')
        .filter({ has: page.getByText('Olivia', { exact: true }) })
        .first()
        .getByRole('button')
        .first()
        .click()
      await expect(banner).toHaveCount(0)
      await expect(defaultRow).not.toHaveAttribute('data-attention', 'true')
      await expect(
        script.block(0).getByRole('button', { name: 'Voice of block 1: Olivia (default)' }),
      ).toHaveText('Olivia')
      await expect(state(0)).toHaveText('Not rendered')
      await expect(script.block(0)).toHaveAttribute('data-mark', 'new')
      // Speakers have no voice of their own yet: the default speaks for them, named as such.
      await expect(state(2)).toHaveText('Not rendered')
      await expect(
        script.block(2).getByRole('button', { name: 'Voice of block 3: Olivia (default)' }),
      ).toBeVisible()
      await expect(page.getByRole('button', { name: 'Default voice: Olivia' })).toBeVisible()
      await expect(
        page.getByRole('button', { name: 'Voice for ELIAS: Olivia (default)' }),
      ).toBeVisible()

      // Cast NOOR: her lines name the voice that speaks them.
      await script.pickVoice('Voice for NOOR', 'Emma')
      await expect(
        script.block(2).getByRole('button', { name: 'Voice of block 3: Emma (cast for NOOR)' }),
      ).toHaveText('Emma')
      await expect(
        script.block(3).getByRole('button', { name: 'Voice of block 4: Olivia (default)' }),
      ).toHaveText('Olivia')
      expect(await page.evaluate<string[]>(DANGER_IN_BLOCKS)).toEqual([])
      problems.push(...(await auditAndSnap(app, `block-states-not-rendered-${theme}`)))
      await page.getByRole('button', { name: 'Cast', exact: true }).click()

      // Rendered: each block says so with its length.
      await script.startRender(app, join(userDataDir, 'ferry.mp3'))
      await expect(page.getByTestId('render-finished')).toBeVisible({ timeout: 60_000 })
      for (let n = 0; n < 7; n++) await expect(state(n)).toHaveText(/^Rendered · 0:\d\d$/)
      await expect(state(2)).not.toHaveText('Rendered · 0:00')

      // Edited after the render: changed since render, and still no red.
      await script.text(1).fill('Out on the water the town shrank to a row of yellow windows.')
      await expect(state(1)).toHaveText('Changed since render')
      await expect(script.block(1)).toHaveAttribute('data-mark', 'stale')
      await expect(state(0)).toHaveText(/^Rendered · 0:\d\d$/)
      // The render's summary no longer claims the audio matches the script.
      await expect(page.getByTestId('render-summary-notes')).toHaveText(
        '1 block has changed since this render: render again to hear it.',
      )
      expect(await page.evaluate<string[]>(DANGER_IN_BLOCKS)).toEqual([])
      problems.push(...(await auditAndSnap(app, `block-states-rendered-changed-${theme}`)))
      expect(problems).toEqual([])
    })
  })
}

test('four-digit block numbers keep the state mark whole, in one column of figures', async ({
  app,
  sandbox,
  userDataDir,
}) => {
  const { page } = app
  await page.setViewportSize({ width: 1024, height: 700 })
  const script = await openScriptSignedIn(app, sandbox)
  const source = join(userDataDir, 'long.txt')
  await writeFile(source, Array.from({ length: 1200 }, (_, i) => `Line ${i + 1}.`).join('\n\n'))
  await script.openFile(app, source)
  await page.evaluate(
    `(() => { const l = document.querySelector('[data-testid="block-list"]'); l.scrollTop = l.scrollHeight })()`,
  )
  const last = script.blocks.filter({ has: page.getByLabel('Text of block 1200', { exact: true }) })
  await expect(last).toBeVisible()
  const number = await last.locator('.block__number').boundingBox()
  const mark = await last.getByTestId('block-mark').boundingBox()
  // The mark keeps its size and sits clear of the number.
  expect(mark!.width).toBeCloseTo(12, 0)
  expect(mark!.x).toBeGreaterThanOrEqual(number!.x + number!.width)
  expect(await last.locator('.block__number').textContent()).toBe('1200')
  // Four digits and the mark still leave the text most of the row.
  const row = await last.boundingBox()
  const text = await last.getByLabel('Text of block 1200', { exact: true }).boundingBox()
  expect(text!.width / row!.width).toBeGreaterThan(0.6)
  await snap(app, 'block-states-four-digit-numbers-1024x700')
})
