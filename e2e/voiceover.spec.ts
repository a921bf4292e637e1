import { execFile } from 'node:child_process'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Sandbox } from '../src/sandbox/index'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { auditAtSizes } from './support/audit-sizes'
import { resizeWindow } from './support/resize-window'
import { trackBlocks } from './support/voiceover-track'
import { signInForScript } from './support/script-screen'
import { voiceoverRoomProblems, wordsRoomProblems } from './support/voiceover-layout'

// A video creator's voice-over: subtitles and a video opened through main's dialogs, the lines
// too long for their slot shown in words before anything is paid for, a render, one line
// shortened and spoken again alone (the sandbox's request log), play from a line, and the video
// saved with the voice-over. The timeline is audited at three sizes in both themes.

const run = promisify(execFile)
/** Speaking and fitting run on the voice-over thread: slow on a machine this busy. */
const RENDER = { timeout: 120_000 }

const t = (ms: number): string => {
  const two = (n: number): string => String(n).padStart(2, '0')
  const s = Math.floor(ms / 1000)
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)},${String(ms % 1000).padStart(3, '0')}`
}

const CUES: [number, number, string][] = [
  [500, 3000, 'MAYA: The harbour was quiet when we came back.'],
  [3500, 5300, 'TOM: Nobody on the quay expected the storm to pass so quickly this morning.'],
  [5500, 7000, 'MAYA: Then the bells rang.'],
  [9500, 11_000, 'TOM: Where is everyone?'],
  [11_500, 12_500, 'MAYA: They went up to the lighthouse to watch the boats come in.'],
  [13_000, 14_500, 'TOM: Then we should go too.'],
]
const SRT = CUES.map(([a, b, text], i) => `${i + 1}\n${t(a)} --> ${t(b)}\n${text}\n`).join('\n')

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-voiceover-e2e-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A 20-second test video (picture and a tone), as a creator's MP4. */
async function makeVideo(path: string): Promise<void> {
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '20'],
    ...['-c:v', 'libx264', '-g', '25', '-c:a', 'aac', '-shortest', path],
  ])
}

/** Speech requests the sandbox answered since its log was last cleared. */
const speechRequests = (sandbox: Sandbox): number =>
  sandbox.requestLog({ pathPrefix: '/v1/audio/speech' }).filter((e) => e.status === 200).length

/** The words of each speech request the sandbox answered since its log was last cleared. */
const spokenInputs = (sandbox: Sandbox): string[] =>
  sandbox
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .filter((e) => e.status === 200)
    .map((e) => (typeof e.body?.input === 'string' ? e.body.input : '?'))

/**
 * The one primary action at the top right of the header, as Script and Voices keep theirs: named
 * as a problem when it is elsewhere (checked at each size before its screenshot).
 */
async function primaryInHeader(app: AppHost, problems: string[], state: string): Promise<void> {
  const { page } = app
  const primary = page.locator('[data-testid="workspace"] .button--primary')
  const size = page.viewportSize()
  const box = await primary.boundingBox()
  const inHeader = await page.getByTestId('vo-header-actions').locator('.button--primary').count()
  if ((await primary.count()) !== 1 || inHeader !== 1 || !box || !size) {
    problems.push(`${state} ${size?.width}: not one primary action in the header`)
  } else if (box.y > 80 || box.x + box.width < size.width - 80) {
    problems.push(`${state} ${size.width}: the primary action is at ${box.x},${box.y}`)
  }
}

/**
 * The empty state's three ways in on one row (its card is wide enough for them at every size).
 */
async function waysInOneRow(app: AppHost, problems: string[]): Promise<void> {
  const ways = app.page.getByTestId('vo-empty').getByRole('button')
  const tops: number[] = []
  for (let i = 0; i < 3; i++) tops.push(Math.round((await ways.nth(i).boundingBox())?.y ?? -1))
  if (new Set(tops).size !== 1)
    problems.push(`${app.page.viewportSize()?.width}: the ways in take ${tops.join(', ')}`)
}

function audit(app: AppHost, name: string, theme: string, problems?: string[]): Promise<string[]> {
  return auditAtSizes(app, {
    name,
    theme,
    shot: `voiceover-${name}-${theme}`,
    ...(problems
      ? {
          beforeSnap: async () => {
            if (name === 'empty') return waysInOneRow(app, problems)
            await primaryInHeader(app, problems, name)
            // With the video shown too: every line whole, the file line, summary and legend
            // one line each.
            problems.push(...(await voiceoverRoomProblems(app.page)).map((p) => `${name} ${p}`))
            // At 1920 the words get the width: no line of the scene wraps.
            if (app.page.viewportSize()?.width === 1920)
              problems.push(...(await wordsRoomProblems(app.page)).map((p) => `${name} ${p}`))
          },
        }
      : {}),
  })
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ appColorScheme: theme })

    test(`subtitles and a video become a voice-over; an edited line is spoken again alone (${theme})`, async ({
      app,
      sandbox,
    }) => {
      test.setTimeout(360_000)
      const { page } = app
      const problems: string[] = []
      const srt = join(dir, 'harbour.srt')
      const video = join(dir, 'harbour.mp4')
      await writeFile(srt, SRT)
      await makeVideo(video)
      await signInForScript(app, sandbox)

      await page.getByTestId('nav-voiceover').click()
      await expect(page.getByRole('heading', { level: 1, name: 'Voice-over' })).toBeVisible()
      await expect(page.getByTestId('vo-empty')).toBeVisible()
      problems.push(...(await audit(app, 'empty', theme, problems)))

      sandbox.clearRequestLog()
      app.platform.answerNextOpen([srt])
      await page.getByRole('button', { name: 'Open subtitles…' }).click()
      const lines = page.getByTestId('vo-line')
      await expect(lines).toHaveCount(CUES.length)
      // No voice yet: the primary is the fix (a render would be refused), and it leads to it.
      await expect(page.getByTestId('vo-voiceless')).toContainText('no line has a voice yet')
      await expect(page.getByRole('button', { name: 'Render voice-over' })).toHaveCount(0)
      await page.getByRole('button', { name: 'Choose a main voice' }).click()
      await expect(page.getByLabel('Main voice', { exact: true })).toBeFocused()
      // Before anything is sent: the long lines say by how much, the others that they fit.
      await expect(lines.nth(1)).toContainText(/\d\.\d s too long/)
      await expect(lines.nth(4)).toContainText(/\d\.\d s too long/)
      await expect(lines.nth(0)).toContainText('MAYA')
      await expect(page.getByTestId('vo-summary')).toContainText(/\d lines too long for their slot/)
      // The line after a long one starts late, said in words.
      await expect(lines.nth(2)).toContainText(/Starts \d\.\d s late/)
      // A too-long line says its next step, tied to its words for a screen reader.
      await expect(lines.nth(1)).toContainText('Shorten the words, or allow a faster pace.')
      const longWords = page.getByRole('textbox', { name: 'Line 2 words' })
      await expect(longWords).toHaveAccessibleDescription(/Shorten the words/)
      // Its words are shown in full (wrapped), never cut mid-letter.
      expect(
        await longWords.evaluate((el) => ({
          wide: el.scrollWidth <= el.clientWidth + 1,
          tall: el.scrollHeight <= el.clientHeight + 1,
        })),
      ).toEqual({ wide: true, tall: true })
      expect(speechRequests(sandbox)).toBe(0)

      app.platform.answerNextOpen([video])
      await page.getByRole('button', { name: 'Add video…' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Voice-over' })).toBeVisible()
      await expect(page.locator('.workspace__description')).toContainText('harbour.mp4')
      // A voice per speaker, as in a script's cast (folded into one control so the toolbar stays
      // one row): each line shows the voice it is spoken in.
      await expect(page.getByTestId('vo-cast')).toHaveCount(0)
      await page.getByRole('button', { name: /^Cast: 2 speakers/ }).click()
      const cast = page.getByTestId('vo-cast')
      await cast.getByLabel('TOM', { exact: true }).selectOption('george')
      await expect(lines.nth(1)).toContainText('George')
      await expect(lines.nth(0)).toContainText('No voice yet')
      await expect(page.getByTestId('vo-voiceless')).toContainText(
        /^ · \d lines? (has|have) no voice yet$/,
      )
      await page.getByLabel('Main voice', { exact: true }).selectOption('olivia')
      await expect(page.getByLabel('Main voice', { exact: true })).toHaveValue('olivia')
      await expect(lines.nth(0)).toContainText('Olivia')
      await expect(page.getByTestId('vo-voiceless')).toHaveCount(0)
      await page.getByRole('button', { name: /^Cast: 2 speakers/ }).click()
      await expect(cast).toHaveCount(0)
      // What the Time bars mean, before anything is spoken: the slot and the estimate.
      await expect(page.getByTestId('vo-legend')).toContainText('Estimated, not rendered')
      problems.push(...(await audit(app, 'timeline', theme, problems)))

      await page.getByRole('button', { name: 'Render voice-over' }).click()
      await expect(page.getByRole('button', { name: 'Save video…' })).toBeVisible(RENDER)
      expect(speechRequests(sandbox)).toBeGreaterThanOrEqual(CUES.length)
      // TOM's lines in his voice, MAYA's in the main one.
      const voiceOf = (words: string): string | undefined =>
        sandbox
          .requestLog({ pathPrefix: '/v1/audio/speech' })
          .find((e) => typeof e.body?.input === 'string' && e.body.input.includes(words))?.body
          ?.voice_id as string | undefined
      expect(voiceOf('Where is everyone?')).toBe('george')
      expect(voiceOf('Then the bells rang.')).toBe('olivia')
      // The finished line on one row: the verdict and its length; lines that still run over are
      // counted there, and what saving does to them (and the characters used) is under Details.
      await expect(page.getByTestId('vo-summary')).toContainText('Voice-over ready')
      await expect(page.getByTestId('vo-summary')).toContainText(/0:\d\d long/)
      await expect(page.getByTestId('vo-summary')).toContainText(/\d lines? run over/)
      await expect(page.getByTestId('vo-overrun')).toBeHidden()
      await page.getByRole('button', { name: 'Details' }).click()
      await expect(page.getByTestId('vo-details')).toContainText(/used [\d,]+ characters/)
      await expect(page.getByTestId('vo-overrun')).toContainText(/past (its|their) slot/)
      await expect(page.getByTestId('vo-overrun')).toContainText('Shorten')
      await page.getByRole('button', { name: 'Details' }).click()
      await expect(page.getByTestId('vo-legend')).toContainText('Spoken')
      await expect(page.getByTestId('vo-legend')).toContainText('Runs over')
      problems.push(...(await audit(app, 'rendered', theme, problems)))
      // The track draws every line as spoken, and marks where the video ends.
      expect((await trackBlocks(page)).lines).toHaveLength(CUES.length)
      await expect(page.getByTestId('vo-track-end')).toContainText('Video ends')
      // At 1920 the video is a column right of the lines, the track across both above them.
      await resizeWindow(page, { width: 1920, height: 1080 })
      const table = await page.getByTestId('vo-lines').boundingBox()
      const picture = await page.locator('video').boundingBox()
      const strip = await page.getByTestId('vo-track').boundingBox()
      expect(table && picture && strip).toBeTruthy()
      if (table && picture && strip) {
        expect(picture.x).toBeGreaterThanOrEqual(table.x + table.width)
        // About a third of the page: the rest goes to the lines.
        expect(picture.width).toBeGreaterThan(480)
        expect(picture.width).toBeLessThanOrEqual((picture.x + picture.width - table.x) * 0.36)
        expect(strip.y + strip.height).toBeLessThanOrEqual(table.y)
        expect(strip.width).toBeGreaterThan((picture.x + picture.width - table.x) * 0.75)
      }
      // Hidden at 1920: no side column is left for the choices; they sit in the row under the
      // track, as below 1440, and the lines take the whole width.
      await page.getByRole('button', { name: 'Hide video' }).click()
      const saveReport = await page
        .getByRole('button', { name: 'Save timing report…' })
        .boundingBox()
      const keep = await page.getByRole('checkbox', { name: /original sound/ }).boundingBox()
      const wide = await page.getByTestId('vo-lines').boundingBox()
      const row = await page.getByTestId('vo-track-row').boundingBox()
      expect(saveReport && keep && wide && row).toBeTruthy()
      if (saveReport && keep && wide && row) {
        for (const under of [saveReport, keep]) {
          expect(under.y).toBeGreaterThanOrEqual(row.y + row.height)
          expect(under.y + under.height).toBeLessThanOrEqual(wide.y)
        }
        expect(wide.width).toBeGreaterThanOrEqual(row.width - 2)
      }
      await page.getByRole('button', { name: 'Show video' }).click()
      await resizeWindow(page, { width: 1280, height: 800 })
      // At 1024x700 with the video hidden, the lines are the page: all six (two of them long,
      // with their next step under them) are on screen whole.
      await page.setViewportSize({ width: 1024, height: 700 })
      await page.getByRole('button', { name: 'Hide video' }).click()
      const list = await page.getByTestId('vo-lines').boundingBox()
      let whole = 0
      for (let i = 0; i < CUES.length; i++) {
        const row = await lines.nth(i).boundingBox()
        if (list && row && row.y >= list.y - 1 && row.y + row.height <= list.y + list.height + 1)
          whole++
      }
      expect(whole).toBe(CUES.length)
      await expect(lines.nth(4).locator('.vo-line__next')).toBeInViewport({ ratio: 1 })
      problems.push(...(await audit(app, 'video-hidden', theme, problems)))
      await page.getByRole('button', { name: 'Show video' }).click()

      // Line 2 shortened: only it is spoken again.
      const words = page.getByRole('textbox', { name: 'Line 2 words' })
      await words.fill('TOM: The storm passed quickly.')
      await words.press('Enter')
      await expect(lines.nth(1)).toContainText('Changed')
      await expect(page.getByTestId('vo-summary')).toContainText(
        '1 line changed since the last render',
      )
      sandbox.clearRequestLog()
      await page.getByRole('button', { name: 'Render 1 changed line' }).click()
      await expect(page.getByRole('button', { name: 'Save video…' })).toBeVisible(RENDER)
      // Only that line (asked once more at a faster pace if its first take still ran long).
      const spoken = spokenInputs(sandbox)
      expect(spoken.length).toBeGreaterThanOrEqual(1)
      expect(spoken.filter((input) => !input.includes('The storm passed quickly.'))).toEqual([])
      await expect(lines.nth(1)).not.toContainText('too long')

      // The report per line, saved where the user chooses.
      const reportPath = join(dir, 'harbour report.txt')
      app.platform.answerNextSave(reportPath)
      await page.getByRole('button', { name: 'Save timing report…' }).click()
      await expect(page.getByTestId('vo-saved')).toContainText('harbour report.txt')
      expect((await stat(reportPath)).size).toBeGreaterThan(0)

      // The track moves the video (and the voice-over) without playing: Right a second a press.
      const track = page.getByRole('slider', { name: 'Position' })
      await track.focus()
      await track.press('Home')
      for (let i = 0; i < 8; i++) await track.press('ArrowRight')
      await expect(page.getByTestId('vo-player-time')).toContainText('0:08.0')
      await expect(track).toHaveAttribute('aria-valuetext', '0:08 of 0:20')
      await expect
        .poll(() =>
          page
            .locator('video')
            .evaluate((v) => (v as unknown as { currentTime: number }).currentTime),
        )
        .toBeCloseTo(8, 0)

      // Play from line 3: the muted video goes to its cue with the voice-over.
      await page.getByRole('button', { name: 'Play from line 3' }).click()
      await expect
        .poll(() =>
          page
            .locator('video')
            .evaluate((v) => (v as unknown as { currentTime: number }).currentTime),
        )
        .toBeGreaterThanOrEqual(5.5)
      await expect(page.locator('video')).toHaveJSProperty('muted', true)

      const target = join(dir, 'harbour (voice-over).mp4')
      app.platform.answerNextSave(target)
      await page.getByRole('button', { name: 'Save video…' }).click()
      await expect(page.getByTestId('vo-saved')).toContainText('harbour (voice-over).mp4')
      expect((await stat(target)).size).toBeGreaterThan(0)

      expect(problems).toEqual([])
    })
  })
}

test('without a key the empty state says rendering needs one; overlapping cues are asked about, naming them', async ({
  app,
  sandbox,
}) => {
  test.setTimeout(180_000)
  const { page } = app
  const problems: string[] = []
  await page.getByTestId('nav-voiceover').click()
  await expect(page.getByTestId('vo-no-key')).toContainText('needs your API key')
  await expect(page.getByRole('button', { name: 'Go to Account' })).toBeVisible()

  await signInForScript(app, sandbox)
  await page.getByTestId('nav-voiceover').click()
  await expect(page.getByTestId('vo-empty')).toBeVisible()
  await expect(page.getByTestId('vo-no-key')).toHaveCount(0)
  const srt = join(dir, 'overlap.srt')
  const overlapping: [number, number, string][] = [
    [500, 3000, 'MAYA: The harbour was quiet.'],
    [2500, 4000, 'TOM: Too quiet.'],
    [5000, 7000, 'MAYA: Then the bells rang.'],
  ]
  await writeFile(
    srt,
    overlapping.map(([a, b, text], i) => `${i + 1}\n${t(a)} --> ${t(b)}\n${text}\n`).join('\n'),
  )
  sandbox.clearRequestLog()
  app.platform.answerNextOpen([srt])
  await page.getByRole('button', { name: 'Open subtitles…' }).click()
  const question = page.getByTestId('vo-overlaps')
  await expect(question).toContainText('cue 2 starts at 0:02.5, before cue 1 ends at 0:03.0')
  problems.push(...(await audit(app, 'overlaps', 'light')))
  // Leaving the question says what it leaves: the file is not opened.
  await question.getByRole('button', { name: 'Don’t open overlap.srt' }).click()
  await expect(question).toHaveCount(0)
  await expect(page.getByTestId('vo-empty')).toBeVisible()
  app.platform.answerNextOpen([srt])
  await page.getByRole('button', { name: 'Open subtitles…' }).click()
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Keep both lines' }).click()
  await expect(page.getByTestId('vo-line')).toHaveCount(3)
  await expect(page.getByTestId('vo-overlaps')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Cast: 2 speakers/ })).toBeVisible()
  await page.getByRole('button', { name: /^Cast: 2 speakers/ }).click()
  await expect(page.getByTestId('vo-cast')).toContainText('TOM')
  expect(speechRequests(sandbox)).toBe(0)
  expect(problems).toEqual([])
})
