import type { AppHost } from '../fixtures/app-host'
import { accessibilityProblems } from './axe'
import { LAYOUT_SIZES, layoutProblems } from './layout-check'
import { resizeWindow } from './resize-window'
import { snap } from './screenshots'

/**
 * The audit of one state: axe once, then the layout check and a screenshot
 * (`<shot>-<width>x<height>`) at each of the three window sizes; back to the middle size after.
 * Each problem names the state and theme (and the size for layout). `beforeSnap` runs at each
 * size before the screenshot (to scroll the state shown into view).
 */
export async function auditAtSizes(
  app: AppHost,
  state: { name: string; theme: string; shot: string; beforeSnap?: () => Promise<void> },
): Promise<string[]> {
  const { name, theme } = state
  const found = (await accessibilityProblems(app.page)).map((p) => `${name} (${theme}): ${p}`)
  for (const size of LAYOUT_SIZES) {
    // Two frames drawn: container queries and the virtualized lists settle after a resize.
    await resizeWindow(app.page, size)
    const layout = await layoutProblems(app.page)
    found.push(
      ...layout.problems.map((p) => `${name} (${theme}, ${size.width}x${size.height}): ${p}`),
    )
    await state.beforeSnap?.()
    await snap(app, `${state.shot}-${size.width}x${size.height}`)
  }
  // Drawn at the middle size before the caller's next click, which waits for a stable frame.
  await resizeWindow(app.page, LAYOUT_SIZES[1])
  return found
}
