import { writeFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { expect } from '@playwright/test'
import type { Sandbox } from '../../src/sandbox/index'
import type { AppHost } from '../fixtures/app-host'
import { AccountScreen } from './account-screen'

/** The Voices workspace, driven the way a user drives it. */
export class VoicesScreen {
  readonly page: Page
  readonly search: Locator
  readonly count: Locator
  readonly list: Locator
  readonly rows: Locator
  readonly details: Locator
  readonly player: Locator
  readonly createDialog: Locator

  constructor(page: Page) {
    this.page = page
    this.search = page.getByTestId('voice-search')
    this.count = page.getByTestId('voice-count')
    this.list = page.getByTestId('voice-list')
    this.rows = page.getByTestId('voice-row')
    this.details = page.getByTestId('voice-details')
    this.player = page.getByTestId('player')
    this.createDialog = page.getByTestId('create-voice-dialog')
  }

  async open(): Promise<void> {
    await this.page.getByTestId('nav-voices').click()
    await expect(this.page.getByRole('heading', { level: 1, name: 'Voices' })).toBeVisible()
  }

  row(voiceId: string): Locator {
    return this.page.locator(`[data-testid="voice-row"][data-voice-id="${voiceId}"]`)
  }

  /** Ids of the rows currently rendered (the list is virtualized: the visible ones). */
  async visibleIds(): Promise<string[]> {
    const rows = await this.rows.all()
    return Promise.all(rows.map(async (row) => (await row.getAttribute('data-voice-id')) ?? ''))
  }

  filter(label: 'Language' | 'Gender' | 'Model' | 'Type' | 'Sort'): Locator {
    return this.page.locator('.voice-toolbar').getByLabel(label, { exact: true })
  }

  /** Waits until the player has played audio: playing with the position moving, then finished. */
  async expectPlayedThrough(source: 'preview' | 'trial'): Promise<void> {
    await expect(this.player).toHaveAttribute('data-source', source)
    await expect
      .poll(async () => Number(await this.player.getAttribute('data-position')), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0.2)
    await expect(this.player).toHaveAttribute('data-status', 'ended', { timeout: 30_000 })
  }
}

/** Signs in to the sandbox with an API key (or an access token) on the Account screen. */
export async function signIn(
  app: AppHost,
  sandbox: Sandbox,
  credential: { apiKey: string } | { token: string } = { apiKey: sandbox.keys.paid },
): Promise<void> {
  const account = new AccountScreen(app.page)
  await account.open()
  await account.setBaseUrl(sandbox.baseUrl)
  await account.expectBaseUrlSaved(sandbox.baseUrl)
  if ('apiKey' in credential) await account.saveApiKey(credential.apiKey)
  else await account.pasteAccessToken(credential.token)
}

/**
 * A real speech recording as a WAV file, synthesized by the sandbox: one speaker, about
 * `words` words (roughly 2.5 words a second).
 */
export async function speechWav(sandbox: Sandbox, path: string, words = 32): Promise<Uint8Array> {
  const base =
    'Good morning and welcome to the studio. Today I am reading a short passage so that my voice can be cloned. I speak clearly and calmly, one sentence at a time, without music in the background.'.split(
      ' ',
    )
  const text = Array.from({ length: words }, (_, i) => base[i % base.length]).join(' ')
  const response = await fetch(`${sandbox.baseUrl}/v1/audio/speech`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.keys.paid}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ input: text, voice_id: 'olivia', audio_format: 'wav' }),
  })
  if (!response.ok) throw new Error(`sandbox speech answered ${response.status}`)
  const body = (await response.json()) as { audio_data: string }
  const bytes = new Uint8Array(Buffer.from(body.audio_data, 'base64'))
  await writeFile(path, bytes)
  return bytes
}

/** Fills the create dialog's name and consent; the sample is chosen by the caller. */
export async function fillVoiceForm(
  dialog: Locator,
  values: { name: string; fullName?: string; email?: string; locale?: string },
): Promise<void> {
  await dialog.getByLabel('Name', { exact: true }).fill(values.name)
  await dialog.getByLabel('Gender').selectOption('female')
  if (values.locale !== undefined) await dialog.getByLabel('Language').selectOption(values.locale)
  await dialog.getByLabel('Full name', { exact: true }).fill(values.fullName ?? 'Ada Lovelace')
  await dialog.getByLabel('Email', { exact: true }).fill(values.email ?? 'ada@example.com')
  await dialog.getByRole('checkbox', { name: /agreed to have their voice cloned/ }).check()
}

/** The personal voices of the paid account, straight from the sandbox. */
export async function personalVoices(
  sandbox: Sandbox,
  apiKey = sandbox.keys.paid,
): Promise<{ id: string; display_name: string }[]> {
  const response = await fetch(`${sandbox.baseUrl}/v1/voices?limit=1000`, {
    headers: { Authorization: `Bearer ${apiKey}` },
  })
  const body = (await response.json()) as {
    voices: { id: string; type: string; display_name: string }[]
  }
  return body.voices.filter((v) => v.type === 'personal')
}

/** A short sine tone as a 16-bit mono WAV file (a sample the service finds too short). */
export async function toneWav(path: string, seconds: number, rate = 24_000): Promise<Uint8Array> {
  const frames = Math.round(seconds * rate)
  const buffer = Buffer.alloc(44 + frames * 2)
  buffer.write('RIFF', 0, 'ascii')
  buffer.writeUInt32LE(36 + frames * 2, 4)
  buffer.write('WAVEfmt ', 8, 'ascii')
  buffer.writeUInt32LE(16, 16)
  buffer.writeUInt16LE(1, 20)
  buffer.writeUInt16LE(1, 22)
  buffer.writeUInt32LE(rate, 24)
  buffer.writeUInt32LE(rate * 2, 28)
  buffer.writeUInt16LE(2, 32)
  buffer.writeUInt16LE(16, 34)
  buffer.write('data', 36, 'ascii')
  buffer.writeUInt32LE(frames * 2, 40)
  for (let i = 0; i < frames; i++) {
    buffer.writeInt16LE(
      Math.round(0.3 * 32767 * Math.sin((2 * Math.PI * 220 * i) / rate)),
      44 + i * 2,
    )
  }
  await writeFile(path, buffer)
  return new Uint8Array(buffer)
}

/** Opens the create dialog, fills it and picks `samplePath` through the (answered) open dialog. */
export async function prepareVoice(
  app: AppHost,
  voices: VoicesScreen,
  samplePath: string,
  name = 'Ada Studio',
): Promise<Locator> {
  await app.page.getByRole('button', { name: 'New personal voice…' }).click()
  const dialog = voices.createDialog
  await expect(dialog).toBeVisible()
  await fillVoiceForm(dialog, { name })
  app.platform.answerNextOpen([samplePath])
  await dialog.getByRole('button', { name: 'Choose a file…' }).click()
  await expect(dialog.getByTestId('sample-findings')).toBeVisible()
  return dialog
}
