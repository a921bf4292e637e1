import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { resizeWindow } from './support/resize-window'
import { clickBlock, trackBlocks } from './support/voiceover-track'
import { signInForScript } from './support/script-screen'
import {
  voiceoverRoomProblems,
  wordsRoomProblems,
  wrappedVerdicts,
} from './support/voiceover-layout'

// A creator tries the sample subtitles from the empty workspace, shortens a line, gives the
// speakers voices, saves the project, and opens it again: the lines as edited and the cast come
// back. Nothing is sent to the service on the way.

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-voiceover-project-e2e-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`the sample subtitles, edited and cast, saved as a project and opened again (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(240_000)
      const { page } = app
      const problems: string[] = []
      await signInForScript(app, sandbox)
      await page.getByTestId('nav-voiceover').click()
      await expect(page.getByTestId('vo-empty')).toContainText('Try sample subtitles')
      await expect(page.getByTestId('vo-empty')).toContainText('two lines too long for their slot')
      sandbox.clearRequestLog()

      await page.getByRole('button', { name: 'Try sample subtitles' }).click()
      const lines = page.getByTestId('vo-line')
      await expect(lines).toHaveCount(6)
      await expect(page.locator('.workspace__description')).toContainText('harbour.srt')
      await expect(lines.nth(1)).toContainText(/\d\.\d s too long/)
      // The summary keeps the empty state's promise: two lines too long, and the two short lines
      // they push are counted apart as late, not as too long.
      await expect(page.getByTestId('vo-summary')).toContainText(
        '6 lines · 2 lines too long for their slot · 2 start late',
      )
      // The last line is short but pushed by line 5 past the end (no video: the track ends with
      // its cue): it says so, and its next step points at line 5, not at its own words.
      await expect(lines.nth(5)).toContainText(/Starts \d\.\d s late, runs past the end/)
      await expect(lines.nth(5)).not.toContainText('too long')
      await expect(page.getByRole('textbox', { name: 'Line 6 words' })).toHaveAccessibleDescription(
        'The line before runs into this one: shorten the line before, or allow a faster pace.',
      )
      // Its time bar draws its spoken part, starting late.
      await expect(lines.nth(5).locator('.vo-lane__late')).toHaveCount(1)
      await expect(lines.nth(5).locator('.vo-lane__spoken')).not.toHaveCSS('width', '0px')
      await expect(lines.nth(5).locator('.vo-lane__over')).toHaveCount(0)
      // At each size: all six lines whole on screen (the last one's next step too), the summary
      // and the legend one line each, every one-part result one line; below 1100 px the cast
      // button says what it holds in a creator's words.
      const castToggle = page.getByTestId('vo-cast-toggle')
      problems.push(
        ...(await auditAtSizes(app, {
          name: 'sample',
          theme,
          shot: `voiceover-sample-${theme}`,
          beforeSnap: async () => {
            problems.push(...(await voiceoverRoomProblems(page)), ...(await wrappedVerdicts(page)))
            // At 1920 the words get the width: every sample line is one row.
            if (page.viewportSize()?.width === 1920)
              problems.push(...(await wordsRoomProblems(page)))
            if (page.viewportSize()?.width === 1024)
              expect(await castToggle.innerText()).toBe('2 speakers')
          },
        })),
      )
      await expect(castToggle).toHaveText('Cast: 2 speakers')

      // A line's own fit is out of sight until its row is pointed at or focused (Tab reaches it);
      // a fit of its own stays shown, with its name, until the project's is chosen again.
      const fitOf = (cue: number) => lines.nth(cue - 1).locator('.vo-line__fit')
      await expect(fitOf(4)).toHaveCSS('opacity', '0')
      await page.getByRole('textbox', { name: 'Line 4 words' }).focus()
      await page.keyboard.press('Tab')
      await expect(page.getByRole('combobox', { name: 'Line 4 fit' })).toBeFocused()
      await expect(fitOf(4)).toHaveCSS('opacity', '1')
      await page.getByRole('combobox', { name: 'Line 4 fit' }).selectOption('stretch')
      await page.getByRole('textbox', { name: 'Line 1 words' }).focus()
      await expect(fitOf(4)).toHaveCSS('opacity', '1')
      await expect(fitOf(4).locator('.vo-line__fit-word')).toHaveText('Stretch')
      await page.getByRole('combobox', { name: 'Line 4 fit' }).selectOption('rate')
      await expect(fitOf(4).locator('.vo-line__fit-word')).toHaveCount(0)
      await page.getByRole('textbox', { name: 'Line 1 words' }).focus()
      await expect(fitOf(4)).toHaveCSS('opacity', '0')

      // The advice is an action: the faster pace, with what it is predicted to do, in one click.
      const allow = lines.nth(1).getByRole('button', { name: 'Allow up to 150%' })
      await expect(lines.nth(1).locator('.vo-line__pace-note')).toHaveText(
        /^still \d\.\d s too long$/,
      )
      await allow.focus()
      await page.keyboard.press('Enter')
      await expect(page.getByLabel('Fastest pace')).toHaveValue('1.5')
      await expect(allow).toHaveCount(0)
      await expect(lines.nth(1)).toContainText('this is already the fastest pace')

      // At 1024x700 the lines are the page: at least five of the six are on screen whole.
      await resizeWindow(page, { width: 1024, height: 700 })
      const list = await page.getByTestId('vo-lines').boundingBox()
      let whole = 0
      for (let i = 0; i < 6; i++) {
        const row = await lines.nth(i).boundingBox()
        if (list && row && row.y >= list.y - 1 && row.y + row.height <= list.y + list.height + 1)
          whole++
      }
      expect(list && list.y + list.height).toBeLessThanOrEqual(700)
      expect(whole).toBeGreaterThanOrEqual(5)
      await resizeWindow(page, { width: 1280, height: 800 })

      // The whole voice-over as one track: a block per line, the two too-long lines' overruns
      // drawn right after their blocks; a click on a block goes to its row.
      const track = page.getByRole('slider', { name: 'Position' })
      const drawn = await trackBlocks(page)
      expect(drawn.lines).toHaveLength(6)
      expect(drawn.over).toHaveLength(2)
      const second = drawn.lines[1]
      expect(second && drawn.over[0]?.x).toBeCloseTo((second?.x ?? 0) + (second?.width ?? 0), 0)
      // The line last focused in the rows (line 2, whose pace button was pressed) is outlined;
      // a click on line 3's block moves the outline there.
      const outline = page.getByTestId('vo-track-selected')
      const trackBox = await track.boundingBox()
      const outlineAt = async (): Promise<number | null> => {
        const box = (await outline.count()) > 0 ? await outline.boundingBox() : null
        return box && trackBox ? Math.round(box.x - trackBox.x) : null
      }
      await expect.poll(outlineAt).toBeLessThan((drawn.lines[2]?.x ?? 0) - 2)
      await clickBlock(page, track, drawn.lines[2] ?? { x: -1, width: 0 })
      await expect(page.getByRole('textbox', { name: 'Line 3 words' })).toBeFocused()
      await expect
        .poll(async () => Math.abs(((await outlineAt()) ?? -100) - (drawn.lines[2]?.x ?? 0)))
        .toBeLessThanOrEqual(3)
      // From the keyboard: a slider that says its time in words; Right moves a second, Enter
      // goes to the line at that time.
      await track.focus()
      await track.press('Home')
      await expect(track).toHaveAttribute('aria-valuetext', /^0:00 of 0:1\d$/)
      await track.press('ArrowRight')
      await expect(track).toHaveAttribute('aria-valuetext', /^0:01 of 0:1\d$/)
      await expect(page.getByTestId('vo-player-time')).toContainText('0:01.0')
      await track.press('Enter')
      await expect(page.getByRole('textbox', { name: 'Line 1 words' })).toBeFocused()

      const words = page.getByRole('textbox', { name: 'Line 2 words' })
      await words.fill('The storm passed quickly.')
      await words.press('Enter')
      await expect(lines.nth(1)).not.toContainText('too long')
      await page.getByLabel('Main voice', { exact: true }).selectOption('olivia')
      await page.getByRole('button', { name: /^Cast: 2 speakers/ }).click()
      await page.getByTestId('vo-cast').getByLabel('TOM', { exact: true }).selectOption('george')
      await expect(lines.nth(1)).toContainText('George')

      const target = join(dir, 'harbour.vdvoice')
      app.platform.answerNextSave(target)
      await page.getByRole('button', { name: 'Save project…' }).click()
      await expect(page.getByTestId('vo-saved')).toContainText('harbour.vdvoice')
      const saved = JSON.parse(await readFile(target, 'utf8')) as { cast: Record<string, string> }
      expect(saved.cast).toEqual({ TOM: 'george' })

      // Opened again from the header: the edited words and the cast are back.
      app.platform.answerNextOpen([target])
      await page.getByRole('button', { name: 'Open project…' }).click()
      await expect(page.getByTestId('vo-saved')).toHaveCount(0)
      await expect(lines).toHaveCount(6)
      await expect(page.getByRole('textbox', { name: 'Line 2 words' })).toHaveValue(
        'The storm passed quickly.',
      )
      await expect(lines.nth(1)).toContainText('George')
      await expect(lines.nth(0)).toContainText('Olivia')
      await expect(page.getByLabel('Main voice', { exact: true })).toHaveValue('olivia')
      expect(sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
      expect(problems).toEqual([])
    })
  })
}
