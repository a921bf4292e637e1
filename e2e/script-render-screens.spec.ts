import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { createProject } from '../src/shared/domain/script'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { LAYOUT_SIZES } from './support/layout-check'
import { snap } from './support/screenshots'
import { auditAtSizes } from './support/audit-sizes'
import { openScriptSignedIn } from './support/script-screen'

// The render dialog (ready and blocked), the render summary and the A/B panel, as a creator meets
// them: the choices first, the reason a render cannot start in full above the footer, no temp
// path and no machinery (pieces, requests, kHz, LUFS) until Details or More settings is opened.
// Each state passes axe and the layout check at three sizes and is photographed in both themes.

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-render-screens-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A two-block project; "Narrator 2" is cast as `narrator2`. */
async function projectFile(narrator2: string): Promise<string> {
  const path = join(dir, 'book.voicedesk')
  const project = createProject({
    title: 'Book',
    defaults: { voiceId: 'olivia' },
    cast: { 'Narrator 2': narrator2 },
    blocks: [
      { id: 'b1', text: 'The first narrator opens the story.' },
      { id: 'b2', text: 'The second narrator takes over here.', speaker: 'Narrator 2' },
    ],
  })
  await writeFile(path, JSON.stringify(project))
  return path
}

/** axe once and the layout check at each size, with a screenshot at each. */
function audit(app: AppHost, name: string, theme: string): Promise<string[]> {
  return auditAtSizes(app, { name: name, theme, shot: `render-${name}-${theme}` })
}

/** The text a person can see in `within` (hidden parts left out). */
function visibleText(within: Locator): Promise<string> {
  return within.evaluate((el) => (el as unknown as { innerText: string }).innerText)
}

/** The form fields a person can see in `within`. */
function visibleFields(within: Locator): Promise<number> {
  return within
    .locator('select, input:not([type=hidden]), textarea')
    .evaluateAll(
      (els) =>
        els.filter((el) => (el as unknown as { checkVisibility: () => boolean }).checkVisibility())
          .length,
    )
}

const MACHINERY = /pieces|requests|cached|kHz|kbps|LUFS|42\.67/

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`a blocked render says why first, in full above the footer, and its button opens Cast on the voice it names (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(180_000)
      const script = await openScriptSignedIn(app, sandbox)
      await script.openFile(app, await projectFile('dorothy'))
      await expect(script.blocks).toHaveCount(2)
      // The block cast to a voice not in the voice list says so, with the fix in its chip.
      const missing = script.block(1).getByTestId('block-missing-voice')
      await expect(missing.getByRole('button')).toHaveText('Choose voice')
      await expect(missing.getByRole('button')).toHaveAccessibleName(
        'Voice of block 2: not in your voice list (deleted, or from another account); choose one for every Narrator 2 line',
      )
      await expect(script.block(0).getByTestId('block-missing-voice')).toHaveCount(0)
      const problems = await audit(app, 'missing-voice', theme)
      await app.page.getByRole('button', { name: 'Render…' }).click()
      const dialog = app.page.getByRole('dialog', { name: 'Render the script' })
      await expect(dialog.getByTestId('render-estimate-summary')).toContainText('characters')
      await dialog.getByRole('button', { name: 'Choose file and render…' }).click()

      const blocked = dialog.getByTestId('render-blocked')
      await expect(blocked).toContainText("This render can't start yet")
      // One calm warning in plain words: whose voice, its name, where to choose another.
      await expect(blocked.getByTestId('error-message')).toHaveText(
        "Narrator 2's voice, Dorothy, isn't in your voice list. Choose another voice for Narrator 2 in the cast. Nothing was sent to the service.",
      )
      await expect(blocked.getByTestId('error-notice')).toHaveClass(/notice--warning/)
      const primary = dialog.getByTestId('render-primary')
      // The cause is a cast entry's unknown voice: the button says it opens Cast on it.
      await expect(primary).toHaveText('Choose a voice for Narrator 2 in Cast')
      // The Voices line names the missing voice as the warning does, never as a raw id.
      await expect(dialog.getByTestId('render-voices')).toContainText(
        'Narrator 2: Dorothy (not in your voice list)',
      )
      problems.push(...(await audit(app, 'dialog-blocked', theme)))

      // At the smallest window the whole reason is in view, above the footer, with no scrolling.
      await app.page.setViewportSize(LAYOUT_SIZES[0])
      const message = blocked.getByTestId('error-message')
      await expect(message).toBeInViewport({ ratio: 1 })
      const messageBox = (await message.boundingBox())!
      const footerBox = (await dialog.locator('.dialog__actions').boundingBox())!
      const headBox = (await dialog.locator('.dialog-frame__head').boundingBox())!
      expect(messageBox.y).toBeGreaterThanOrEqual(headBox.y + headBox.height)
      expect(messageBox.y + messageBox.height).toBeLessThanOrEqual(footerBox.y)
      await app.page.setViewportSize(LAYOUT_SIZES[1])

      await primary.click()
      await expect(dialog).toBeHidden()
      // Cast is open on the entry it names, marked, its voice chooser open.
      const entry = app.page.getByTestId('cast-row').filter({ hasText: 'Narrator 2' })
      await expect(entry).toHaveAttribute('data-attention', 'true')
      await expect(entry).toContainText('Choose a voice from your voice list')
      const chooser = app.page.getByRole('listbox', { name: 'Voice for Narrator 2' })
      await expect(chooser).toBeVisible()
      // The missing voice said in words, not shown as a working chip; the default voice listed once.
      await expect(entry.getByRole('button', { name: /^Voice for Narrator 2:/ })).toHaveText(
        'Dorothy · not in your voice list',
      )
      await expect(chooser.getByRole('option').filter({ hasText: 'Olivia' })).toHaveCount(1)
      await expect(chooser.getByRole('option').first()).toContainText('Olivia (default)')
      // Photographed, not audited: the open chooser lies over the list by design.
      for (const size of LAYOUT_SIZES) {
        await app.page.setViewportSize(size)
        await snap(app, `render-cast-attention-${theme}-${size.width}x${size.height}`)
      }
      await app.page.setViewportSize(LAYOUT_SIZES[1])
      await app.page.getByRole('searchbox', { name: 'Search voices' }).fill('Emma')
      await app.page
        .getByRole('listbox', { name: 'Voice for Narrator 2' })
        .getByRole('option')
        .filter({ has: app.page.getByText('Emma', { exact: true }) })
        .first()
        .getByRole('button')
        .first()
        .click()
      await expect(entry).not.toHaveAttribute('data-attention', 'true')
      await expect(script.block(1).getByTestId('block-missing-voice')).toHaveCount(0)
      // Fixed: the render can start.
      await app.page.getByRole('button', { name: 'Render…' }).click()
      await expect(dialog.getByTestId('render-primary')).toHaveText('Choose file and render…')
      await expect(dialog.getByTestId('render-blocked')).toHaveCount(0)
      expect(problems).toEqual([])
    })

    test(`the render dialog opens on a few choices, the summary names the file without its path, and A/B keeps its figures in Details (${theme})`, async ({
      app,
      sandbox,
      userDataDir,
    }) => {
      test.setTimeout(240_000)
      const script = await openScriptSignedIn(app, sandbox)
      await script.openFile(app, await projectFile('emma'))
      await expect(script.blocks).toHaveCount(2)
      await app.page.getByRole('button', { name: 'Render…' }).click()
      const dialog = app.page.getByRole('dialog', { name: 'Render the script' })
      await dialog.getByLabel('Format').selectOption('mp3')
      await expect(dialog.getByTestId('render-estimate-summary')).toContainText(
        /about [\d,]+ characters/,
      )

      // The first view: the choices a creator makes, and no machinery. "Made for" starts on
      // general listening, said as a listener says it.
      await expect(dialog.getByLabel('Made for').locator('option:checked')).toHaveText(
        'General listening',
      )
      await expect(dialog.getByLabel('Made for')).not.toContainText('store checks')
      expect(await visibleFields(dialog)).toBeLessThanOrEqual(6)
      await expect(dialog.getByTestId('render-estimate-summary')).toHaveText(
        /^This render uses about [\d,]+ characters of your plan · about \d+ seconds of audio$/,
      )
      await expect(dialog.getByTestId('render-voices')).toContainText(
        'Olivia (default) · Narrator 2: Emma',
      )
      expect(await visibleText(dialog)).not.toMatch(MACHINERY)
      await expect(dialog.getByLabel('Sample rate')).toBeHidden()
      const problems = await audit(app, 'dialog-ready', theme)
      // More settings shows the rest; How this is counted shows the pieces and requests.
      await dialog.getByRole('button', { name: 'More settings', expanded: false }).click()
      await expect(dialog.getByLabel('Sample rate')).toBeVisible()
      await expect(dialog.getByLabel('MP3 bitrate')).toBeVisible()
      await expect(dialog.getByLabel('Loudness')).toBeVisible()
      await expect(dialog.getByTestId('book-details')).toBeVisible()
      await dialog.getByRole('button', { name: 'How this is counted' }).click()
      await expect(dialog.getByTestId('render-estimate')).toContainText(
        'characters that are spoken',
      )
      expect(await visibleText(dialog)).not.toMatch(/pieces|requests|cache/)
      problems.push(...(await audit(app, 'dialog-more', theme)))

      // The summary: what was made, how long, Play and Show in folder; no path on the page.
      app.platform.answerNextSave(join(dir, 'book.mp3'))
      await dialog.getByRole('button', { name: 'Choose file and render…' }).click()
      const summary = app.page.getByTestId('render-finished')
      await expect(summary).toBeVisible({ timeout: 60_000 })
      await expect(summary).toContainText(/book\.mp3 is ready: \d+:\d\d long/)
      await expect(summary.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
      await expect(summary.getByRole('button', { name: 'Show in folder' })).toBeVisible()
      const page = await visibleText(app.page.locator('body'))
      expect(page).not.toContain(dir)
      expect(page).not.toContain(userDataDir)
      expect(page).not.toContain(tmpdir())
      expect(page).not.toMatch(MACHINERY)
      await expect(summary.getByTestId('render-usage')).toHaveText(
        /^This render used [\d,]+ characters\.$/,
      )
      // The notes are never cut short (the warning in them is the point): whole at 1280 and 1024.
      const notesWhole = (): Promise<boolean> =>
        summary
          .locator('.render-summary__more')
          .evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)
      await expect(summary.getByTestId('render-summary-notes')).toContainText(
        'The audio says what the script says',
      )
      expect(await notesWhole()).toBe(true)
      problems.push(...(await audit(app, 'summary', theme)))
      // At 1024x700 the summary takes at most three short lines (the notes wrap rather than lose
      // words), and with the player open two: the script keeps the window.
      await app.page.setViewportSize(LAYOUT_SIZES[0])
      const blockList = app.page.getByTestId('block-list')
      expect(await notesWhole()).toBe(true)
      expect((await summary.boundingBox())!.height).toBeLessThanOrEqual(96)
      // The player's length is the summary's, rounded the same way.
      const length = /is ready: (\d+:\d\d) long/.exec((await summary.textContent()) ?? '')?.[1]
      expect(length).toMatch(/^\d+:\d\d$/)
      await summary.getByRole('button', { name: 'Play', exact: true }).click()
      await expect(app.page.getByTestId('render-player')).toHaveAttribute('data-ready', 'true', {
        timeout: 30_000,
      })
      await expect(app.page.getByTestId('player-time')).toHaveText(
        new RegExp(` / ${length ?? 'none'}$`),
      )
      expect((await summary.boundingBox())!.height).toBeLessThanOrEqual(104)
      // One primary in the player: its Play. Hide player is a quiet toggle beside it.
      await expect(summary.locator('.button--primary:visible')).toHaveCount(1)
      await expect(summary.locator('.button--primary:visible')).toHaveText('Play')
      await expect(summary.getByRole('button', { name: 'Hide player' })).not.toHaveClass(
        /button--primary/,
      )
      expect((await blockList.boundingBox())!.height).toBeGreaterThanOrEqual(360)
      await app.page.setViewportSize(LAYOUT_SIZES[1])
      problems.push(...(await audit(app, 'summary-player', theme)))
      await summary.getByRole('button', { name: 'Hide player' }).click()

      // Details: the full path and what was billed, behind their disclosure.
      await summary.getByRole('button', { name: 'Details…' }).click()
      const details = app.page.getByRole('dialog', { name: 'About book.mp3' })
      // The file's facts at a glance (its name, length, format, what it was billed and how long
      // it took, in words) with Show in folder; the dialog sized to them, not to a store's table.
      const facts = details.getByTestId('render-facts')
      await expect(facts).toContainText('Filebook.mp3')
      await expect(facts).toContainText(/Length\d+:\d\d/)
      await expect(facts).toContainText('FormatMP3')
      await expect(details.getByRole('button', { name: 'Show in folder' })).toBeVisible()
      await expect(details.getByRole('button', { name: 'Open in player app' })).toBeVisible()
      await expect(details.getByTestId('render-billed')).toHaveText(/^[\d,]+$/)
      await expect(details.getByTestId('render-took')).toHaveText(/^\d+ seconds?$/)
      expect((await details.boundingBox())!.width).toBeLessThanOrEqual(700)
      const plainDetails = await visibleText(details)
      expect(plainDetails).not.toContain(dir)
      expect(plainDetails).not.toMatch(/requests?\b|LUFS/)
      problems.push(...(await audit(app, 'details', theme)))
      // The full path and the pieces sent behind their disclosure.
      await details.getByRole('button', { name: 'Where it is and how it was made' }).click()
      await expect(details.getByTestId('render-figures')).toContainText(join(dir, 'book.mp3'))
      await expect(details.getByTestId('render-figures')).toContainText(
        /Billed: [\d,]+ characters, sent in \d+ new pieces?\./,
      )
      expect(await visibleText(details)).not.toMatch(/requests?\b/)
      await details.getByRole('button', { name: 'Close', exact: true }).click()

      // Project settings: pauses in seconds, the level by its purpose; no ms or LUFS in view.
      await script.toolbarCommand('Project settings…')
      const settings = app.page.getByRole('dialog', { name: 'Project settings' })
      await expect(settings.getByLabel('Between paragraphs')).toHaveValue(/^\d+(\.\d+)?$/)
      await settings.getByLabel('Level of the finished file').selectOption('target')
      await expect(settings.getByLabel('Loudness for')).toBeVisible()
      expect(await visibleText(settings)).not.toMatch(/\bms\b|LUFS/)
      // "Made for" is chosen in the render dialog only: here it is shown in a plain sentence,
      // with no button from one dialog to another.
      await expect(settings.getByTestId('project-made-for')).toHaveText(
        'Made for General listening · you choose what a file is made for each time you render it.',
      )
      await expect(settings.getByLabel('Made for')).toHaveCount(0)
      await expect(settings.getByTestId('project-made-for').getByRole('button')).toHaveCount(0)
      // The service's loudness switch says what the user gets, not what the service is asked.
      await expect(
        settings.getByRole('checkbox', {
          name: 'Keep the voice at an even loudness from line to line',
        }),
      ).toBeVisible()
      expect(await visibleText(settings)).not.toContain('Ask the service')
      problems.push(...(await audit(app, 'project-settings', theme)))
      await settings.getByRole('button', { name: 'Done' }).click()
      await expect(settings).toBeHidden()

      // A/B: the takes and what to do; the measured levels only behind Level details.
      await script.blockMenu(0, 'Compare two voices…')
      const ab = app.page.getByRole('dialog', { name: 'Compare two voices' })
      // Each take's voice is a field to change, drawn as a select (a chevron, a field's width).
      const voiceB = ab.getByRole('button', { name: /^Voice of take B:/ })
      await expect(voiceB).toHaveText('Choose a voice')
      await expect(voiceB.locator('.voice-picker__chevron')).toBeVisible()
      const field = (await ab.getByTestId('ab-take-b').boundingBox())!
      expect((await voiceB.boundingBox())!.width).toBeGreaterThanOrEqual(field.width - 1)
      await script.pickVoice('Voice of take B', 'George')
      await ab.getByRole('button', { name: 'Make the takes' }).click()
      await expect(ab.getByTestId('ab-results')).toBeVisible({ timeout: 30_000 })
      expect(await visibleText(ab)).not.toMatch(/LUFS|dB/)
      // Each take is named by its voice where it is chosen, and there is one primary action.
      await expect(ab.getByRole('radio', { name: 'Take A · Olivia' })).toBeChecked()
      await expect(ab.getByRole('radio', { name: 'Take B · George' })).not.toBeChecked()
      await expect(ab.locator('.button--primary')).toHaveCount(1)
      await expect(ab.locator('.button--primary')).toHaveText('Keep take A (Olivia)')
      await expect(ab.getByTestId('ab-level-a')).toBeHidden()
      // Making them again says what it makes and what it may cost: the block's 35 characters a take.
      await expect(
        ab.getByRole('button', { name: 'Make both takes again (uses up to 70 characters)' }),
      ).toBeVisible()
      problems.push(...(await audit(app, 'ab', theme)))
      await ab.getByRole('button', { name: 'Level details', expanded: false }).click()
      await expect(ab.getByTestId('ab-level-a')).toContainText(
        /measured at -?\d+\.\d LUFS, played at/,
      )
      // A Close in its head, as every dialog has; Escape closes it too.
      await ab.getByRole('button', { name: 'Close', exact: true }).click()
      await expect(ab).toBeHidden()
      await script.blockMenu(0, 'Compare two voices…')
      await expect(ab).toBeVisible()
      await app.page.keyboard.press('Escape')
      await expect(ab).toBeHidden()
      expect(problems).toEqual([])
    })

    test(`a render in progress names the block it is at and the time left, with Cancel (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(240_000)
      const script = await openScriptSignedIn(app, sandbox)
      const path = join(dir, 'long.voicedesk')
      const blocks = Array.from({ length: 40 }, (_, i) => ({
        id: `b${i}`,
        text: `Paragraph ${i + 1} of the harbour story, told slowly.`,
      }))
      const project = createProject({ title: 'Harbour', defaults: { voiceId: 'olivia' }, blocks })
      await writeFile(path, JSON.stringify(project))
      await script.openFile(app, path)
      await app.page.getByRole('button', { name: 'Render…' }).click()
      const dialog = app.page.getByRole('dialog', { name: 'Render the script' })
      await expect(dialog.getByTestId('render-estimate-summary')).toContainText('characters')
      // A slow service, so the render is still under way while it is photographed.
      sandbox.setFaults({ latencyMs: 15_000 })
      try {
        app.platform.answerNextSave(join(dir, 'long.wav'))
        await dialog.getByLabel('Format').selectOption('wav')
        await dialog.getByRole('button', { name: 'Choose file and render…' }).click()
        const progress = app.page.getByTestId('render-progress')
        await expect(progress).toContainText(/^Block \d+ of 40 · about \d+:\d\d left$/, {
          timeout: 120_000,
        })
        expect(await visibleText(script.renderPanel)).not.toMatch(MACHINERY)
        await expect(script.renderPanel.getByRole('button', { name: 'Cancel' })).toBeVisible()
        // Cancelling is the user's choice, not a failure: a neutral button, nothing red.
        await expect(script.renderPanel.getByRole('button', { name: 'Cancel' })).not.toHaveClass(
          /danger/,
        )
        await expect(script.renderPanel.locator('[class*="danger"]')).toHaveCount(0)
        // The blocks tick as their audio arrives: the first ones rendered, only the one the render
        // is at says "Rendering…", and the ones after it wait their turn.
        await expect(script.block(0)).toHaveAttribute('data-mark', 'cached', { timeout: 60_000 })
        await expect(script.blocks.last()).toHaveAttribute('data-mark', 'waiting')
        await expect(script.blocks.last().getByTestId('block-state')).toHaveText('Waiting')
        const atWork = app.page.locator('[data-testid="script-block"][data-mark="rendering"]')
        await expect(atWork).toHaveCount(1)
        await expect(atWork.getByTestId('block-state')).toHaveText('Rendering…')
        await expect(script.renderPanel).toHaveAttribute('data-state', 'running')
        const problems = await audit(app, 'progress', theme)
        await script.renderPanel.getByRole('button', { name: 'Cancel' }).click()
        await expect(script.renderPanel).toHaveAttribute('data-state', 'resumable', {
          timeout: 60_000,
        })
        await expect(script.renderPanel).toContainText(/stopped (about \d+% of the way|before)/)
        expect(problems).toEqual([])
      } finally {
        sandbox.setFaults({ latencyMs: 0 })
      }
    })

    test(`the ACX report reads lengths as a person says them (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(240_000)
      const script = await openScriptSignedIn(app, sandbox)
      await script.openFile(app, await projectFile('emma'))
      await expect(script.blocks).toHaveCount(2)
      await app.page.getByRole('button', { name: 'Render…' }).click()
      const dialog = app.page.getByRole('dialog', { name: 'Render the script' })
      await dialog.getByLabel('Made for').selectOption({ label: 'ACX/Audible' })
      app.platform.answerNextSave(join(dir, 'acx.mp3'))
      await dialog.getByRole('button', { name: 'Choose file and render…' }).click()
      const finished = app.page.getByTestId('render-finished')
      await expect(finished).toBeVisible({ timeout: 120_000 })
      await finished.getByRole('button', { name: 'Details…' }).click()
      const about = app.page.getByRole('dialog', { name: 'About acx.mp3' })
      const report = about.getByTestId('compliance-summary')
      await expect(report).toContainText(/1 chapter file is ready for ACX\/Audible: 01 - .+\.mp3\./)
      await report.getByRole('button', { name: 'Every check', expanded: false }).click()
      const length = report.getByRole('row', { name: /^Length/ }).first()
      await expect(length).toContainText(/\d+ seconds/)
      await expect(length).toContainText('at most 2 hours a file')
      // Room tone, not digital silence, in the quiet parts: the noise floor passes with a figure.
      const floor = report.getByRole('row', { name: /^Noise floor/ }).first()
      await expect(floor).toContainText(/-\d+\.\d dBFS/)
      await expect(floor).toContainText('Pass')
      expect(await visibleText(report)).not.toMatch(/\d\.\d minutes/)
      expect(await audit(app, 'acx-report', theme)).toEqual([])
    })
  })
}
