import type { Locator, Page } from '@playwright/test'

/** A block drawn on the Voice-over track, in pixels from the strip's left edge. */
export interface TrackBlock {
  x: number
  width: number
}

/** The rectangles of one of the track's paths (each drawn as `M x y h w v h h -w z`), by x. */
async function pathBlocks(page: Page, testId: string): Promise<TrackBlock[]> {
  const d = (await page.getByTestId(testId).getAttribute('d')) ?? ''
  return [...d.matchAll(/M(-?[\d.]+) [\d.]+h(-?[\d.]+)v/g)]
    .map((m) => ({ x: Number(m[1]), width: Number(m[2]) }))
    .sort((a, b) => a.x - b.x)
}

/**
 * What the track draws: a block per line (spoken or estimated, in time order) and the overruns,
 * read from its paths' geometry, so a count or a position is what the user sees.
 */
export async function trackBlocks(
  page: Page,
): Promise<{ lines: TrackBlock[]; over: TrackBlock[] }> {
  const spoken = await pathBlocks(page, 'vo-track-spoken')
  const estimated = await pathBlocks(page, 'vo-track-estimated')
  const over = await pathBlocks(page, 'vo-track-over')
  return { lines: [...spoken, ...estimated].sort((a, b) => a.x - b.x), over }
}

/** Clicks the middle of a block on the track (its blocks' band, not the ruler). */
export async function clickBlock(page: Page, track: Locator, block: TrackBlock): Promise<void> {
  const box = await track.boundingBox()
  if (!box) throw new Error('the track is not on screen')
  // The blocks' band runs from 14 to 30 px down the strip (track-shapes.ts).
  await page.mouse.click(box.x + block.x + Math.max(block.width / 2, 1), box.y + 22)
}
