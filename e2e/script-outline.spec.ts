import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { accessibilityProblems } from './support/axe'
import { LAYOUT_SIZES, layoutProblems } from './support/layout-check'
import { snap } from './support/screenshots'
import { writeBigProject } from './support/script-big-project'
import { openScriptSignedIn } from './support/script-screen'

// A long book in the Script workspace: the chapter outline (lengths, render states, jumps by
// mouse and keyboard, remembered), a block's takes (regenerate, play, choose), and the sizes
// (the width used at 1920, the voice beside the text with Cast open at 1024, four-digit block
// numbers), each audited (axe, layout check) and photographed at three sizes.

/** Two frames: container queries and the virtualized list settle after a resize. */
function settle(page: Page): Promise<unknown> {
  return page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  )
}

/** Audits the screen at every size (or those given) and saves a screenshot of each. */
async function audit(
  app: AppHost,
  screen: string,
  theme: string,
  sizes: readonly (typeof LAYOUT_SIZES)[number][] = LAYOUT_SIZES,
): Promise<string[]> {
  // The pointer rests off the controls: a tooltip left open is no state to photograph.
  await app.page.mouse.move(2, 690)
  const found = (await accessibilityProblems(app.page)).map((p) => `${screen} (${theme}): ${p}`)
  for (const size of sizes) {
    await app.page.setViewportSize(size)
    await settle(app.page)
    const layout = await layoutProblems(app.page)
    found.push(...layout.problems.map((p) => `${screen} (${theme}, ${size.width}): ${p}`))
    await snap(app, `screen-${screen}-${theme}-${size.width}x${size.height}`)
  }
  await app.page.setViewportSize(LAYOUT_SIZES[1])
  await settle(app.page)
  return found
}

/** Where a located element is on screen. */
async function box(
  page: Page,
  selector: string,
): Promise<{ x: number; y: number; w: number; h: number }> {
  const found = await page.locator(selector).first().boundingBox()
  if (found === null) throw new Error(`${selector} is not on screen`)
  return { x: found.x, y: found.y, w: found.width, h: found.height }
}

/** Opens the book through the (answered) open dialog; a loaded machine takes its time. */
async function openBook(app: AppHost, file: string): Promise<void> {
  app.platform.answerNextOpen([file])
  const empty = app.page.getByRole('button', { name: 'Open or import…' })
  if (await empty.isVisible()) await empty.click()
  else await app.page.getByRole('button', { name: 'Open…' }).click()
  await expect(app.page.getByTestId('script-block').first()).toBeVisible({ timeout: 60_000 })
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`a long book: chapter outline, a block's takes, and the sizes (${theme})`, async ({
      app,
      sandbox,
      userDataDir,
    }) => {
      test.setTimeout(300_000)
      const { page } = app
      const problems: string[] = []
      const script = await openScriptSignedIn(app, sandbox)
      const file = join(userDataDir, 'harbour.voicedesk')
      await writeBigProject(file, 1200, 8)
      await openBook(app, file)

      // The outline: one entry a chapter, each with its length and render state in words.
      await page.getByRole('button', { name: 'Chapters', exact: true }).click()
      const outline = page.getByRole('navigation', { name: 'Chapters' })
      const chapters = outline.getByTestId('outline-chapter')
      await expect(chapters).toHaveCount(5)
      await expect(chapters.first()).toContainText('Chapter 1')
      await expect(chapters.first()).toContainText(/about \d+ min/)
      await expect(chapters.first()).toContainText('Not rendered')

      // A block's takes: Regenerate makes take 2 and the block uses it.
      await script.block(0).hover()
      await page.getByRole('button', { name: 'Takes of block 1', exact: true }).click()
      const takes = page.getByRole('region', { name: 'Takes of block 1' })
      await expect(takes).toContainText('No takes yet')
      await takes.getByRole('button', { name: 'Regenerate' }).click()
      const take2 = takes.getByTestId('block-take').filter({ hasText: 'Take 2' })
      await expect(take2).toContainText('In use')
      await expect(script.block(0).getByTestId('block-state')).toContainText(/Rendered · 0:0\d/)
      await expect(chapters.first()).toContainText('1 of 250 blocks rendered')

      // A second take; the first regenerated one stays, can be played and chosen again.
      await takes.getByRole('button', { name: 'Regenerate' }).click()
      await expect(takes.getByTestId('block-take').filter({ hasText: 'Take 3' })).toContainText(
        'In use',
      )
      await expect(takes.getByTestId('block-take')).toHaveCount(2)
      await takes.getByRole('button', { name: 'Play take 2' }).click()
      // What plays is said at the toolbar's end, beside Stop: no bar of its own above the script.
      await expect(
        page.getByRole('toolbar', { name: 'Script editor' }).getByTestId('script-player'),
      ).toContainText('Take 2')
      await page.getByRole('button', { name: 'Stop', exact: true }).click()
      await takes.getByRole('button', { name: 'Use take 2' }).click()
      await expect(take2).toContainText('In use')
      problems.push(...(await audit(app, 'script-takes', theme)))

      // A click on a chapter jumps the list there and puts the caret in its first block.
      await chapters.nth(3).click()
      await expect(page.getByLabel('Text of block 751', { exact: true })).toBeFocused()
      await expect(chapters.nth(3)).toHaveAttribute('aria-current', 'location')
      // The keyboard: arrows between chapters, Enter jumps.
      await chapters.nth(3).focus()
      await page.keyboard.press('ArrowDown')
      await expect(chapters.nth(4)).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(page.getByLabel('Text of block 1001', { exact: true })).toBeFocused()

      // Four-digit block numbers leave the audio mark its room.
      const number = await box(page, '[data-block-id="block-01000"] .block__number')
      const mark = await box(page, '[data-block-id="block-01000"] .block__mark')
      expect(number.x + number.w).toBeLessThanOrEqual(mark.x)
      expect(mark.w).toBeGreaterThanOrEqual(11)
      problems.push(...(await audit(app, 'script-outline', theme)))

      // Chapters alone opens at the left of the script.
      const alone = await box(page, '.chapter-outline')
      const listAlone = await box(page, '.block-list')
      expect(alone.x + alone.w).toBeLessThanOrEqual(listAlone.x)

      // At 1920 the editor and its panels use the width.
      await page.getByRole('button', { name: 'Cast', exact: true }).click()
      // Cast opened too: Chapters stays where it was found, at the left, and Cast opens at the
      // right, as it does alone; at 1280 as at 1920.
      for (const size of [LAYOUT_SIZES[1], LAYOUT_SIZES[2]]) {
        await page.setViewportSize(size)
        await settle(page)
        const chaptersBox = await box(page, '.chapter-outline')
        const listBox = await box(page, '.block-list')
        const castBox = await box(page, '.script-body .side-panel')
        expect(chaptersBox.x + chaptersBox.w).toBeLessThanOrEqual(listBox.x)
        expect(listBox.x + listBox.w).toBeLessThanOrEqual(castBox.x)
        if (size === LAYOUT_SIZES[1]) expect(Math.abs(chaptersBox.x - alone.x)).toBeLessThan(2)
        // The script between them keeps a reading width.
        expect(listBox.w).toBeGreaterThan(460)
      }
      await page.setViewportSize(LAYOUT_SIZES[2])
      await settle(page)
      const body = await box(page, '.script-body')
      expect(body.x + body.w).toBeGreaterThan(LAYOUT_SIZES[2].width - 48)
      const panel = await box(page, '.script-body .side-panel')
      expect(panel.w).toBeGreaterThan(320)

      // Wide windows hold Chapters and Cast together: Chapters at the left, Cast at the right.
      problems.push(
        ...(await audit(app, 'script-outline-cast', theme, [LAYOUT_SIZES[2], LAYOUT_SIZES[1]])),
      )

      // At 1024x700 one side panel at a time: made narrow, the window keeps Cast (the later
      // choice) and closes Chapters, so the script keeps its width. The editor keeps a one-line
      // block on one line: the voice stays at the end of the text's line (no row of its own), and
      // the text keeps most of the row.
      await page.setViewportSize(LAYOUT_SIZES[0])
      await settle(page)
      const castPanel = page.locator('.script-body .side-panel')
      await expect(outline).toBeHidden()
      await expect(castPanel).toBeVisible()
      await expect(page.getByRole('button', { name: 'Chapters', exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      )
      const row = '[data-block-id="block-01001"]'
      const text = await box(page, `${row} .block__text`)
      const voice = await box(page, `${row} .block__voice`)
      expect(voice.y).toBeLessThan(text.y + 16)
      expect(voice.x).toBeGreaterThan(text.x + text.w - 4)
      expect(text.w).toBeGreaterThan(220)
      const list = await box(page, '.block-list')
      expect(list.h).toBeGreaterThan(300)
      problems.push(...(await audit(app, 'script-one-panel-cast', theme, [LAYOUT_SIZES[0]])))
      // Chapters opened there closes Cast.
      await page.setViewportSize(LAYOUT_SIZES[0])
      await settle(page)
      await page.getByRole('button', { name: 'Chapters', exact: true }).click()
      await expect(outline).toBeVisible()
      await expect(castPanel).toBeHidden()
      problems.push(...(await audit(app, 'script-one-panel-chapters', theme, [LAYOUT_SIZES[0]])))

      // The outline is remembered: closed here, still closed after the window loads again.
      await outline.getByRole('button', { name: 'Hide chapters' }).click()
      await expect(outline).toBeHidden()
      await page.reload()
      await page.getByTestId('nav-script').click()
      await expect(page.getByRole('heading', { level: 1, name: 'Script' })).toBeVisible()
      await openBook(app, file)
      await expect(outline).toBeHidden()
      await page.getByRole('button', { name: 'Chapters', exact: true }).click()
      await page.reload()
      await page.getByTestId('nav-script').click()
      await openBook(app, file)
      await expect(outline).toBeVisible()

      expect(problems).toEqual([])
    })
  })
}
