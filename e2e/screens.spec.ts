import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { ConversationsScreen } from './support/conversations-screen'
import { snap } from './support/screenshots'
import { ScriptScreen, signInForScript } from './support/script-screen'

// Every workspace, in light and dark, at a small laptop, a common laptop and a desktop window:
// an accessibility audit (axe: no serious or critical violation), a layout check (no sideways
// scroll; no interactive element clipped, pushed off screen, or lying on another) and a
// screenshot of each for a person to look at.

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const

const SCRIPT = [
  '# Chapter One',
  '',
  'The harbour was quiet before dawn. Gulls sat on the posts and watched the water.',
  '',
  'Mara walked the length of the pier and counted the boats, as her father had taught her.',
  '',
  'ALICE: Are you coming to the market?',
  '',
  'BOB: In a minute. I want to see the fishing boats come in.',
  '',
].join('\n')

/**
 * What is wrong with the layout on screen now, in words (empty when nothing is). Runs in the page;
 * a string so that no build helper leaks into it.
 */
const LAYOUT_CHECK = `(() => {
  const problems = []
  const name = (el) => {
    const label = el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || ''
    const id = el.getAttribute('data-testid') ? '[' + el.getAttribute('data-testid') + ']' : ''
    return el.tagName.toLowerCase() + id + ' "' + label.trim().replace(/\\s+/g, ' ').slice(0, 40) + '"'
  }
  const doc = document.documentElement
  if (doc.scrollWidth > doc.clientWidth + 1) {
    problems.push('the window scrolls sideways (' + doc.scrollWidth + ' > ' + doc.clientWidth + ')')
  }
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el)
    const scrollsX = style.overflowX === 'auto' || style.overflowX === 'scroll'
    if (scrollsX && el.scrollWidth > el.clientWidth + 1 && !el.closest('pre, textarea')) {
      problems.push('sideways scroll inside ' + name(el))
    }
  }
  const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="tab"], [role="radio"], [role="checkbox"], [role="switch"]'
  const shown = []
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect()
    if (r.width === 0 || r.height === 0) continue
    // Skips what is not rendered: hidden, or inside a closed <details>, whose content still has boxes.
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
    if (el.closest('.visually-hidden, [aria-hidden="true"]')) continue
    if (r.left < -1 || r.right > innerWidth + 1) {
      problems.push('off the window sideways: ' + name(el))
      continue
    }
    let fullyShown = true
    for (let a = el.parentElement; a !== null && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a)
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue
      const ar = a.getBoundingClientRect()
      const scrollsY = s.overflowY === 'auto' || s.overflowY === 'scroll'
      if (r.left < ar.left - 1 || r.right > ar.right + 1) {
        problems.push('cut off at the side by ' + name(a) + ': ' + name(el))
        fullyShown = false
        break
      }
      const outsideY = r.top < ar.top - 1 || r.bottom > ar.bottom + 1
      if (outsideY && !scrollsY && r.top < ar.bottom && r.bottom > ar.top) {
        problems.push('cut off by ' + name(a) + ': ' + name(el))
      }
      if (outsideY) {
        // Scrolled out of view (or cut, said above): what clips it further out is the scroller.
        fullyShown = false
        break
      }
    }
    if (fullyShown && r.bottom <= innerHeight && r.top >= 0) shown.push([el, r])
  }
  for (let i = 0; i < shown.length; i++) {
    const [a, ra] = shown[i]
    for (let j = i + 1; j < shown.length; j++) {
      const [b, rb] = shown[j]
      if (a.contains(b) || b.contains(a)) continue
      if (a.tagName === 'LABEL' || b.tagName === 'LABEL') continue
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left)
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top)
      if (w > 2 && h > 2) problems.push('overlap: ' + name(a) + ' and ' + name(b))
    }
    const x = ra.left + ra.width / 2
    const y = ra.top + ra.height / 2
    const hit = document.elementFromPoint(x, y)
    if (hit !== null && hit !== a && !a.contains(hit) && !hit.contains(a) && !(a.labels && [...a.labels].some((l) => l.contains(hit)))) {
      problems.push('covered by ' + name(hit) + ': ' + name(a))
    }
  }
  return problems
})()`

async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(LAYOUT_CHECK)
}

/** Serious and critical axe findings, one line each: rule, what it says, where. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  // Legacy mode runs axe inside the page itself: the default opens a second page to merge frame
  // results, and the app host allows no page besides the app's own window. The app has no frames.
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
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

/** Audits the screen as it is now at every size, and saves a screenshot at each. */
async function audit(app: AppHost, screen: string, theme: string): Promise<string[]> {
  const found: string[] = []
  const a11y = await accessibilityProblems(app.page)
  found.push(...a11y.map((p) => `${screen} (${theme}): ${p}`))
  for (const size of SIZES) {
    await app.page.setViewportSize(size)
    // Two frames: container queries and the virtualized lists settle after a resize.
    await app.page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    )
    const layout = await layoutProblems(app.page)
    found.push(...layout.map((p) => `${screen} (${theme}, ${size.width}x${size.height}): ${p}`))
    await snap(app, `screen-${screen}-${theme}-${size.width}x${size.height}`)
  }
  await app.page.setViewportSize(SIZES[1])
  return found
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`every workspace passes the accessibility audit and the layout check at three sizes (${theme})`, async ({
      app,
      sandbox,
      userDataDir,
    }) => {
      test.setTimeout(240_000)
      const { page } = app
      const problems: string[] = []

      // Account before a key, then signed in.
      await page.getByTestId('nav-account').click()
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
      problems.push(...(await audit(app, 'account-no-key', theme)))
      await signInForScript(app, sandbox)
      problems.push(...(await audit(app, 'account', theme)))

      // Script: empty, then a short manuscript.
      const script = new ScriptScreen(page)
      await script.open()
      await expect(page.getByTestId('script-empty')).toBeVisible()
      problems.push(...(await audit(app, 'script-empty', theme)))
      const source = join(userDataDir, 'harbour.md')
      await writeFile(source, SCRIPT)
      await script.openFile(app, source)
      await expect(script.blocks).toHaveCount(4)
      problems.push(...(await audit(app, 'script', theme)))

      // Voices: the catalog with its first rows.
      await page.getByTestId('nav-voices').click()
      await expect(page.getByRole('heading', { level: 1, name: 'Voices' })).toBeVisible()
      await expect(page.getByTestId('voice-row').first()).toBeVisible({ timeout: 20_000 })
      problems.push(...(await audit(app, 'voices', theme)))

      // Conversations: the inbox, then one conversation open beside it.
      await page.getByTestId('nav-conversations').click()
      const conversations = new ConversationsScreen(page)
      await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible()
      const firstRow = page.getByTestId('inbox-row').first()
      await expect(firstRow).toBeVisible({ timeout: 20_000 })
      problems.push(...(await audit(app, 'conversations', theme)))
      await page
        .getByTestId('inbox-row')
        .filter({ has: page.getByTestId('status-chip').getByText('completed', { exact: true }) })
        .first()
        .click()
      await expect(conversations.detail).toBeVisible()
      await expect(page.getByTestId('header-agent')).not.toBeEmpty()
      problems.push(...(await audit(app, 'conversation-detail', theme)))

      expect(problems).toEqual([])
    })
  })
}
