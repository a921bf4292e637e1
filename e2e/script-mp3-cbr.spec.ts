import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseMp3Header } from '../src/main/core/audio/mp3-header'
import { readInfoTag } from '../src/main/core/audio/mp3-info-tag'
import { id3v2Size } from '../src/main/core/audio/verdict'
import { decodeSamples } from '../src/main/testing/test-audio'
import { expect, test } from './fixtures/test'
import { snap } from './support/screenshots'
import { openScriptSignedIn } from './support/script-screen'

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-script-mp3-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('the render dialog writes a 192 kbps constant-bitrate MP3 at 44.1 kHz with an Info frame', async ({
  app,
  sandbox,
}) => {
  const script = await openScriptSignedIn(app, sandbox)
  const source = join(dir, 'acx.txt')
  await writeFile(
    source,
    ['The keeper climbed the stairs.', 'Below, the sea was calm.'].join('\n\n'),
  )
  app.platform.answerNextOpen([source])
  await app.page.getByRole('button', { name: 'Open or import…' }).click()
  await expect(script.blocks.first()).toBeVisible()
  await app.page.getByRole('button', { name: 'Cast', exact: true }).click()
  await script.pickVoice('Default voice', 'Olivia')

  await app.page.getByRole('button', { name: 'Render…' }).click()
  const dialog = app.page.getByRole('dialog', { name: 'Render the script' })
  await dialog.getByLabel('Format').selectOption('mp3')
  // The encoding is no first-view choice: it waits under More settings.
  await expect(dialog.getByLabel('MP3 bitrate')).toBeHidden()
  await dialog.getByRole('button', { name: 'More settings', expanded: false }).click()
  const bitrate = dialog.getByLabel('MP3 bitrate')
  await expect(bitrate).toHaveValue('vbr')
  await expect(bitrate.locator('option:checked')).toHaveText('Variable')
  // At 24 kHz (MPEG-2) the encoder stops at 160 kbps: 192 cannot be chosen there.
  await dialog.getByLabel('Sample rate').selectOption('24000')
  await expect(bitrate.locator('option[value="192"]')).toBeDisabled()
  await dialog.getByLabel('Sample rate').selectOption('44100')
  await expect(bitrate.locator('option[value="192"]')).toBeEnabled()
  // By keyboard, as a user without a mouse would.
  await bitrate.focus()
  await bitrate.selectOption({ label: '192 kbps constant' })
  await expect(dialog).toContainText('ACX/Audible asks for 192 kbps at 44.1 kHz')
  await snap(app, 'render-dialog-mp3-cbr')

  // 24 kHz cannot carry 192 kbps: it is not offered, and its label says why, in plain words.
  const rate24 = dialog.getByLabel('Sample rate').locator('option[value="24000"]')
  await expect(rate24).toBeDisabled()
  await expect(rate24).toHaveText('24 kHz (only up to 160 kbps)')
  await expect(bitrate.locator('option[value="192"]')).toHaveText('192 kbps constant')
  // Through AAC (24 kHz only) and back to MP3, the rate is one the bitrate fits again.
  await dialog.getByLabel('Format').selectOption('m4b')
  await expect(dialog.getByLabel('Sample rate')).toHaveValue('24000')
  await dialog.getByLabel('Format').selectOption('mp3')
  await expect(dialog.getByLabel('Sample rate')).toHaveValue('44100')
  await expect(bitrate).toHaveValue('192')
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  const start = dialog.getByRole('button', { name: 'Choose file and render…' })
  await expect(start).toBeEnabled()
  await snap(app, 'render-dialog-mp3-cbr-rates')
  await dialog.getByRole('button', { name: 'How this is counted' }).click()
  await expect(dialog.getByTestId('render-estimate-summary')).toContainText(/of audio/)

  const out = join(dir, 'acx.mp3')
  app.platform.answerNextSave(out)
  await start.click()
  await expect(app.page.getByTestId('render-finished')).toBeVisible({ timeout: 60_000 })

  const bytes = new Uint8Array(await readFile(out))
  // After the ID3v2.4 tag (title, chapters), when the project sets any.
  const id3 = id3v2Size(bytes, 0)
  const tag = readInfoTag(bytes, id3)
  expect(tag?.kind).toBe('Info')
  expect(tag?.tagCrcOk).toBe(true)
  const bitrates = new Set<number>()
  let frames = 0
  for (let at = id3 + tag!.frameLength; at < bytes.byteLength; frames++) {
    const header = parseMp3Header(bytes, at)!
    expect(header.sampleRate).toBe(44_100)
    bitrates.add(header.bitrate)
    at += header.frameLength
  }
  expect([...bitrates]).toEqual([192_000])
  expect(tag!.frames).toBe(frames)
  const { delay, padding } = tag!.lame!.trim
  expect((await decodeSamples(out)).length).toBe(frames * 1152 - delay - padding)
  // The next render of this script starts from the same choice.
  await app.page.getByRole('button', { name: 'Render…' }).click()
  await expect(dialog.getByLabel('MP3 bitrate')).toHaveValue('192')
})
