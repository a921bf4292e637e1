import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { beforeEach, describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../secrets/memory-secret-store'
import { SETTINGS_FILE, SettingsStore } from '../settings/settings-store'
import type { VerifyCredential } from './account-ports'
import type { CredentialMove } from './credential-binding'
import { bindingFor, moveQuestion, trustGroupOf } from './credential-binding'
import { useTempDirs } from '../../testing/temp-dir'
import { createRecordingAccount } from '../../testing/recording-account'
import type { ManualClock } from '../../testing/manual-clock'
import { createManualClock } from '../../testing/manual-clock'
import { decodeKeychainEntry, encodeKeychainEntry } from './keychain-entry'
import { MOVE_QUESTION_COOLDOWN_MS } from './move-question'

const tempDir = useTempDirs('voicedesk-binding-')

const KEY = 'sk_test_bound_5678'
const A = 'https://tts.example'
const B = 'https://elsewhere.example'
/** The key-elsewhere notice as the user reads it: names in words, the addresses behind Details. */
const A_TO_B = (what: 'key' | 'access token') =>
  `Your ${what} was saved for tts.example, and VoiceDesk is now set to use elsewhere.example, so it does not send the ${what} there. Go back to the ${what}'s address, or paste the ${what} for this one.`
const A_TO_B_DETAILS = 'Saved for: tts.example. Set now: elsewhere.example.'

let dir: string
let verifyCalls: Parameters<VerifyCredential>[0][]
let logLines: string[]
let clock: ManualClock

beforeEach(async () => {
  dir = await tempDir()
  clock = createManualClock()
  verifyCalls = []
  logLines = []
})

async function make(
  options: {
    secrets?: MemorySecretStore
    trustGroups?: string[][]
    sandbox?: { baseUrl: string; apiKey: string }
  } = {},
) {
  const settings = await SettingsStore.open(dir)
  const secrets = options.secrets ?? new MemorySecretStore()
  const service = await createRecordingAccount({
    settings,
    secrets,
    verify: () =>
      Promise.resolve({ verifiedAt: '2026-05-01T12:00:00.000Z', voiceCount: 1, requestId: null }),
    logLines,
    verifyCalls,
    sandbox: options.sandbox ?? null,
    clock,
    ...(options.trustGroups === undefined ? {} : { trustGroups: options.trustGroups }),
  })
  return { service, settings, secrets }
}

/** A confirmation port that records each question and answers `answer`. */
function confirmer(answer: boolean) {
  const asked: CredentialMove[] = []
  return {
    asked,
    confirmMove: (move: CredentialMove) => {
      asked.push(move)
      return Promise.resolve(answer)
    },
  }
}

describe('credential binding rules', () => {
  it('a trust group holds every origin listed with it, whatever path the addresses had', () => {
    const groups = [[`${A}/v1`, 'https://legacy.example:8443/api/']]
    expect(trustGroupOf(A, groups)).toEqual([A, 'https://legacy.example:8443'])
    expect(trustGroupOf('https://legacy.example:8443', groups)).toEqual([
      'https://legacy.example:8443',
      A,
    ])
    expect(trustGroupOf(B, groups)).toEqual([B])
    // Another port or scheme is another origin.
    expect(trustGroupOf('https://legacy.example', groups)).toEqual(['https://legacy.example'])
    expect(bindingFor(null, groups, ['http://127.0.0.1:4010'])).toEqual({
      savedFor: null,
      origins: ['http://127.0.0.1:4010'],
    })
  })

  it('the native question names both hosts', () => {
    const q = moveQuestion({ kind: 'apiKey', from: A, to: 'http://127.0.0.1:9999' })
    expect(q.message).toContain('127.0.0.1:9999')
    expect(q.detail).toContain('tts.example')
    expect(q.confirmLabel).toBe('Use it with 127.0.0.1:9999')
    expect(q.cancelLabel).toBe('Keep it for tts.example')
  })
})

describe('AccountService: the key goes only where it was saved for', () => {
  it('records the origin the key was saved for with the key, in its keychain entry; settings hold neither', async () => {
    const { service, secrets } = await make()
    await service.setBaseUrl(`${A}/api/`)
    const status = await service.setApiKey(KEY)
    expect(decodeKeychainEntry((await secrets.get('api-key')) ?? '')).toEqual({
      secret: KEY,
      origin: A,
    })
    expect(status.keyFor).toEqual({ origin: A, host: 'tts.example', usable: true })
    const file = await readFile(join(dir, SETTINGS_FILE), 'utf8')
    expect(file).toContain('"credentialOrigin": null')
    expect(file).not.toContain(KEY)
  })

  it('another origin without confirmation suspends the key: not sent, said why, kept for its own service', async () => {
    const { service, secrets } = await make()
    await service.setBaseUrl(A)
    await service.setApiKey(KEY)
    const status = await service.setBaseUrl(B)
    expect(status.baseUrl).toBe(B)
    expect(status.keyFor).toEqual({ origin: A, host: 'tts.example', usable: false })
    expect(status.allowed.voicesRead).toBe(false)
    const message =
      'The saved key belongs to tts.example. Enter the key for elsewhere.example in Account.'
    expect(status.notices).toContainEqual({
      kind: 'key-elsewhere',
      message: A_TO_B('key'),
      details: A_TO_B_DETAILS,
    })
    await expect(service.verify()).rejects.toMatchObject({ code: 'AUTH_MISSING', message })
    expect(verifyCalls).toEqual([])
    expect(service.credentialProblem()?.message).toBe(message)
    // The key is still saved, and works again on its own service.
    expect(decodeKeychainEntry((await secrets.get('api-key')) ?? '').secret).toBe(KEY)
    const back = await service.setBaseUrl(`${A}/v2`)
    expect(back.keyFor?.usable).toBe(true)
    expect(back.notices).toEqual([])
    await service.verify()
    expect(verifyCalls).toHaveLength(1)
  })

  it('the native confirmation moves the key; a refusal keeps it where it was', async () => {
    const { service, secrets } = await make()
    await service.setBaseUrl(A)
    await service.setApiKey(KEY)
    const no = confirmer(false)
    await service.setBaseUrl(B, no)
    expect(no.asked).toEqual([{ kind: 'apiKey', from: A, to: B }])
    expect(service.getStatus().keyFor?.origin).toBe(A)
    expect(service.credentialProblem()).not.toBeNull()

    clock.advance(MOVE_QUESTION_COOLDOWN_MS)
    const C = 'https://third.example'
    const yes = confirmer(true)
    const moved = await service.setBaseUrl(`${C}/api`, yes)
    expect(yes.asked).toEqual([{ kind: 'apiKey', from: A, to: C }])
    // The move is written with the key, in the same keychain entry.
    expect(decodeKeychainEntry((await secrets.get('api-key')) ?? '')).toEqual({
      secret: KEY,
      origin: C,
    })
    expect(moved.keyFor).toEqual({ origin: C, host: 'third.example', usable: true })
    expect(service.activeCredential()?.credential.binding).toEqual({ savedFor: C, origins: [C] })
    // Moved, not shared: the old service now needs the question again.
    expect((await service.setBaseUrl(A)).keyFor?.usable).toBe(false)
  })

  it('the current and legacy addresses are one trust group: no question, the key works on both', async () => {
    const legacy = 'https://legacy.example:8443'
    const { service } = await make({ trustGroups: [[A, `${legacy}/old`]] })
    await service.setBaseUrl(A)
    await service.setApiKey(KEY)
    const ask = confirmer(false)
    const status = await service.setBaseUrl(`${legacy}/old`, ask)
    expect(ask.asked).toEqual([])
    expect(status.keyFor).toEqual({ origin: A, host: 'tts.example', usable: true })
    expect(service.activeCredential()?.credential.binding?.origins).toEqual([A, legacy])
  })

  it('the sandbox main itself started may receive the key without a question', async () => {
    const sandbox = { baseUrl: 'http://127.0.0.1:4010', apiKey: 'sk_sandbox_paid_wxyz' }
    const { service } = await make({ sandbox })
    await service.setBaseUrl(A)
    await service.setApiKey(KEY)
    const ask = confirmer(false)
    const status = await service.setBaseUrl(`${sandbox.baseUrl}/legacy`, ask)
    expect(ask.asked).toEqual([])
    expect(status.keyFor?.usable).toBe(true)
    expect((await service.setBaseUrl('http://127.0.0.1:4011', ask)).keyFor?.usable).toBe(false)
  })

  it('an access token is bound the same way', async () => {
    const { service } = await make()
    await service.setBaseUrl(A)
    const jwt = await new SignJWT({ exp: 4102444800, scope: 'audio:all voices:read' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('k'.repeat(32)))
    await service.setAccessToken(jwt)
    const status = await service.setBaseUrl(B)
    expect(status.keyFor?.usable).toBe(false)
    const notice = status.notices.find((n) => n.kind === 'key-elsewhere')
    expect(notice?.message).toBe(A_TO_B('access token'))
    expect(notice?.details).toBe(A_TO_B_DETAILS)
  })

  it('forgetting the key forgets its origin', async () => {
    const { service, secrets } = await make()
    await service.setBaseUrl(A)
    await service.setApiKey(KEY)
    expect((await service.forget()).keyFor).toBeNull()
    expect(await secrets.get('api-key')).toBeNull()
  })
})

describe('AccountService: a keychain entry an older build stored without its origin', () => {
  /** What an older build left: a bare key in the keychain, and settings that may name an origin. */
  async function legacySettings(fields: Record<string, unknown>) {
    const secrets = new MemorySecretStore()
    await secrets.set('api-key', KEY)
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ version: 1, credential: 'apiKey', ...fields }),
    )
    return secrets
  }

  const NO_ADDRESS = (host: string) =>
    `The saved key has no address recorded with it (an older VoiceDesk stored it without one), so VoiceDesk does not send it to ${host}. Open VoiceDesk and enter the key for ${host} again in Account.`

  it.each([
    ['an origin recorded in settings', { baseUrl: A, credentialOrigin: A }],
    [
      'a base URL it was verified against',
      { baseUrl: `${A}/v1`, verifiedAt: '2026-04-01T09:00:00.000Z' },
    ],
    ['an address never verified', { baseUrl: `${A}/steal`, verifiedAt: null }],
  ])(
    'is sent nowhere, whatever the settings say (%s): those could name a service a keychain outage pointed them at',
    async (_case, fields) => {
      const secrets = await legacySettings(fields)
      const { service } = await make({ secrets })
      const status = service.getStatus()
      expect(status.keyFor).toEqual({ origin: null, host: null, usable: false })
      expect(status.allowed.voicesRead).toBe(false)
      const message = NO_ADDRESS('tts.example')
      expect(status.notices).toContainEqual({
        kind: 'key-elsewhere',
        message:
          'Your key was saved by an older VoiceDesk without the service it is for, so VoiceDesk does not send it anywhere. Paste the key again to use it with this service.',
        details:
          'Saved for: none recorded (an older VoiceDesk saved it without one). Set now: tts.example.',
      })
      expect(service.activeCredential()?.credential.binding).toEqual({
        savedFor: null,
        origins: [],
      })
      await expect(service.verify()).rejects.toMatchObject({ code: 'AUTH_MISSING', message })
      expect(verifyCalls).toEqual([])
    },
  )

  it('entering the key again stores it with the address in force', async () => {
    const secrets = await legacySettings({ baseUrl: `${B}/steal`, verifiedAt: null })
    const { service } = await make({ secrets })
    expect((await service.setApiKey(KEY)).keyFor).toEqual({
      origin: B,
      host: 'elsewhere.example',
      usable: true,
    })
    expect(decodeKeychainEntry((await secrets.get('api-key')) ?? '')).toEqual({
      secret: KEY,
      origin: B,
    })
  })

  it('the sandbox main itself started may receive it without a question', async () => {
    const sandbox = { baseUrl: 'http://127.0.0.1:4010', apiKey: 'sk_sandbox_paid_wxyz' }
    const secrets = await legacySettings({ baseUrl: `${sandbox.baseUrl}/legacy` })
    const { service } = await make({ secrets, sandbox })
    expect(service.getStatus().keyFor?.usable).toBe(true)
  })

  it('confirming an address in the native question binds it there, in the keychain entry', async () => {
    const secrets = await legacySettings({})
    const { service } = await make({ secrets })
    const yes = confirmer(true)
    const status = await service.setBaseUrl(B, yes)
    expect(yes.asked).toEqual([{ kind: 'apiKey', from: null, to: B }])
    expect(status.keyFor?.usable).toBe(true)
    expect(decodeKeychainEntry((await secrets.get('api-key')) ?? '')).toEqual({
      secret: KEY,
      origin: B,
    })
  })

  it('an entry this build wrote keeps its origin across starts', async () => {
    const secrets = new MemorySecretStore()
    await secrets.set('api-key', encodeKeychainEntry(KEY, A))
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ version: 1, credential: 'apiKey', baseUrl: B, credentialOrigin: B }),
    )
    const { service } = await make({ secrets })
    // The settings' origin (B) is ignored: the entry says A.
    expect(service.getStatus().keyFor).toEqual({ origin: A, host: 'tts.example', usable: false })
  })
})

describe('AccountService: the move question cannot be used to pester the user', () => {
  it('one question at a time: another base URL while it is open is refused', async () => {
    const { service } = await make()
    await service.setBaseUrl(A)
    await service.setApiKey(KEY)
    let answer: (yes: boolean) => void = () => {}
    const asked: CredentialMove[] = []
    const pending = service.setBaseUrl(B, {
      confirmMove: (move) => {
        asked.push(move)
        return new Promise<boolean>((resolve) => (answer = resolve))
      },
    })
    const ask = confirmer(true)
    await expect(service.setBaseUrl('https://third.example', ask)).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'VoiceDesk is already asking whether to send the saved key to another address. Answer that question first, then change the base URL again.',
    })
    expect(ask.asked).toEqual([])
    expect(asked).toHaveLength(1)
    answer(false)
    expect((await pending).baseUrl).toBe(B)
    expect(service.getStatus().keyFor?.origin).toBe(A)
    // Answered, and the cooldown over: the next change may ask again.
    clock.advance(MOVE_QUESTION_COOLDOWN_MS)
    await service.setBaseUrl('https://third.example', ask)
    expect(ask.asked).toEqual([{ kind: 'apiKey', from: A, to: 'https://third.example' }])
  })

  it('a declined origin is not asked about again this session; the key stays unsent and it says so', async () => {
    const { service } = await make()
    await service.setBaseUrl(A)
    await service.setApiKey(KEY)
    await service.setBaseUrl(B, confirmer(false))
    await service.setBaseUrl(A)
    const again = confirmer(true)
    const status = await service.setBaseUrl(`${B}/other-path`, again)
    expect(again.asked).toEqual([])
    expect(service.getStatus().keyFor?.origin).toBe(A)
    expect(status.keyFor?.usable).toBe(false)
    const message =
      'The saved key belongs to tts.example. Enter the key for elsewhere.example in Account. You chose not to send it to elsewhere.example; VoiceDesk does not ask again until it restarts.'
    expect(status.notices).toContainEqual({
      kind: 'key-elsewhere',
      message: A_TO_B('key'),
      details: `${A_TO_B_DETAILS} You chose not to send the key there; VoiceDesk does not ask again until it restarts.`,
    })
    await expect(service.verify()).rejects.toMatchObject({ code: 'AUTH_MISSING', message })
    expect(verifyCalls).toEqual([])
  })
})
