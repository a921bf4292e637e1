import type { Locator, Page } from '@playwright/test'
import type { PageWindow } from './page-window'

/**
 * How many text lines high an element is: its height over its line height (the font size times
 * 1.4 when the line height is "normal"). 1 for a summary or verdict that keeps one line.
 */
export async function linesHigh(target: Locator): Promise<number> {
  const line = await target.evaluate((el) => {
    const style = (globalThis as unknown as PageWindow).getComputedStyle(el)
    const size = parseFloat(style.fontSize ?? '') || 16
    return parseFloat(style.lineHeight ?? '') || size * 1.4
  })
  const box = await target.boundingBox()
  return box === null ? 0 : Math.round(box.height / line)
}

/**
 * What is wrong with the Voice-over screen's room at the current size, in words (empty when
 * nothing): every line row (the last one's next step included) whole inside the list and the
 * window, and the file line, the summary and the legend one line high each.
 */
export async function voiceoverRoomProblems(page: Page): Promise<string[]> {
  const problems: string[] = []
  const size = page.viewportSize()
  const at = `${size?.width}x${size?.height}`
  const list = await page.getByTestId('vo-lines').boundingBox()
  const rows = page.getByTestId('vo-line')
  const count = await rows.count()
  for (let i = 0; i < count; i++) {
    const row = await rows.nth(i).boundingBox()
    const inList =
      list !== null &&
      row !== null &&
      row.y >= list.y - 1 &&
      row.y + row.height <= list.y + list.height + 1
    const inWindow = row !== null && size !== null && row.y + row.height <= size.height
    if (!inList || !inWindow) problems.push(`${at}: line ${i + 1} is not on screen whole`)
  }
  const oneLine: [string, Locator][] = [
    ['the file line', page.locator('.workspace__description')],
    ['the summary', page.getByTestId('vo-summary')],
    ['the legend', page.getByTestId('vo-legend')],
  ]
  for (const [name, target] of oneLine) {
    if ((await target.count()) === 0) continue
    const high = await linesHigh(target)
    if (high !== 1) problems.push(`${at}: ${name} is ${high} lines high`)
  }
  return problems
}

/**
 * Rows whose verdict (the Result column) takes more lines than its parts: a verdict of one part
 * ("1.7 s too long") must be one line high.
 */
export async function wrappedVerdicts(page: Page): Promise<string[]> {
  const found: string[] = []
  const rows = page.getByTestId('vo-line')
  const count = await rows.count()
  for (let i = 0; i < count; i++) {
    const verdict = rows.nth(i).locator('.vo-line__verdict')
    const parts = await verdict.locator('.vo-line__verdict-part').count()
    const high = await linesHigh(verdict)
    if (high > parts) found.push(`line ${i + 1}: its result is ${high} lines high`)
  }
  return found
}

/**
 * What is wrong with the room the words get on a wide window, in words (empty when nothing): the
 * Words column takes at least `share` of the lines table's width (the fixed Time and Result
 * columns leave it the rest), and every line's words are one text row.
 */
export async function wordsRoomProblems(page: Page, share = 0.45): Promise<string[]> {
  const problems: string[] = []
  const at = `${page.viewportSize()?.width}x${page.viewportSize()?.height}`
  const table = await page.getByTestId('vo-lines').boundingBox()
  const rows = page.getByTestId('vo-line')
  const words = await rows.first().locator('.vo-line__words').boundingBox()
  if (table === null || words === null) return [`${at}: no lines table`]
  if (words.width < table.width * share)
    problems.push(
      `${at}: the Words column is ${Math.round(words.width)} of ${Math.round(table.width)} px`,
    )
  const count = await rows.count()
  for (let i = 0; i < count; i++) {
    const textRows = await rows
      .nth(i)
      .locator('textarea')
      .evaluate((el) => {
        const style = (globalThis as unknown as PageWindow).getComputedStyle(el)
        const inner =
          el.scrollHeight -
          parseFloat(style.paddingTop ?? '0') -
          parseFloat(style.paddingBottom ?? '0')
        return Math.round(inner / (parseFloat(style.lineHeight ?? '') || 20))
      })
    if (textRows !== 1) problems.push(`${at}: line ${i + 1}'s words take ${textRows} rows`)
  }
  return problems
}
