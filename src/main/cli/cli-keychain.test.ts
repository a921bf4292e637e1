import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runCliCaptured } from '../testing/captured-cli'
import type { Sandbox } from '../../sandbox/index'
import { startSandbox } from '../../sandbox/index'
import { MemorySecretStore } from '../core/secrets/memory-secret-store'
import { encodeKeychainEntry } from '../core/account/keychain-entry'
import { EXIT } from './exit-codes'

/**
 * The CLI and the keychain: a key the app saved goes only to the origin the app stored with it
 * (in the same keychain entry); a key in the environment is the user's explicit choice.
 */

const KEY = 'plain-test-key-cli_bound_3141'
let sandbox: Sandbox
let dir: string
let listener: string
let seen: (string | undefined)[] = []
const server = createServer((req, res) => {
  seen.push(req.headers.authorization)
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end('[]')
})

beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, keys: { paid: KEY } })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  listener = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await sandbox.stop()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
beforeEach(async () => {
  seen = []
  stored = encodeKeychainEntry(KEY, new URL(sandbox.baseUrl).origin)
  if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  dir = await mkdtemp(join(tmpdir(), 'vd-cli-keychain-'))
})

async function saveAppSettings(settings: Record<string, unknown>): Promise<void> {
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, ...settings }))
}

/** The keychain entry as the app writes it (key and origin together), or a bare older one. */
let stored: string

async function cli(env: Record<string, string>) {
  const secrets = new MemorySecretStore()
  await secrets.set('api-key', stored)
  const run = await runCliCaptured(['voices', 'list', '--json'], {
    env: { VOICEDESK_PLAN: 'paid', ...env },
    secrets: () => Promise.resolve(secrets),
    userDataDirs: [join(dir, 'missing'), dir],
  })
  expect(`${run.stdout}${run.stderr}`).not.toContain(KEY)
  return run
}

describe('voicedesk with the app keychain', () => {
  it('uses the saved key on the origin the app saved it for', async () => {
    await saveAppSettings({ baseUrl: sandbox.baseUrl, credential: 'apiKey' })
    const r = await cli({ VOICEDESK_BASE_URL: sandbox.legacyBaseUrl })
    expect(r.code).toBe(EXIT.ok)
    expect((JSON.parse(r.stdout) as { voices: unknown[] }).voices.length).toBeGreaterThan(0)
  })

  it('never sends the saved key to another origin, and says whose it is', async () => {
    await saveAppSettings({ baseUrl: sandbox.baseUrl, credential: 'apiKey' })
    const r = await cli({ VOICEDESK_BASE_URL: listener })
    expect(r.code).toBe(EXIT.auth)
    expect(r.stderr).toBe(
      `voicedesk: The saved key belongs to ${new URL(sandbox.baseUrl).host}. Enter the key for ${new URL(listener).host} in Account. On the command line, set VOICEDESK_API_KEY (or VOICEDESK_ACCESS_TOKEN).\n`,
    )
    expect(seen).toEqual([])
  })

  it('a bare key an older build stored goes nowhere, whatever the app settings say', async () => {
    // The settings' origin and verification are exactly what a keychain outage could have
    // pointed at another service: they do not bind the keychain's key.
    stored = KEY
    await saveAppSettings({
      baseUrl: `${sandbox.baseUrl}/legacy`,
      credential: 'apiKey',
      credentialOrigin: sandbox.baseUrl,
      verifiedAt: '2026-04-01T09:00:00.000Z',
    })
    expect((await cli({ VOICEDESK_BASE_URL: sandbox.baseUrl })).code).toBe(EXIT.auth)
    const r = await cli({ VOICEDESK_BASE_URL: listener })
    expect(r.code).toBe(EXIT.auth)
    const host = new URL(listener).host
    expect(r.stderr).toBe(
      `voicedesk: The saved key has no address recorded with it (an older VoiceDesk stored it without one), so VoiceDesk does not send it to ${host}. Open VoiceDesk and enter the key for ${host} again in Account. On the command line, set VOICEDESK_API_KEY (or VOICEDESK_ACCESS_TOKEN).\n`,
    )
    expect(seen).toEqual([])
  })

  it('a key the app forgot while the keychain was unavailable is not used', async () => {
    await saveAppSettings({ baseUrl: sandbox.baseUrl, credential: 'none', forgetPending: true })
    const r = await cli({ VOICEDESK_BASE_URL: sandbox.baseUrl })
    expect(r.code).toBe(EXIT.auth)
    expect(r.stderr).toMatch(/No API key is set/)
  })

  it('without the app settings, a bare saved key goes nowhere', async () => {
    stored = KEY
    const r = await cli({ VOICEDESK_BASE_URL: sandbox.baseUrl })
    expect(r.code).toBe(EXIT.auth)
    expect(r.stderr).toMatch(/no address recorded/)
  })

  it('a key in the environment is the user own choice for the base URL given', async () => {
    await saveAppSettings({ baseUrl: sandbox.baseUrl, credential: 'apiKey' })
    const r = await cli({ VOICEDESK_BASE_URL: listener, VOICEDESK_API_KEY: 'sk_env_own_choice_1' })
    expect(r.code).toBe(EXIT.ok)
    expect(seen).toEqual(['Bearer sk_env_own_choice_1'])
  })
})
