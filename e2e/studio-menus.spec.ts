import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { recentIdOf } from '../src/main/core/script-workspace/recent-projects'
import { expect, test } from './fixtures/test'
import type { AppHost } from './fixtures/app-host'
import type { PageWindow } from './support/page-window'
import { ScriptScreen } from './support/script-screen'
import { snap } from './support/screenshots'

// The palette of src/renderer/src/styles/theme.css: the app background and text per scheme.
const palette = {
  light: { background: 'rgb(245, 246, 248)', text: 'rgb(27, 31, 36)' },
  dark: { background: 'rgb(21, 23, 28)', text: 'rgb(231, 233, 238)' },
} as const

const colours = (page: Page) =>
  page.locator('body').evaluate((body) => {
    const style = (globalThis as unknown as PageWindow).getComputedStyle(body)
    return { background: style.backgroundColor, text: style.color }
  })

const modifier = (app: AppHost) =>
  process.platform === 'darwin' && app.host === 'electron' ? 'Meta' : 'Control'

/** axe on the whole window: no serious or critical violation, in the current theme. */
async function expectAccessible(page: Page): Promise<void> {
  // Why legacy mode: the default opens a blank page to merge frame results, and the host closes
  // every page but the app's (the app has no frames to merge).
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }))
  expect(serious).toEqual([])
}

test.describe('under a light OS', () => {
  test.use({ appColorScheme: 'light' })

  test('Dark, chosen from the keyboard in the sidebar, holds across a reload; System follows the OS again', async ({
    app,
  }) => {
    const { page } = app
    const picker = page.getByRole('group', { name: 'Theme' })
    await expect(picker.getByRole('radio', { name: 'System' })).toBeChecked()
    await expect.poll(() => colours(page)).toEqual(palette.light)

    // Keyboard only: Tab reaches the checked radio, the arrows choose.
    await picker.getByRole('radio', { name: 'System' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(picker.getByRole('radio', { name: 'Light' })).toBeChecked()
    await page.keyboard.press('ArrowRight')
    await expect(picker.getByRole('radio', { name: 'Dark' })).toBeChecked()
    await expect(picker.getByRole('radio', { name: 'Dark' })).toBeFocused()
    await expect.poll(() => colours(page)).toEqual(palette.dark)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

    await page.reload()
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
    await expect.poll(() => colours(page)).toEqual(palette.dark)
    await snap(app, 'theme-dark-chosen-under-light-os')
    await expectAccessible(page)

    await page.getByRole('radio', { name: 'System' }).check()
    await expect.poll(() => colours(page)).toEqual(palette.light)
    await page.reload()
    await expect(page.getByRole('radio', { name: 'System' })).toBeChecked()
    await expect.poll(() => colours(page)).toEqual(palette.light)
  })

  test('the shortcuts sheet opens on Ctrl+/ anywhere, Esc closes it and focus goes back', async ({
    app,
  }) => {
    const { page } = app
    await page.getByTestId('nav-voices').click()
    await expect(page.getByRole('heading', { level: 1, name: 'Voices' })).toBeVisible()
    await page.getByTestId('nav-voices').focus()

    await page.keyboard.press(`${modifier(app)}+/`)
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(sheet).toBeVisible()
    await expect(sheet.getByRole('button', { name: 'Close' })).toBeFocused()
    for (const group of ['Everywhere', 'Script', 'Voices', 'Conversations'])
      await expect(sheet.getByRole('heading', { level: 3, name: group })).toBeVisible()
    // The menu's accelerators, as the menu has them (shared/domain/shortcuts.ts).
    const render = sheet.getByRole('row', { name: /Render the script to audio files/ })
    await expect(render).toContainText(/Ctrl|⌘/)
    await expect(render).toContainText('Shift')
    await expect(render).toContainText('Enter')
    await snap(app, 'shortcuts-sheet-light')
    await expectAccessible(page)

    await page.keyboard.press('Escape')
    await expect(sheet).toBeHidden()
    await expect(page.getByTestId('nav-voices')).toBeFocused()

    // Help > Keyboard Shortcuts runs the same path; the Close button shuts it too.
    await app.menuCommand({ command: 'help:shortcuts' })
    await expect(sheet).toBeVisible()
    await sheet.getByRole('button', { name: 'Close' }).press('Enter')
    await expect(sheet).toBeHidden()
    await expect(page.getByTestId('nav-voices')).toBeFocused()
  })
})

test.describe('under a dark OS', () => {
  test.use({ appColorScheme: 'dark' })

  test('Light holds across a reload, and the sheet reads well in dark', async ({ app }) => {
    const { page } = app
    await expect.poll(() => colours(page)).toEqual(palette.dark)
    await page.keyboard.press(`${modifier(app)}+/`)
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
    await snap(app, 'shortcuts-sheet-dark')
    await expectAccessible(page)
    await page.keyboard.press('Escape')

    await page.getByRole('radio', { name: 'Light' }).check()
    await expect.poll(() => colours(page)).toEqual(palette.light)
    await page.reload()
    await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked()
    await expect.poll(() => colours(page)).toEqual(palette.light)
    await snap(app, 'theme-light-chosen-under-dark-os')
  })
})

test('the File and Edit menu commands run the script actions, from any workspace', async ({
  app,
}) => {
  const { page } = app
  const script = new ScriptScreen(page)
  await page.getByTestId('nav-voices').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Voices' })).toBeVisible()

  // File > New Script from another workspace opens the Script workspace with a new script.
  await app.menuCommand({ command: 'script:new' })
  await expect(page.getByTestId('nav-script')).toHaveAttribute('aria-current', 'page')
  await expect(script.text(0)).toBeVisible()
  await script.text(0).fill('The first line of the book.')
  await expect(script.text(0)).toHaveValue('The first line of the book.')

  // Edit > Undo with the editor focused is the script's undo (as the toolbar's Undo).
  await page.getByRole('button', { name: 'Undo' }).focus()
  await app.menuCommand({ command: 'edit:undo' })
  await expect(script.text(0)).toHaveValue('')
  await app.menuCommand({ command: 'edit:redo' })
  await expect(script.text(0)).toHaveValue('The first line of the book.')

  // File > Render opens the render dialog; so does its shortcut.
  await app.menuCommand({ command: 'script:render' })
  const renderDialog = page.getByRole('dialog', { name: /Render/ })
  await expect(renderDialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(renderDialog).toBeHidden()
  await script.text(0).focus()
  await page.keyboard.press(`${modifier(app)}+Shift+Enter`)
  await expect(renderDialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(renderDialog).toBeHidden()

  // File > Export Script… writes the words as Markdown, with what was typed a moment ago.
  await script.text(0).fill('The first line of the book, as exported.')
  const exported = join(app.userDataDir, 'book-text.md')
  app.platform.answerNextSave(exported)
  await app.menuCommand({ command: 'script:export' })
  await expect(page.getByTestId('script-exported')).toContainText('book-text.md')
  expect(await readFile(exported, 'utf8')).toBe('The first line of the book, as exported.\n')
  await page.getByTestId('script-exported').getByRole('button', { name: 'Dismiss' }).click()
  await page.getByRole('button', { name: 'Undo' }).click()

  // File > Save asks where (the first save), then the title says saved.
  const path = join(app.userDataDir, 'book.voicedesk')
  app.platform.answerNextSave(path)
  await app.menuCommand({ command: 'script:save' })
  await expect(page.getByTestId('script-title')).toContainText('book.voicedesk — saved')

  // Close it; File > Open Recent reopens it by the id main gave it (never a path).
  await page.getByRole('button', { name: 'Close document' }).click()
  await expect(page.getByTestId('recent-project')).toHaveCount(1)
  await app.menuCommand({ command: 'script:openRecent', recentId: recentIdOf(path) })
  await expect(script.text(0)).toHaveValue('The first line of the book.')
  await page.getByRole('button', { name: 'Close document' }).click()

  // File > Open Recent > Clear Recent empties the list.
  await app.menuCommand({ command: 'script:clearRecent' })
  await expect(page.getByTestId('recent-project')).toHaveCount(0)
  await snap(app, 'script-after-clear-recent')
})

test('File > Project Settings… opens the project settings from any workspace, only with a script open', async ({
  app,
}) => {
  const { page } = app
  await page.setViewportSize({ width: 1024, height: 700 })
  await page.getByTestId('nav-voices').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Voices' })).toBeVisible()
  const settings = page.getByRole('dialog', { name: 'Project settings' })

  // No script open: the command does nothing (the menu item is disabled then too). The sheet
  // opened next shows the window has handled the command before it.
  await app.menuCommand({ command: 'script:projectSettings' })
  await app.menuCommand({ command: 'help:shortcuts' })
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(sheet).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(page.getByTestId('nav-voices')).toHaveAttribute('aria-current', 'page')
  await expect(settings).toHaveCount(0)

  // With a script open, from Voices: the Script workspace opens with the dialog on it.
  await app.menuCommand({ command: 'script:new' })
  await expect(new ScriptScreen(page).text(0)).toBeVisible()
  await page.getByTestId('nav-voices').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Voices' })).toBeVisible()
  await app.menuCommand({ command: 'script:projectSettings' })
  await expect(page.getByTestId('nav-script')).toHaveAttribute('aria-current', 'page')
  await expect(settings).toBeVisible()
  const done = settings.getByRole('button', { name: 'Done' })
  await expect(done).toBeFocused()
  // The footer stays in view in a small window: the body scrolls, Done does not.
  await expect(done).toBeInViewport({ ratio: 1 })
  const body = settings.locator('.dialog-frame__body')
  // The callbacks run in the page: the element's type is spelled out, not imported.
  type Scroller = { scrollHeight: number; clientHeight: number; scrollTop: number }
  const overflows = await body.evaluate((el) => {
    const box = el as unknown as Scroller
    return box.scrollHeight > box.clientHeight
  })
  expect(overflows).toBe(true)
  await body.evaluate((el) => {
    const box = el as unknown as Scroller
    box.scrollTop = box.scrollHeight
  })
  await expect(done).toBeInViewport({ ratio: 1 })
  await expect(
    settings.getByRole('heading', { level: 2, name: 'Project settings' }),
  ).toBeInViewport()
  await snap(app, 'project-settings-from-menu-1024x700')
  await expectAccessible(page)

  // The head's Close shuts it as Done does.
  await settings.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(settings).toBeHidden()
  await page.setViewportSize({ width: 1920, height: 1080 })
  await app.menuCommand({ command: 'script:projectSettings' })
  await expect(settings).toBeVisible()
  await snap(app, 'project-settings-from-menu-1920x1080')
  await done.click()
  await expect(settings).toBeHidden()
})

test('Ctrl+N and Ctrl+I work from the keyboard; Import offers only importable files', async ({
  app,
}) => {
  const { page } = app
  await page.getByTestId('nav-account').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  await page.keyboard.press(`${modifier(app)}+n`)
  await expect(page.getByTestId('nav-script')).toHaveAttribute('aria-current', 'page')
  await expect(new ScriptScreen(page).text(0)).toBeVisible()
  await expectAccessible(page)

  app.platform.answerNextOpen(null)
  await page.keyboard.press(`${modifier(app)}+i`)
  await expect
    .poll(() => app.platform.dialogs.at(-1))
    .toEqual({ kind: 'open', title: 'Import a script, document, PDF or EPUB book' })
})
