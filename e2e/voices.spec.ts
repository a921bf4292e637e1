import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createProject } from '../src/shared/domain/script'
import { expect, test } from './fixtures/test'
import { ScriptScreen } from './support/script-screen'
import { snap } from './support/screenshots'
import {
  fillVoiceForm,
  personalVoices,
  signIn,
  speechWav,
  VoicesScreen,
} from './support/voices-screen'

let dir: string
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voicedesk-voices-e2e-'))
})
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('search and filter the catalog, and preview a voice', async ({ app, sandbox }) => {
  await signIn(app, sandbox)
  const voices = new VoicesScreen(app.page)
  await voices.open()
  await expect(voices.count).toHaveText('44 voices')
  // An attribute the service left empty is left out, in the row and the panel, never shown as
  // "Not specified".
  await voices.row('an').click()
  await expect(voices.details.getByTestId('voice-facts')).toHaveText('Chinese (China)')
  await expect(voices.list).not.toContainText('Not specified')
  await expect(voices.details).not.toContainText('Not specified')

  // "/" focuses the search; the list follows each keystroke.
  await app.page.getByRole('heading', { level: 1, name: 'Voices' }).click()
  await app.page.keyboard.press('/')
  await expect(voices.search).toBeFocused()
  await app.page.keyboard.type('emm')
  await expect(voices.count).toHaveText('1 of 44 voices')
  expect(await voices.visibleIds()).toEqual(['emma'])
  // By tag and by id.
  await voices.search.fill('timbre:deep')
  await expect
    .poll(() => voices.visibleIds())
    .toEqual(['arthur', 'george', 'lukas', 'pablo', 'erik'].sort())
  await voices.search.fill('')

  await voices.filter('Language').selectOption('fr-FR')
  await voices.filter('Gender').selectOption('male')
  await expect(voices.count).toHaveText('2 of 44 voices')
  expect(await voices.visibleIds()).toEqual(['hugo', 'louis'])
  await voices.filter('Sort').selectOption('name-desc')
  await expect.poll(() => voices.visibleIds()).toEqual(['louis', 'hugo'])
  await voices.row('louis').click()
  await expect(voices.details.getByRole('heading', { name: 'Louis' })).toBeVisible()
  // The panel starts with the voice in words: what it is for, its language and gender, no id.
  await expect(voices.details.getByTestId('voice-use')).toHaveText('Warm · Narration')
  await expect(voices.details.getByTestId('voice-facts')).toHaveText('French (France) · Male')
  // Its language once, in the facts line (two models speak French: not a list of one more); the
  // models are for Details.
  await expect(voices.details.getByTestId('voice-languages')).toHaveCount(0)
  await expect(voices.details.getByText('French (France)', { exact: true })).toHaveCount(1)
  await expect(voices.details.getByTestId('voice-facts')).not.toContainText('Simba')
  await expect(voices.row('louis').locator('.voice-row__meta')).toHaveText('Warm · Narration')
  await expect(voices.row('louis')).not.toContainText('louis')
  await expect(voices.details.getByText('timbre:warm')).toBeHidden()
  // Ids live behind "Details", each with a copy button.
  const ids = voices.details.getByTestId('voice-ids')
  await expect(ids.getByTestId('voice-id')).toBeHidden()
  await ids.getByRole('button', { name: 'Details', exact: true, expanded: false }).click()
  await expect(ids.getByTestId('voice-id')).toHaveText('louis')
  await expect(ids.locator('code')).toHaveText([
    'louis',
    'simba-multilingual',
    'simba-3.0',
    'fr-FR',
  ])
  // The tags in words, not as the service's code.
  await expect(ids.getByTestId('voice-tags')).toHaveText('Timbre: warm · Style: narration')
  await app.page.evaluate(() => {
    const w = globalThis as unknown as {
      __copied: string[]
      navigator: { clipboard: { writeText(t: string): Promise<void> } }
    }
    w.__copied = []
    const original = w.navigator.clipboard.writeText.bind(w.navigator.clipboard)
    w.navigator.clipboard.writeText = async (text: string) => {
      await original(text)
      w.__copied.push(text)
    }
  })
  await ids.getByRole('button', { name: 'Copy voice id' }).click()
  await expect(ids.getByRole('button', { name: 'Copy voice id' })).toHaveText('Copied')
  await expect(ids.getByRole('status').first()).toHaveText('Voice id copied to the clipboard.')
  expect(
    await app.page.evaluate(() => (globalThis as unknown as { __copied: string[] }).__copied),
  ).toEqual(['louis'])
  await snap(app, 'voices-catalog-filters')

  // Preview: bytes fetched by main, played from a blob: URL; the page made no request of its own.
  await voices.details.getByRole('button', { name: 'Play Louis', exact: true }).click()
  await voices.expectPlayedThrough('preview')
  expect(sandbox.requestLog({ pathPrefix: '/assets/previews/louis' })).toHaveLength(1)
  expect(app.blocked.filter((b) => b.what === 'request')).toEqual([])

  // Keyboard: arrows move, Space marks a favourite, the favourites filter keeps it.
  await voices.filter('Gender').selectOption('')
  await voices.filter('Sort').selectOption('name')
  await voices.list.focus()
  await app.page.keyboard.press('Home')
  await expect(voices.row('camille')).toHaveAttribute('aria-selected', 'true')
  await app.page.keyboard.press('ArrowDown')
  await expect(voices.row('claude')).toHaveAttribute('aria-selected', 'true')
  await app.page.keyboard.press(' ')
  // The row shows a filled star and is announced as a favourite (the star is for the mouse only).
  await expect(voices.row('claude').getByTestId('voice-star')).toHaveText('★')
  await expect(voices.row('claude')).toHaveAccessibleName(/^Claude\b.*, favourite$/)
  await app.page.locator('.voice-toolbar').getByLabel('Favourites only').check()
  await expect.poll(() => voices.visibleIds()).toEqual(['claude'])
  // Enter previews the selected voice.
  await voices.list.focus()
  await app.page.keyboard.press('Enter')
  await expect(voices.player).toHaveAttribute('data-status', /loading|playing|ended/)
  await expect(app.page.locator('.player-bar__label')).toHaveText('Preview of Claude')

  // Favourites persist in main's library file.
  const library = JSON.parse(
    await readFile(join(app.userDataDir, 'voices-library.json'), 'utf8'),
  ) as {
    favorites: string[]
  }
  expect(library.favorites).toEqual(['claude'])
})

test('create a personal voice from a WAV with consent, use it, download its sample, delete it', async ({
  app,
  sandbox,
}) => {
  const samplePath = join(dir, 'ada reading.wav')
  const sample = await speechWav(sandbox, samplePath)
  await signIn(app, sandbox)
  const voices = new VoicesScreen(app.page)
  await voices.open()
  await expect(voices.count).toHaveText('44 voices')

  await app.page.getByRole('button', { name: 'New personal voice…' }).click()
  const dialog = voices.createDialog
  await expect(dialog).toBeVisible()
  // The language is a choice among the locales the app knows, by name; detection is the default.
  const language = dialog.getByLabel('Language')
  await expect(language).toHaveValue('')
  await expect(language.locator('option:checked')).toHaveText('Detect automatically')
  await expect(language.locator('option')).toHaveCount(14)
  await expect(language.locator('option[value="en-GB"]')).toHaveText('English (United Kingdom)')
  await fillVoiceForm(dialog, { name: 'Ada Studio', locale: 'en-GB' })
  app.platform.answerNextOpen([samplePath])
  await dialog.getByRole('button', { name: 'Choose a file…' }).click()
  await expect(dialog.getByTestId('sample-name')).toHaveText('ada reading.wav')
  const findings = dialog.getByTestId('sample-findings')
  await expect(findings.locator('[data-finding="duration"]')).toHaveAttribute('data-severity', 'ok')
  await expect(findings.locator('[data-finding="level"]')).toHaveAttribute('data-severity', 'ok')
  await expect(findings).toContainText('Good length')
  // The check speaks in words; its numbers (sample rate, levels) wait behind Details.
  await expect(findings).toHaveText(/Good length.*Good level/)
  // Its name, size and length (the synthesized sample's size varies by a KB from run to run).
  await expect(dialog.locator('.sample-player__about')).toHaveText(
    /^ada reading\.wav \d{3} KB · 1\d seconds$/,
  )
  await expect(findings).not.toContainText(/Hz|dB/)
  const measures = dialog.getByTestId('sample-measures')
  await measures.getByRole('button', { name: 'Details', exact: true, expanded: false }).click()
  await expect(measures).toContainText(/\d{2},\d{3} Hz, mono · average -\d+\.\d dBFS/)
  await measures.getByRole('button', { name: 'Details', exact: true, expanded: true }).click()
  // At 1024x700 the whole form fits with a sample chosen: the consent is read before Create,
  // nothing to scroll to.
  await app.page.setViewportSize({ width: 1024, height: 700 })
  const consent = dialog.getByRole('checkbox', { name: /agreed to have their voice cloned/ })
  await expect(consent).toBeInViewport({ ratio: 1 })
  await expect(dialog.getByRole('button', { name: 'Create voice' })).toBeInViewport({ ratio: 1 })
  expect(
    await dialog
      .locator('.dialog-frame__body')
      .evaluate((body) => body.scrollHeight - body.clientHeight),
  ).toBeLessThanOrEqual(0)
  await snap(app, 'voices-create-dialog-findings')
  await app.page.setViewportSize({ width: 1280, height: 820 })

  await dialog.getByRole('button', { name: 'Create voice' }).click()
  await expect(dialog).toBeHidden()
  await expect(app.page.getByTestId('voice-created')).toContainText('Ada Studio')
  const created = (await personalVoices(sandbox)).find((v) => v.display_name === 'Ada Studio')
  expect(created).toBeDefined()
  const voiceId = created!.id
  const upload = sandbox.requestLog({ pathPrefix: '/v1/voices', method: 'POST' }).at(-1)
  expect(upload?.body).toMatchObject({
    name: 'Ada Studio',
    locale: 'en-GB',
    sample_bytes: sample.byteLength,
  })
  await expect(voices.count).toHaveText('45 voices')
  await expect(voices.details.getByRole('heading', { name: 'Ada Studio' })).toBeVisible()
  await expect(voices.details.getByTestId('consent-record')).toContainText(
    'Ada Lovelace (ada@example.com)',
  )
  await expect(voices.details.getByTestId('consent-record')).not.toContainText('SHA-256')
  // When, as a person says it: "today at 12:28", no seconds.
  await expect(voices.details.getByTestId('consent-record')).toHaveText(
    /^Ada Lovelace \(ada@example\.com\) gave consent today at \d{1,2}:\d{2}( [AP]M)?\.$/,
  )
  // The new voice's panel opens at its top: the voice first, Play in view.
  await expect(voices.details.getByRole('button', { name: 'Play Ada Studio' })).toBeInViewport()
  expect(await app.page.evaluate("document.querySelector('.voices-side').scrollTop")).toBe(0)
  await snap(app, 'voices-personal')
  const ids = voices.details.getByTestId('voice-ids')
  await ids.getByRole('button', { name: 'Details', exact: true, expanded: false }).click()
  await expect(ids.getByTestId('voice-id')).toHaveText(voiceId)
  await expect(ids.getByTestId('sample-sha256')).toHaveText(
    createHash('sha256').update(sample).digest('hex'),
  )
  await expect(ids.getByRole('button', { name: 'Copy sample SHA-256' })).toBeVisible()

  // It synthesizes: "try with my text" streams through main and plays as it arrives.
  await voices.details.getByTestId('try-text').fill('This is my cloned voice speaking.')
  await voices.details.getByTestId('try-button').click()
  await voices.expectPlayedThrough('trial')
  const stream = sandbox.requestLog({ pathPrefix: '/v1/audio/stream' }).at(-1)
  expect(stream?.body).toMatchObject({
    voice_id: voiceId,
    input: 'This is my cloned voice speaking.',
  })
  expect(stream?.status).toBe(200)

  // Download: native save dialog, extension from the bytes, identical to the upload.
  app.platform.answerNextSave(join(dir, 'ada-copy'))
  await voices.details.getByRole('button', { name: 'Download sample…' }).click()
  await expect(voices.details.getByTestId('sample-saved')).toContainText('ada-copy.wav')
  // The file by its name: the folder's full path stays out of the page.
  await expect(voices.details.getByTestId('sample-saved')).not.toContainText(dir)
  expect(app.platform.dialogs.at(-1)).toMatchObject({
    kind: 'save',
    defaultName: 'Ada Studio sample.wav',
  })
  expect(Buffer.from(await readFile(join(dir, 'ada-copy.wav'))).equals(Buffer.from(sample))).toBe(
    true,
  )
  // Show in folder reveals the saved file; a path this window did not save is refused.
  await voices.details.getByRole('button', { name: 'Show in folder' }).click()
  await expect.poll(() => app.platform.revealed).toEqual([join(dir, 'ada-copy.wav')])
  const refused = await app.page.evaluate(async () => {
    const api = (
      globalThis as unknown as {
        api: {
          voices: {
            revealSample(i: { path: string }): Promise<{ ok: boolean; error?: { code: string } }>
          }
        }
      }
    ).api
    return api.voices.revealSample({ path: '/etc/passwd' })
  })
  expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
  expect(app.platform.revealed).toHaveLength(1)

  await voices.filter('Type').selectOption('personal')
  await expect(voices.count).toHaveText('1 of 45 voices')
  // The panel where the clicks above left it: the saved sample by its name, Show in folder.
  await snap(app, 'voices-personal-sample-saved')

  // Delete with the keyboard: the dialog names the voice, and flags that the open script uses it.
  const script = new ScriptScreen(app.page)
  await script.open()
  await app.page.getByRole('button', { name: 'New script' }).click()
  await expect(script.text(0)).toBeVisible()
  await voices.open()
  await expect(voices.details.getByRole('heading', { name: 'Ada Studio' })).toBeVisible()
  await expect(app.page.getByTestId('script-default-missing')).toBeHidden()
  await voices.details.getByRole('button', { name: 'Use as Script default' }).click()
  await expect(voices.details.getByTestId('script-sent')).toContainText("Script's default voice")
  await voices.list.focus()
  await app.page.keyboard.press('Delete')
  const confirm = app.page.getByRole('dialog', { name: 'Delete “Ada Studio”?' })
  await expect(confirm).toBeVisible()
  await expect(confirm.getByTestId('delete-in-script')).toContainText('default voice')
  await expect(confirm.getByTestId('delete-in-script')).not.toContainText('blocks')
  await confirm.getByRole('button', { name: 'Delete voice' }).click()
  await expect(confirm).toBeHidden()
  await expect(app.page.getByTestId('voice-deleted')).toContainText('Ada Studio')
  await expect(voices.count).toHaveText('0 of 44 voices')
  expect(await personalVoices(sandbox)).toEqual([])
  // The script still names the deleted voice as its default: Voices says it is gone.
  await expect(app.page.getByTestId('script-default-missing')).toContainText(
    'not among your voices',
  )
  const library = JSON.parse(
    await readFile(join(app.userDataDir, 'voices-library.json'), 'utf8'),
  ) as {
    consents: { voiceId: string; deletedAt?: string; sampleSha256: string }[]
  }
  expect(library.consents).toHaveLength(1)
  expect(library.consents[0]).toMatchObject({ voiceId })
  expect(library.consents[0]?.deletedAt).toBeTruthy()
})

/** The default voice of each recovery draft main has written (saveDraft writes one per change). */
async function draftDefaultVoices(userDataDir: string): Promise<(string | null)[]> {
  const folder = join(userDataDir, 'recovery')
  const names = await readdir(folder).catch(() => [] as string[])
  return Promise.all(
    names.map(async (name) => {
      const draft = JSON.parse(await readFile(join(folder, name), 'utf8')) as {
        project: { defaults: { voiceId?: string } }
      }
      return draft.project.defaults.voiceId ?? null
    }),
  )
}

test("Voices marks the open script's default voice, and sets it as an edit of the script that Undo takes back", async ({
  app,
  sandbox,
  userDataDir,
}) => {
  const path = join(dir, 'story.voicedesk')
  await writeFile(
    path,
    JSON.stringify(
      createProject({
        title: 'Story',
        defaults: { voiceId: 'olivia' },
        blocks: [{ id: 'line-1', text: 'Once upon a time.' }],
      }),
    ),
  )
  await signIn(app, sandbox)
  const script = new ScriptScreen(app.page)
  const voices = new VoicesScreen(app.page)
  const useAsDefault = voices.details.getByRole('button', { name: 'Use as Script default' })
  const isDefault = voices.details.getByRole('button', { name: 'Script default', exact: true })
  /** Finds a voice by its name (the list is virtualized) and shows its details. */
  const show = async (voiceId: string, name: string): Promise<void> => {
    await voices.search.fill(name)
    await voices.row(voiceId).click()
    await expect(voices.details.getByRole('heading', { name })).toBeVisible()
  }

  // No script open: nothing is the script's default, and there is no script to give one to.
  await voices.open()
  await show('olivia', 'Olivia')
  // No script open: the panel says so, and offers no buttons that cannot work.
  await expect(useAsDefault).toHaveCount(0)
  await expect(voices.details.getByTestId('script-link')).toContainText(
    'No script or voice-over is open',
  )
  // The way on is a button that carries the voice, not only a sentence.
  await expect(
    voices.details.getByRole('button', { name: 'New script with this voice' }),
  ).toBeVisible()

  // The project opened in Script has Olivia as its default: Voices says so, for Olivia only.
  await script.open()
  await script.openFile(app, path)
  await voices.open()
  await show('olivia', 'Olivia')
  await expect(isDefault).toBeDisabled()
  await expect(voices.row('olivia')).toContainText('In script')
  await show('emma', 'Emma')
  await expect(useAsDefault).toBeEnabled()
  await expect(voices.row('emma')).not.toContainText('In script')

  // Emma becomes the default from Voices: the screen follows at once, and main's copy of the
  // script has it (saveDraft writes the recovery draft) while Voices is still showing.
  await useAsDefault.click()
  await expect(isDefault).toBeDisabled()
  await expect(voices.details.getByTestId('script-sent')).toContainText("Script's default voice")
  await expect(voices.row('emma')).toContainText('In script')
  await expect.poll(() => draftDefaultVoices(userDataDir), { timeout: 10_000 }).toEqual(['emma'])
  await show('olivia', 'Olivia')
  await expect(useAsDefault).toBeEnabled()
  await expect(voices.row('olivia')).not.toContainText('In script')

  // In Script the default is Emma, and Undo gives Olivia back, in Voices too.
  await script.open()
  await app.page.getByRole('button', { name: 'Cast', exact: true }).click()
  await expect(app.page.getByRole('button', { name: 'Default voice: Emma' })).toBeVisible()
  await app.page.getByRole('button', { name: 'Undo' }).click()
  await expect(app.page.getByRole('button', { name: 'Default voice: Olivia' })).toBeVisible()
  await expect.poll(() => draftDefaultVoices(userDataDir), { timeout: 10_000 }).toEqual(['olivia'])
  await voices.open()
  await show('olivia', 'Olivia')
  await expect(isDefault).toBeDisabled()
  await show('emma', 'Emma')
  await expect(useAsDefault).toBeEnabled()
})

test('one click on a row plays its preview, and Script’s picker plays the same one', async ({
  app,
  sandbox,
}) => {
  const path = join(dir, 'story.voicedesk')
  await writeFile(
    path,
    JSON.stringify(
      createProject({ title: 'Story', blocks: [{ id: 'line-1', text: 'Once upon a time.' }] }),
    ),
  )
  await signIn(app, sandbox)
  const voices = new VoicesScreen(app.page)
  await voices.open()
  await expect(voices.count).toHaveText('44 voices')
  // Nothing plays: no player bar and no "Nothing playing".
  await expect(voices.player).toBeHidden()
  await expect(app.page.getByText('Nothing playing')).toHaveCount(0)

  // One click on George's row button plays George's preview; nothing else was needed.
  await voices.search.fill('George')
  const playGeorge = app.page.getByRole('button', { name: 'Play George', exact: true })
  await playGeorge.click()
  await expect(voices.player).toBeVisible()
  await expect(voices.player).toHaveAttribute('data-source', 'preview')
  await expect(app.page.locator('.player-bar__label')).toHaveText('Preview of George')
  await expect(voices.player).toHaveAttribute('data-status', /loading|playing/)
  const stopGeorge = app.page.getByRole('button', { name: 'Stop George', exact: true })
  await expect(stopGeorge).toBeVisible()
  await expect
    .poll(() => sandbox.requestLog({ pathPrefix: '/assets/previews/george' }).length)
    .toBe(1)
  // The same button stops it, and the bar goes away.
  await stopGeorge.click()
  await expect(voices.player).toHaveAttribute('data-status', 'idle')
  await expect(voices.player).toBeHidden()
  await expect(playGeorge).toBeVisible()

  // Keyboard: from the list, Tab reaches the selected row's play button; Space and Enter work.
  await voices.search.fill('')
  await voices.list.focus()
  await app.page.keyboard.press('Home')
  await expect(voices.row('an')).toHaveAttribute('aria-selected', 'true')
  await app.page.keyboard.press('Tab')
  await expect(
    app.page.locator('.voice-list').getByRole('button', { name: 'Play An', exact: true }),
  ).toBeFocused()
  await app.page.keyboard.press('Space')
  await expect(app.page.locator('.player-bar__label')).toHaveText('Preview of An')
  await expect(
    app.page.locator('.voice-list').getByRole('button', { name: 'Stop An', exact: true }),
  ).toBeFocused()
  await app.page.keyboard.press('Enter')
  await expect(voices.player).toHaveAttribute('data-status', 'idle')

  // Script's voice picker: the same button, the same preview (the page already holds George's,
  // so the service is not asked again), on the same player: starting one stops the other.
  const script = new ScriptScreen(app.page)
  await script.open()
  await script.openFile(app, path)
  await app.page.getByRole('button', { name: 'Cast', exact: true }).click()
  await app.page.getByRole('button', { name: /^Default voice:/ }).click()
  const choices = app.page.getByRole('listbox', { name: 'Default voice' })
  await app.page.getByRole('searchbox', { name: 'Search voices' }).fill('e')
  const pickerGeorge = choices.getByRole('button', { name: 'Play George', exact: true })
  await pickerGeorge.click()
  const pickerStopGeorge = choices.getByRole('button', { name: 'Stop George', exact: true })
  await expect(pickerStopGeorge).toBeVisible()
  await expect(pickerStopGeorge).toHaveAttribute('data-state', /loading|playing/)
  expect(sandbox.requestLog({ pathPrefix: '/assets/previews/george' })).toHaveLength(1)
  await choices.getByRole('button', { name: 'Play Emma', exact: true }).click()
  await expect(choices.getByRole('button', { name: 'Stop Emma', exact: true })).toBeVisible()
  await expect(choices.getByRole('button', { name: 'Play George', exact: true })).toBeVisible()
  await expect
    .poll(() => sandbox.requestLog({ pathPrefix: '/assets/previews/emma' }).length)
    .toBe(1)
  // Playing does not pick: the picker stays open and the default is still unset.
  await expect(choices).toBeVisible()
  await choices.getByRole('button', { name: 'Stop Emma', exact: true }).click()
  await expect(choices.getByRole('button', { name: 'Play Emma', exact: true })).toBeVisible()
  await app.page.keyboard.press('Escape')
  await expect(choices).toBeHidden()
})

test('a sample recorded from the microphone (fake device), with level meter and re-record', async ({
  app,
  sandbox,
}) => {
  await signIn(app, sandbox)
  const voices = new VoicesScreen(app.page)
  await voices.open()
  await app.page.getByRole('button', { name: 'New personal voice…' }).click()
  const dialog = voices.createDialog
  await dialog.getByRole('button', { name: /Record from microphone/ }).click()
  // Something to read while recording (no language chosen: English).
  await expect(dialog.getByTestId('mic-passage')).toContainText('The harbour wakes slowly')
  const meter = dialog.getByTestId('level-meter')
  await expect(meter).toBeVisible()
  await expect.poll(async () => Number(await meter.getAttribute('data-level'))).toBeGreaterThan(0)
  await expect
    .poll(async () => Number(await dialog.getByTestId('mic-elapsed').getAttribute('data-seconds')))
    .toBeGreaterThan(1.5)
  await dialog.getByRole('button', { name: /Stop recording/ }).click()
  await expect(dialog.getByTestId('sample-name')).toHaveText(/^recording-\d+s\.wav$/)
  // Chromium's fake microphone: a few seconds of beeps, decoded and measured in the page.
  await expect(
    dialog.getByTestId('sample-findings').locator('[data-finding="duration"]'),
  ).toHaveAttribute('data-severity', 'warning')
  await expect(dialog.getByTestId('sample-findings')).toContainText(/short/i)
  // Re-record replaces it.
  await dialog.getByRole('button', { name: /Record again/ }).click()
  await expect(meter).toBeVisible()
  await dialog.getByRole('button', { name: /Stop recording/ }).click()
  await expect(dialog.getByTestId('sample-name')).toHaveText(/^recording-\d+s\.wav$/)
  await expect(dialog.getByTestId('sample-findings')).toBeVisible()
})
