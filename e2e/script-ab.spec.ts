import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Sandbox } from '../src/sandbox/index'
import type { AppHost } from './fixtures/app-host'
import { expect, test } from './fixtures/test'
import { snap } from './support/screenshots'
import type { ScriptScreen } from './support/script-screen'
import { openScriptSignedIn } from './support/script-screen'

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-script-ab-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Signs in, opens a one-line script and gives it Olivia as the default voice. */
async function openOneLine(app: AppHost, sandbox: Sandbox, line: string): Promise<ScriptScreen> {
  const script = await openScriptSignedIn(app, sandbox)
  const source = join(dir, 'line.txt')
  await writeFile(source, line)
  await script.openFile(app, source)
  await app.page.getByRole('button', { name: 'Cast', exact: true }).click()
  await script.pickVoice('Default voice', 'Olivia')
  return script
}

interface TakeResult {
  voiceId: string
  measuredLufs: number | null
  gainDb: number
}

test('A/B: two voices of a block play at matched loudness, keeping B sets the block voice and Ctrl+Z undoes it', async ({
  app,
  sandbox,
}) => {
  const script = await openOneLine(
    app,
    sandbox,
    'The harbour lights came on one by one as the fog rolled in.',
  )
  const blockVoice = app.page.getByRole('button', { name: /^Voice of block 1:/ })
  await expect(blockVoice).toHaveAccessibleName('Voice of block 1: Olivia (default)')

  await script.blockMenu(0, 'Compare two voices…')
  const dialog = app.page.getByRole('dialog', { name: 'Compare two voices' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: /^Voice of take A: Olivia/ })).toBeVisible()
  await script.pickVoice('Voice of take B', 'George')
  sandbox.clearRequestLog()
  await dialog.getByRole('button', { name: 'Make the takes' }).click()
  await expect(dialog.getByTestId('ab-results')).toBeVisible({ timeout: 30_000 })

  // One synthesis per voice, and the takes are gain-matched to the same loudness.
  const requests = sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })
  expect(requests.map((r) => r.body?.voice_id).sort()).toEqual(['george', 'olivia'])
  const takes = app.ipcResults
    .map((r) => JSON.parse(r) as { ok: boolean; data?: unknown })
    .map((r) => r.data)
    .filter(
      (d): d is TakeResult[] => Array.isArray(d) && d.length === 2 && 'gainDb' in (d[0] as object),
    )
    .at(-1)!
  expect(takes.map((t) => t.voiceId)).toEqual(['olivia', 'george'])
  expect(takes[0]!.measuredLufs).not.toBeNull()
  expect(takes[1]!.measuredLufs).not.toBeNull()
  const matchedA = takes[0]!.measuredLufs! + takes[0]!.gainDb
  const matchedB = takes[1]!.measuredLufs! + takes[1]!.gainDb
  expect(Math.abs(matchedA - matchedB)).toBeLessThan(0.01)
  // The figures wait behind Level details: the takes and their buttons come first.
  await expect(dialog.getByTestId('ab-level-a')).toBeHidden()
  await dialog.getByRole('button', { name: 'Level details', expanded: false }).click()
  await expect(dialog.getByTestId('ab-level-a')).toContainText('LUFS, played at')
  await expect(dialog.getByTestId('ab-level-b')).toContainText('LUFS, played at')

  // Both takes play through (decoded from main's bytes, played to the end).
  const player = dialog.getByTestId('ab-player')
  await dialog.getByRole('button', { name: 'Play A' }).click()
  await expect(player).toHaveAttribute('data-take', 'A')
  await expect(player).toHaveAttribute('data-status', 'ended', { timeout: 20_000 })
  await expect(player).toContainText('Take A:')
  // The keyboard: B plays take B while focus is in the dialog.
  await dialog.getByRole('button', { name: 'Play A' }).focus()
  await app.page.keyboard.press('b')
  await expect(player).toHaveAttribute('data-take', 'B')
  await expect(player).toContainText('Take B:')
  await expect(player).toHaveAttribute('data-status', 'ended', { timeout: 20_000 })
  // Where it is, as a clock reads it: "Take B: Finished · 0:02", never "ended · 2.4 s".
  await expect(player).toContainText(/^Take B: Finished · \d+:\d\d$/)
  await snap(app, 'script-ab')

  // Each take is named by its voice where it is chosen; one primary button keeps the take chosen
  // (the last one heard).
  await expect(dialog.getByRole('radio', { name: 'Take A · Olivia', exact: true })).toBeVisible()
  await expect(dialog.locator('.button--primary')).toHaveCount(1)
  await expect(dialog.getByRole('radio', { name: 'Take B · George', exact: true })).toBeChecked()
  // The button names the voice kept, so what it does needs no looking back at the takes.
  await expect(dialog.locator('.button--primary')).toHaveText('Keep take B (George)')
  await dialog.getByRole('button', { name: 'Keep take B (George)' }).click()
  await expect(dialog).toBeHidden()
  await expect(blockVoice).toHaveAccessibleName(/^Voice of block 1: George/)
  // The kept take is in the cache: the block is already rendered in that voice.
  await expect(script.block(0)).toHaveAttribute('data-mark', 'cached')
  await script.text(0).click()
  await app.page.keyboard.press('Control+z')
  await expect(blockVoice).toHaveAccessibleName('Voice of block 1: Olivia (default)')
})

test('A/B: closing the dialog while the takes are made stops them: the second voice is never requested', async ({
  app,
  sandbox,
}) => {
  const script = await openOneLine(
    app,
    sandbox,
    'A slow service answers this line after a long wait.',
  )
  await script.blockMenu(0, 'Compare two voices…')
  const dialog = app.page.getByRole('dialog', { name: 'Compare two voices' })
  await script.pickVoice('Voice of take B', 'George')

  // Every request waits 1.5 s before the service handles it: the first take is still on its way.
  sandbox.setFaults({ latencyMs: 1500 })
  try {
    sandbox.clearRequestLog()
    // The first take's request, logged by the sandbox once main drops it.
    const firstTake = sandbox.nextRequest({ pathPrefix: '/v1/audio/speech' })
    await dialog.getByRole('button', { name: 'Make the takes' }).click()
    await expect(dialog.getByText('Making both takes…')).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    // The takes end as cancelled (their terminal answer), and the request on its way was dropped.
    await expect.poll(() => app.ipcResults.some((r) => r.includes('"CANCELLED"'))).toBe(true)
    expect((await firstTake).aborted).toBe(true)
    const voices = sandbox
      .requestLog({ pathPrefix: '/v1/audio/speech' })
      .map((r) => r.body?.voice_id)
    expect(voices).not.toContain('george')
    // Nothing is shown as an error, and the dialog opens fresh.
    await script.blockMenu(0, 'Compare two voices…')
    await expect(dialog.getByTestId('ab-error')).toHaveCount(0)
    await script.pickVoice('Voice of take B', 'George')
    await expect(dialog.getByRole('button', { name: 'Make the takes' })).toBeEnabled()
  } finally {
    sandbox.clearFaults()
  }
})
