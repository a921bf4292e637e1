import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodedSeconds, probeAudio } from '../src/main/testing/test-audio'
import { expect, test } from './fixtures/test'
import { snap } from './support/screenshots'
import { openScriptSignedIn } from './support/script-screen'

// Streams paced so a preview takes a couple of seconds: sound must start long before it ends.
test.use({ sandboxOptions: { stream: { ttfbMs: 100, chunkBytes: 2048, chunkIntervalMs: 120 } } })

const DIALOGUE = `# The kitchen

Morning light falls on the table.

ALICE: Good morning, Bob. Did you sleep well?
BOB: Not really. The storm kept me awake all night.
ALICE: Then you need coffee, and a long walk.
`

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-script-e2e-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

interface PreviewWindow {
  __appends?: number[]
  __previewEnded?: number
  api: { script: { onPreviewEnded(cb: () => void): () => void } }
  SourceBuffer: { prototype: { appendBuffer: (this: unknown, data: unknown) => void } }
  performance: { now(): number }
}

function srtEndSeconds(srt: string): number {
  const ends = [...srt.matchAll(/--> (\d\d):(\d\d):(\d\d),(\d\d\d)/g)].map(
    (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000,
  )
  return Math.max(...ends)
}

test('import a Markdown dialogue, cast two voices, preview a block while it streams, render MP3 + SRT, re-render one edited block', async ({
  app,
  sandbox,
}) => {
  // Three renders and a streamed preview, each synthesized by the sandbox on this machine's CPU:
  // a busy machine (CI shares it) needs more than the default minute for the whole journey.
  test.setTimeout(180_000)
  const script = await openScriptSignedIn(app, sandbox)
  await expect(app.page.getByTestId('script-empty')).toBeVisible()
  await snap(app, 'script-empty')

  const source = join(dir, 'kitchen.md')
  await writeFile(source, DIALOGUE)
  app.platform.answerNextOpen([source])
  await app.page.getByRole('button', { name: 'Open or import…' }).click()
  await expect(script.blocks).toHaveCount(4)
  await expect(app.page.getByTestId('script-title')).toContainText('kitchen — unsaved changes')
  await expect(script.text(1)).toHaveValue('Good morning, Bob. Did you sleep well?')
  await expect(script.block(1)).toContainText('ALICE')

  await app.page.getByRole('button', { name: 'Cast', exact: true }).click()
  await expect(app.page.getByTestId('cast-row')).toHaveCount(2)
  // The chooser names each voice by its name, language and kind: no ids.
  await app.page.getByRole('button', { name: /^Default voice:/ }).click()
  const choices = app.page.getByRole('listbox', { name: 'Default voice' })
  await expect(choices.getByRole('option', { name: /^Olivia/ })).toContainText(
    'English (United States) · Female',
  )
  await expect(choices).not.toContainText('olivia')
  await snap(app, 'script-voice-chooser')
  await app.page.keyboard.press('Escape')
  await expect(choices).toBeHidden()
  await script.pickVoice('Default voice', 'Olivia')
  await script.pickVoice('Voice for ALICE', 'Emma')
  await script.pickVoice('Voice for BOB', 'George')
  await expect(app.page.getByRole('button', { name: /^Voice for BOB: George/ })).toBeVisible()
  await expect(script.block(2)).toHaveAttribute('data-mark', 'new')
  await snap(app, 'script-dialogue-cast')

  // Preview block 3: data reaches the media element before the stream's end event.
  await app.page.evaluate(() => {
    const w = globalThis as unknown as PreviewWindow
    w.__appends = []
    const original = w.SourceBuffer.prototype.appendBuffer
    w.SourceBuffer.prototype.appendBuffer = function (this: unknown, data: unknown) {
      w.__appends!.push(w.performance.now())
      original.call(this, data)
    }
    w.api.script.onPreviewEnded(() => {
      w.__previewEnded = w.performance.now()
    })
  })
  await script.text(2).click()
  await app.page.keyboard.press('Control+Enter')
  await expect(app.page.getByTestId('script-player')).toHaveAttribute('data-stream', 'ended', {
    timeout: 30_000,
  })
  const timing = await app.page.evaluate(() => {
    const w = globalThis as unknown as PreviewWindow
    return { appends: w.__appends ?? [], ended: w.__previewEnded ?? null }
  })
  expect(timing.ended).not.toBeNull()
  expect(timing.appends.length).toBeGreaterThan(1)
  expect(timing.appends[0]!).toBeLessThan(timing.ended!)
  const streamed = sandbox.requestLog({ pathPrefix: '/v1/audio/stream' })
  expect(streamed.at(-1)?.body).toMatchObject({ voice_id: 'george' })
  await app.page.getByRole('button', { name: 'Stop' }).click()

  // Render to MP3 with SRT.
  const out = join(dir, 'kitchen.mp3')
  sandbox.clearRequestLog()
  await script.startRender(app, out)
  await expect(app.page.getByTestId('render-finished')).toBeVisible({ timeout: 60_000 })
  await snap(app, 'script-render-finished')
  // The script check is in the Details dialog now, so the editor keeps its room.
  await app.page.getByTestId('render-finished').getByRole('button', { name: 'Details…' }).click()
  await expect(app.page.getByTestId('render-report')).toBeVisible()
  await app.page.keyboard.press('Escape')
  const probe = await probeAudio(out)
  expect(probe.codec).toBe('mp3')
  const srt = await readFile(join(dir, 'kitchen.srt'), 'utf8')
  expect(srt).toContain('Good morning, Bob.')
  const spokenEnd = srtEndSeconds(srt)
  // Decoded, not estimated: a VBR MP3 without a Xing header has no exact duration in its header.
  const seconds = await decodedSeconds(out)
  expect(seconds).toBeGreaterThan(spokenEnd - 0.05)
  expect(seconds - spokenEnd).toBeLessThan(1.5)
  expect(sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toHaveLength(4)
  await expect(script.block(0)).toHaveAttribute('data-mark', 'cached')
  expect((await stat(out)).size).toBeGreaterThan(1000)

  // Show in folder and play go through the platform.
  await app.page.getByRole('button', { name: 'Show in folder' }).click()
  await expect.poll(() => app.platform.revealed).toEqual([out])

  // Edit one block: it becomes stale, and the re-render asks only for it.
  await script.text(2).fill('Not really. The thunder kept me up.')
  await expect(script.block(2)).toHaveAttribute('data-mark', 'stale')
  await expect(script.block(1)).toHaveAttribute('data-mark', 'cached')
  sandbox.clearRequestLog()
  await script.startRender(app, out)
  await expect(app.page.getByTestId('render-finished')).toBeVisible({ timeout: 60_000 })
  const requests = sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })
  expect(requests.map((r) => r.body?.input)).toEqual(['Not really. The thunder kept me up.'])
  expect(await readFile(join(dir, 'kitchen.srt'), 'utf8')).toContain('thunder')
  await expect(app.page.getByTestId('render-pause-rounding')).toHaveCount(0)

  // AAC keeps time in whole frames: the panel says how the pauses were rounded.
  const aac = join(dir, 'kitchen.aac')
  await script.startRender(app, aac, 'aac')
  await expect(app.page.getByTestId('render-finished')).toContainText('kitchen.aac', {
    timeout: 60_000,
  })
  expect((await probeAudio(aac)).codec).toBe('aac')
  await app.page.getByTestId('render-finished').getByRole('button', { name: 'Details…' }).click()
  const rounding = app.page.getByTestId('render-pause-rounding')
  await expect(rounding).toBeVisible()
  // In plain words first; the frame figures only behind their disclosure.
  await expect(rounding).toContainText('to within a few hundredths of a second')
  await expect(rounding.getByTestId('render-pause-figures')).toBeHidden()
  await rounding.getByRole('button', { name: 'How the pauses were placed' }).click()
  await expect(rounding.getByTestId('render-pause-figures')).toContainText(
    /frames of 42\.67 ms: the 3 pauses were rounded to whole frames, each at most \d+\.\d ms off/,
  )
  await snap(app, 'script-render-aac')
  await app.page.keyboard.press('Escape')
})

test('plays a rendered block with the current word highlighted; clicking a word plays from there', async ({
  app,
  sandbox,
}) => {
  const script = await openScriptSignedIn(app, sandbox)
  const source = join(dir, 'short.txt')
  await writeFile(source, 'One two three four five six seven eight nine ten.')
  app.platform.answerNextOpen([source])
  await app.page.getByRole('button', { name: 'Open or import…' }).click()
  await app.page.getByRole('button', { name: 'Cast', exact: true }).click()
  await script.pickVoice('Default voice', 'Olivia')
  await script.startRender(app, join(dir, 'short.wav'), 'wav')
  await expect(app.page.getByTestId('render-finished')).toBeVisible({ timeout: 60_000 })
  await expect(script.block(0)).toHaveAttribute('data-mark', 'cached')
  await script.blockMenu(0, 'Play rendered audio')
  const reading = script.block(0).getByTestId('block-reading')
  await expect(reading.getByRole('button')).toHaveCount(10)
  await expect(reading.locator('[data-current="true"]')).toHaveCount(1, { timeout: 15_000 })
  await reading.getByRole('button', { name: 'eight' }).click()
  await expect(reading.locator('[data-current="true"]')).toHaveText(/eight|nine|ten/)
})
