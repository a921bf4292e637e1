import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { probeFile } from '../src/main/testing/test-audio'
import { expect, test } from './fixtures/test'
import { snap } from './support/screenshots'
import { openScriptSignedIn } from './support/script-screen'

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-delivery-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const CHAPTER = [
  'The keeper climbed the stairs at dusk, one hand on the cold rail, counting the steps.',
  'Below him the sea was calm and grey, and the gulls had gone quiet for the night.',
  'He lit the lamp, trimmed the wick, and wrote one careful line in the log.',
]

test('an ACX render: the preset sets the settings, the book details and cover go into the tags, and every chapter file is reported as passing', async ({
  app,
  sandbox,
}) => {
  test.setTimeout(180_000)
  const script = await openScriptSignedIn(app, sandbox)
  const source = join(dir, 'keeper.md')
  await writeFile(
    source,
    ['# Dusk', ...CHAPTER, '# Night', ...CHAPTER.slice().reverse()].join('\n\n'),
  )
  app.platform.answerNextOpen([source])
  await app.page.getByRole('button', { name: 'Open or import…' }).click()
  await expect(script.blocks.first()).toBeVisible()
  await app.page.getByRole('button', { name: 'Cast', exact: true }).click()
  await script.pickVoice('Default voice', 'Olivia')

  await app.page.getByRole('button', { name: 'Render…' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Render the script' })
  await dialog.getByLabel('Made for').selectOption({ label: 'ACX/Audible' })
  // Before: what the preset asks, in plain words, and the settings it fixes.
  const criteria = dialog.getByTestId('preset-criteria')
  await expect(criteria).toContainText('Loudness (RMS): between -23 and -18 dBFS')
  await expect(criteria).toContainText('True peak: at or under -3 dBTP')
  await expect(criteria).toContainText('Room tone at the start: 0.5 to 1 s')
  await expect(dialog.getByLabel('Format')).toHaveValue('mp3')
  await expect(dialog.getByLabel('Format')).toBeDisabled()
  await dialog.getByRole('button', { name: 'More settings', expanded: false }).click()
  await expect(dialog.getByLabel('Sample rate')).toHaveValue('44100')
  await expect(dialog.getByLabel('Sample rate')).toBeDisabled()
  await expect(dialog.getByLabel('MP3 bitrate')).toHaveValue('192')

  const details = dialog.getByTestId('book-details')
  await details.getByLabel('Title').fill('The Keeper')
  await details.getByLabel('Author').fill('Ada Byrne')
  await details.getByLabel('Narrator').fill('Olivia')
  await details.getByLabel('Year').fill('20')
  await expect(details.getByText('Four digits, like 2026: not saved until then.')).toBeVisible()
  await details.getByLabel('Year').fill('2026')
  await expect(details.getByText('Four digits, like 2026: not saved until then.')).toHaveCount(0)
  // A file that is no image is refused with the reason; a PNG is taken.
  const notImage = join(dir, 'cover.txt')
  await writeFile(notImage, 'not a picture')
  app.platform.answerNextOpen([notImage])
  await details.getByRole('button', { name: 'Choose…' }).click()
  await expect(details.getByRole('alert')).toContainText('is not a JPEG or PNG image')
  const cover = join(dir, 'cover.png')
  await copyFile(new URL('../resources/icons/256x256.png', import.meta.url), cover)
  app.platform.answerNextOpen([cover])
  await details.getByRole('button', { name: 'Choose…' }).click()
  await expect(details.getByTestId('cover-name')).toHaveText('cover.png')
  await snap(app, 'render-dialog-acx-preset')
  // A small window in the dark: the dialog's body scrolls and its actions stay in view.
  await app.page.setViewportSize({ width: 900, height: 620 })
  await app.page.emulateMedia({ colorScheme: 'dark' })
  await expect(dialog.getByRole('button', { name: 'Choose file and render…' })).toBeInViewport()
  await snap(app, 'render-dialog-acx-preset-small-dark')
  await app.page.setViewportSize({ width: 1280, height: 820 })
  await app.page.emulateMedia({ colorScheme: 'light' })

  const out = join(dir, 'keeper.mp3')
  app.platform.answerNextSave(out)
  await dialog.getByRole('button', { name: 'Choose file and render…' }).click()
  const finished = app.page.getByTestId('render-finished')
  await expect(finished).toBeVisible({ timeout: 120_000 })
  // The verdict is one line of the summary; the report itself is in the Details dialog.
  await expect(finished.getByTestId('render-summary-notes')).toContainText(
    '2 chapter files ready for ACX/Audible.',
  )
  await finished.getByRole('button', { name: 'Details…' }).click()
  const about = app.page.getByRole('dialog', { name: 'About keeper.mp3' })
  const summary = about.getByTestId('compliance-summary')
  // Which files are ready, by name: the chapter files, not the whole book named in the title.
  await expect(summary).toContainText(
    '2 chapter files are ready for ACX/Audible: 01 - Dusk.mp3, 02 - Night.mp3.',
  )
  await expect(summary).toContainText(
    'keeper.mp3 is the whole book in one file, for listening: ACX/Audible takes the chapter files, so it is not checked.',
  )
  await summary.getByRole('button', { name: 'Every check', expanded: false }).click()
  await expect(summary.getByRole('table').first()).toContainText('Loudness (RMS)')
  await snap(app, 'render-finished-acx-report')
  await about.getByRole('button', { name: 'Close' }).click()
  await expect(about).toBeHidden()
  // The summary in plain words, the figures behind Details, and it can be put away.
  await expect(finished).toContainText(
    /keeper\.mp3 is ready: 0:\d\d long, with 2 more files beside it\. This render used [\d,]+ characters/,
  )
  // The file by its name, never the folder's full path.
  const pageText = await app.page
    .locator('body')
    .evaluate((el) => (el as unknown as { innerText: string }).innerText)
  expect(pageText).not.toContain(dir)
  await snap(app, 'render-finished-acx-summary')
  await finished.getByRole('button', { name: 'Dismiss the render summary' }).click()
  await expect(finished).toHaveCount(0)

  // The files: the report beside the book, the chapter files, and the tags and cover in them.
  expect((await readdir(dir)).sort()).toEqual(
    [
      'cover.png',
      'cover.txt',
      'keeper-parts',
      'keeper.compliance.json',
      'keeper.compliance.txt',
      'keeper.md',
      'keeper.mp3',
      'keeper.srt',
    ].sort(),
  )
  // The subtitles follow the room tone at the head: the first line starts after it.
  const srt = await readFile(join(dir, 'keeper.srt'), 'utf8')
  const first = /(\d\d):(\d\d):(\d\d),(\d{3}) -->/.exec(srt)!
  expect(Number(first[3]) + Number(first[4]) / 1000).toBeGreaterThanOrEqual(0.6)
  expect(await readdir(join(dir, 'keeper-parts'))).toEqual(['01 - Dusk.mp3', '02 - Night.mp3'])
  const report = JSON.parse(await readFile(join(dir, 'keeper.compliance.json'), 'utf8')) as {
    pass: boolean
  }
  expect(report.pass).toBe(true)
  const probed = await probeFile(join(dir, 'keeper-parts', '02 - Night.mp3'))
  expect(probed.format.tags).toMatchObject({
    title: 'Night',
    album: 'The Keeper',
    artist: 'Ada Byrne',
    composer: 'Olivia',
    track: '2/2',
    date: '2026',
  })
  expect(probed.streams.map((s) => s.codec_name).sort()).toEqual(['mp3', 'png'])
})
