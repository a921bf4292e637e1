import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * Serious and critical axe findings (WCAG 2.1 A and AA) of the page as it is now (or only of the
 * part the CSS selector `within` names), one line each: rule, impact, what it says, where (at most
 * five places).
 */
export async function accessibilityProblems(page: Page, within?: string): Promise<string[]> {
  // Legacy mode runs axe inside the page itself: the default opens a second page to merge frame
  // results, and the app host allows no page besides the app's own window. The app has no frames.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  const result = await (within === undefined ? builder : builder.include(within)).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    )
}
