import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { defaultSettings } from './settings-schema'
import { SETTINGS_FILE, SettingsStore } from './settings-store'
import { useTempDirs } from '../../testing/temp-dir'

const tempDir = useTempDirs('voicedesk-settings-')

let dir: string
beforeEach(async () => {
  dir = await tempDir()
})

const fixedNow = () => new Date('2026-03-04T05:06:07.089Z')

describe('SettingsStore', () => {
  it('starts from defaults when there is no file, without writing one', async () => {
    const store = await SettingsStore.open(dir)
    expect(store.get()).toEqual(defaultSettings())
    expect(store.resetNotice()).toBeNull()
    expect(await readdir(dir)).toEqual([])
  })

  it('creates a missing user data folder', async () => {
    const nested = join(dir, 'a', 'b')
    const store = await SettingsStore.open(nested)
    await store.update(() => ({ plan: 'paid' }))
    expect(JSON.parse(await readFile(join(nested, SETTINGS_FILE), 'utf8'))).toMatchObject({
      plan: 'paid',
    })
  })

  it('writes changes atomically, owner-only, leaving no temporary file, and reads them back', async () => {
    const store = await SettingsStore.open(dir)
    await store.update(() => ({
      baseUrl: 'https://tts.example',
      plan: 'custom',
      customLimits: { requestsPerSecond: 5, maxInFlight: 2 },
    }))
    await store.update(() => ({
      window: { bounds: { x: 10, y: 20, width: 900, height: 700 }, maximized: true },
    }))
    expect(await readdir(dir)).toEqual([SETTINGS_FILE])
    if (process.platform !== 'win32')
      expect((await stat(join(dir, SETTINGS_FILE))).mode & 0o777).toBe(0o600)
    const again = await SettingsStore.open(dir)
    expect(again.get()).toMatchObject({
      version: 1,
      baseUrl: 'https://tts.example',
      plan: 'custom',
      customLimits: { requestsPerSecond: 5, maxInFlight: 2 },
      window: { bounds: { x: 10, y: 20, width: 900, height: 700 }, maximized: true },
    })
  })

  it('keeps the last of many quick updates on disk (writes are ordered)', async () => {
    const store = await SettingsStore.open(dir)
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.update(() => ({ verifiedAt: `t${i}` }))),
    )
    const onDisk = JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8')) as {
      verifiedAt: string
    }
    expect(onDisk.verifiedAt).toBe('t19')
  })

  it('refuses an invalid change and writes nothing', async () => {
    const store = await SettingsStore.open(dir)
    expect(() => store.update(() => ({ plan: 'enterprise' as never }))).toThrow()
    expect(store.get().plan).toBe('free')
    expect(await readdir(dir)).toEqual([])
  })

  it('fills defaults for fields an older file does not have', async () => {
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ version: 1, baseUrl: 'https://old.example' }),
    )
    const store = await SettingsStore.open(dir)
    expect(store.get()).toEqual({ ...defaultSettings(), baseUrl: 'https://old.example' })
    expect(store.resetNotice()).toBeNull()
  })

  it('keeps the theme choice, and reads a theme it does not know as "system" without a reset', async () => {
    const store = await SettingsStore.open(dir)
    expect(store.get().theme).toBe('system')
    await store.update(() => ({ theme: 'dark' }))
    expect((await SettingsStore.open(dir)).get().theme).toBe('dark')
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ version: 1, plan: 'paid', theme: 'high-contrast' }),
    )
    const newer = await SettingsStore.open(dir)
    expect(newer.get()).toMatchObject({ plan: 'paid', theme: 'system' })
    expect(newer.resetNotice()).toBeNull()
  })

  it.each([
    ['truncated JSON', '{"version": 1, "baseUrl": "https://x', /not valid JSON/],
    ['binary garbage', '\u0000\u0001garbage', /not valid JSON/],
    ['a wrong type', JSON.stringify({ version: 1, plan: 42 }), /plan/],
    ['a future version', JSON.stringify({ version: 99 }), /version/],
    ['an array', '[]', /invalid settings/],
  ])(
    'moves a file with %s aside, resets to defaults and says so',
    async (_name, content, reason) => {
      await writeFile(join(dir, SETTINGS_FILE), content)
      const store = await SettingsStore.open(dir, { now: fixedNow })
      expect(store.get()).toEqual(defaultSettings())
      const aside = `${SETTINGS_FILE}.corrupt-2026-03-04T05-06-07-089Z`
      expect((await readdir(dir)).sort()).toEqual([SETTINGS_FILE, aside].sort())
      expect(await readFile(join(dir, aside), 'utf8')).toBe(content)
      expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'))).toEqual(
        defaultSettings(),
      )
      const notice = store.resetNotice()
      expect(notice?.kind).toBe('settings-reset')
      expect(notice?.message).toMatch(reason)
      expect(notice?.message).toContain(aside)
    },
  )
})
