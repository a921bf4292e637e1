import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { LAYOUT_SIZES } from './support/layout-check'
import { openScriptSignedIn } from './support/script-screen'

// A long paragraph reads at a reading measure: in a wide window its lines stay about 60 to 90
// characters long (not the 150 a 1920 window's full width gave), and a small window keeps the
// layout it had. Audited (axe, layout check) and photographed at three sizes in both themes.

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-reading-measure-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const LONG = [
  'The harbour was quiet that winter, and the keeper counted the ships that did not come.',
  'Each night he climbed the hundred steps, lit the lamp, and wrote the weather in a long book',
  'that smelled of salt, rope, coffee and old paper; nobody in the village remembered a winter',
  'as cold as this one, and every lamp along the quay burned until dawn while the storm rolled',
  'over the headland and the boats stayed tied to their rings.',
].join(' ')

/** The long block's text field: its width and its characters a line, on average. */
function measure(page: Page): Promise<{ width: number; perLine: number }> {
  return page.getByLabel('Text of block 2', { exact: true }).evaluate((el) => {
    const field = el as unknown as { value: string; clientHeight: number; clientWidth: number }
    const lines = Math.max(1, Math.round((field.clientHeight - 8) / 22))
    return { width: field.clientWidth, perLine: field.value.length / lines }
  })
}

/** Two frames: container queries and the list settle after a resize. */
function settle(page: Page): Promise<unknown> {
  return page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  )
}

test('a long paragraph keeps a reading measure in a wide window and its layout in a small one', async ({
  app,
  sandbox,
}) => {
  test.setTimeout(180_000)
  const { page } = app
  const script = await openScriptSignedIn(app, sandbox)
  const source = join(dir, 'harbour.md')
  await writeFile(
    source,
    `# The harbour\n\nA short line opens it.\n\n${LONG}\n\nAnd a short one ends it.\n`,
  )
  await script.openFile(app, source)
  await expect(script.blocks).toHaveCount(3)
  await page.getByRole('button', { name: 'Cast', exact: true }).click()
  await script.pickVoice('Default voice', 'Olivia')
  await page.getByRole('button', { name: 'Cast', exact: true }).click()

  // At 1920 the lines are a reading measure, not the window's width; the voice is beside the
  // text it speaks.
  await page.setViewportSize(LAYOUT_SIZES[2])
  await settle(page)
  const wide = await measure(page)
  expect(wide.perLine).toBeLessThanOrEqual(90)
  expect(wide.perLine).toBeGreaterThanOrEqual(60)
  const text = (await script.block(1).locator('.block__text').boundingBox())!
  const voice = (await script.block(1).locator('.block__voice').boundingBox())!
  expect(voice.x - (text.x + text.width)).toBeLessThan(140)
  // The list itself still runs the width (the window is used; panels take it when open).
  const list = (await page.getByTestId('block-list').boundingBox())!
  expect(list.x + list.width).toBeGreaterThan(LAYOUT_SIZES[2].width - 48)

  // At 1024 nothing changes: the text takes the row's room as before.
  await page.setViewportSize(LAYOUT_SIZES[0])
  await settle(page)
  const small = await measure(page)
  expect(small.width).toBeGreaterThan(420)
  expect(small.perLine).toBeGreaterThanOrEqual(50)

  // The pointer rests off the controls: a tooltip left open is no state to photograph.
  await page.mouse.move(2, 690)
  const problems: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    problems.push(
      ...(await auditAtSizes(app, {
        name: 'reading measure',
        theme: scheme,
        shot: `script-reading-measure-${scheme}`,
      })),
    )
  }
  expect(problems).toEqual([])
})
