import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountStatus } from '../../../shared/domain/account'
import { AppError } from '../../../shared/errors'
import { MemorySecretStore } from '../secrets/memory-secret-store'
import { FallbackSecretStore } from '../secrets/fallback-secret-store'
import { SettingsStore } from '../settings/settings-store'
import type { VerifyCredential } from './account-ports'
import { TOKEN_EXPIRING_MS } from './account-notices'
import { decodeKeychainEntry } from './keychain-entry'
import type { ManualClock } from '../../testing/manual-clock'
import { createManualClock } from '../../testing/manual-clock'
import { useTempDirs } from '../../testing/temp-dir'
import { createRecordingAccount } from '../../testing/recording-account'

const tempDir = useTempDirs('voicedesk-account-')

const T0 = Date.parse('2026-05-01T12:00:00Z')
const KEY = 'sk_test_abcdefgh1234'
/** The base URL every test starts with unless it asks for none. */
const BASE = 'https://tts.example'

async function token(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode('k'.repeat(32)))
}

let dir: string
let clock: ManualClock
let logLines: string[]
let verifyCalls: Parameters<VerifyCredential>[0][]
let verifyImpl: VerifyCredential

beforeEach(async () => {
  dir = await tempDir()
  clock = createManualClock(T0)
  logLines = []
  verifyCalls = []
  verifyImpl = () =>
    Promise.resolve({
      verifiedAt: new Date(clock.now()).toISOString(),
      voiceCount: 4,
      requestId: 'req_9',
    })
})
afterEach(() => {
  vi.useRealTimers()
})

async function make(
  options: {
    secrets?: MemorySecretStore | FallbackSecretStore
    sandbox?: { baseUrl: string; apiKey: string }
    baseUrl?: string
    trustGroups?: string[][]
    settings?: SettingsStore
  } = {},
) {
  const settings = options.settings ?? (await SettingsStore.open(dir))
  const baseUrl = options.baseUrl ?? BASE
  if (settings.get().baseUrl === '' && baseUrl !== '') await settings.update(() => ({ baseUrl }))
  const secrets = options.secrets ?? new MemorySecretStore()
  const service = await createRecordingAccount({
    settings,
    secrets,
    verify: (args) => verifyImpl(args),
    logLines,
    verifyCalls,
    clock,
    sandbox: options.sandbox ?? null,
    ...(options.trustGroups === undefined ? {} : { trustGroups: options.trustGroups }),
  })
  return { service, settings, secrets }
}

describe('AccountService: API key', () => {
  it('starts signed out', async () => {
    const { service } = await make({ baseUrl: '' })
    expect(service.getStatus()).toEqual({
      credential: 'none',
      hasKey: false,
      keyHint: null,
      keyFor: null,
      plan: 'free',
      // Never answered: the plan question waits for the first accepted key.
      planAnswered: false,
      customLimits: null,
      baseUrl: '',
      verifiedAt: null,
      rejected: false,
      connection: 'unchecked',
      checkedAt: null,
      defaultBaseUrl: null,
      accountPage: null,
      builtInAccountPage: null,
      storage: 'none',
      token: null,
      allowed: {
        speech: false,
        stream: false,
        voicesRead: false,
        voicesCreate: false,
        voicesDelete: false,
      },
      notices: [],
    })
    expect(service.activeCredential()).toBeNull()
  })

  it('stores the key in the secret store, shows only a hint, never writes it to settings or logs', async () => {
    const { service, secrets } = await make()
    const changes: AccountStatus[] = []
    service.onChanged((s) => changes.push(s))
    const status = await service.setApiKey(`  ${KEY}  `)
    expect(status).toMatchObject({
      credential: 'apiKey',
      hasKey: true,
      keyHint: '…1234',
      storage: 'keychain',
    })
    expect(status.allowed).toEqual({
      speech: true,
      stream: true,
      voicesRead: true,
      voicesCreate: true,
      voicesDelete: true,
    })
    // One keychain entry holds the key and the origin it is for, written in one step.
    expect(decodeKeychainEntry((await secrets.get('api-key')) ?? '')).toEqual({
      secret: KEY,
      origin: BASE,
    })
    expect(changes).toHaveLength(1)
    expect(JSON.stringify(status)).not.toContain(KEY)
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).not.toContain(KEY)
    expect(logLines.join('\n')).not.toContain(KEY)
  })

  it('reloads the key from the store on the next start', async () => {
    await (async () => {
      const { service } = await make({ secrets: shared })
      await service.setApiKey(KEY)
    })()
    const { service } = await make({ secrets: shared })
    expect(service.getStatus()).toMatchObject({ credential: 'apiKey', keyHint: '…1234' })
    expect(service.activeCredential()?.credential).toEqual({
      kind: 'apiKey',
      secret: KEY,
      binding: { savedFor: BASE, origins: [BASE] },
    })
  })
  const shared = new MemorySecretStore()

  it('refuses a key with spaces inside', async () => {
    const { service } = await make()
    await expect(service.setApiKey('sk_live abc defgh')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    })
  })

  it('forget removes the key from the store and memory', async () => {
    const { service, secrets } = await make()
    await service.setApiKey(KEY)
    const status = await service.forget()
    expect(status.credential).toBe('none')
    expect(await secrets.get('api-key')).toBeNull()
    expect(service.activeCredential()).toBeNull()
  })

  it('starts signed out with a notice when settings name a credential the keychain lacks', async () => {
    const { settings } = await make()
    await settings.update(() => ({ credential: 'apiKey' }))
    const { service } = await make()
    const status = service.getStatus()
    expect(status.credential).toBe('none')
    expect(status.notices).toEqual([
      {
        kind: 'keychain-unavailable',
        message: expect.stringMatching(/not found in the system keychain/),
      },
    ])
  })
})

describe('AccountService: keychain unavailable', () => {
  it('a keychain that is unavailable at start leaves the saved credential for the next start', async () => {
    const first = await make()
    await first.service.setApiKey(KEY)
    const locked = {
      storage: 'keychain' as const,
      get: () => Promise.reject(new AppError('SECRET_STORE_UNAVAILABLE', 'locked')),
      set: () => Promise.reject(new AppError('SECRET_STORE_UNAVAILABLE', 'locked')),
      delete: () => Promise.reject(new AppError('SECRET_STORE_UNAVAILABLE', 'locked')),
    }
    const { service, settings } = await make({ secrets: new FallbackSecretStore(locked) })
    const status = service.getStatus()
    expect(status.credential).toBe('none')
    expect(status.notices.map((n) => n.kind)).toEqual(['keychain-unavailable'])
    expect(settings.get().credential).toBe('apiKey')
    const later = await make({ secrets: first.secrets as MemorySecretStore })
    expect(later.service.getStatus()).toMatchObject({ credential: 'apiKey', keyHint: '…1234' })
  })

  it('keeps the key for the session and shows the keychain-unavailable notice', async () => {
    const broken = {
      storage: 'keychain' as const,
      get: () => Promise.reject(new AppError('SECRET_STORE_UNAVAILABLE', 'no keychain')),
      set: () => Promise.reject(new AppError('SECRET_STORE_UNAVAILABLE', 'no keychain')),
      delete: () => Promise.reject(new AppError('SECRET_STORE_UNAVAILABLE', 'no keychain')),
    }
    const { service } = await make({ secrets: new FallbackSecretStore(broken) })
    const status = await service.setApiKey(KEY)
    expect(status.storage).toBe('session')
    expect(status.notices.map((n) => n.kind)).toEqual(['keychain-unavailable'])
    expect(status.notices[0]?.message).toMatch(/this session only/)
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).not.toContain(KEY)
  })
})

describe('AccountService: access token', () => {
  it('reads expanded scopes and expiry without verifying the signature', async () => {
    const { service } = await make()
    const jwt = await token({ scope: 'audio:all voices:read', exp: Math.floor(T0 / 1000) + 3600 })
    const status = await service.setAccessToken(jwt)
    expect(status).toMatchObject({ credential: 'accessToken', storage: 'keychain' })
    expect(status.token).toEqual({
      scopes: ['audio:speech', 'audio:stream', 'voices:read'],
      expiresAt: '2026-05-01T13:00:00.000Z',
    })
    expect(status.allowed).toEqual({
      speech: true,
      stream: true,
      voicesRead: true,
      voicesCreate: false,
      voicesDelete: false,
    })
    expect(status.notices).toEqual([])
    expect(JSON.stringify(status)).not.toContain(jwt)
  })

  it('expands voices:all and ignores unknown scopes', async () => {
    const { service } = await make()
    const status = await service.setAccessToken(
      await token({ scope: 'voices:all admin:root', exp: T0 / 1000 + 600 * 2 }),
    )
    expect(status.token?.scopes).toEqual(['voices:create', 'voices:delete', 'voices:read'])
    expect(status.allowed).toEqual({
      speech: false,
      stream: false,
      voicesRead: true,
      voicesCreate: true,
      voicesDelete: true,
    })
  })

  it('uses the service default scope when the token names none', async () => {
    const { service } = await make()
    const status = await service.setAccessToken(await token({ exp: T0 / 1000 + 3600 }))
    expect(status.token?.scopes).toEqual(['audio:speech', 'audio:stream', 'voices:read'])
  })

  it.each([
    ['an undecodable token', 'not-a-jwt-at-all-really', /not an access token/],
    ['a token without expiry', null, /no expiry/],
    ['an expired token', 'expired', /expired at 2026-05-01T11:00:00.000Z/],
  ])('refuses %s with VALIDATION_FAILED', async (_name, raw, message) => {
    const { service, secrets } = await make()
    const jwt =
      raw === null
        ? await token({ scope: 'audio:all' })
        : raw === 'expired'
          ? await token({ scope: 'audio:all', exp: T0 / 1000 - 3600 })
          : raw
    const error = await service.setAccessToken(jwt).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('VALIDATION_FAILED')
    expect((error as AppError).message).toMatch(message)
    expect(await secrets.get('access-token')).toBeNull()
    expect(service.getStatus().credential).toBe('none')
  })

  it('setting a token replaces an API key and vice versa', async () => {
    const { service, secrets } = await make()
    await service.setApiKey(KEY)
    await service.setAccessToken(await token({ exp: T0 / 1000 + 3600 }))
    expect(await secrets.get('api-key')).toBeNull()
    await service.setApiKey(KEY)
    expect(await secrets.get('access-token')).toBeNull()
    expect(service.getStatus().token).toBeNull()
  })

  it('announces token-expiring ten minutes before expiry and token-expired after, by broadcast', async () => {
    const { service } = await make()
    const changes: AccountStatus[] = []
    service.onChanged((s) => changes.push(s))
    await service.setAccessToken(await token({ exp: T0 / 1000 + 3600 }))
    expect(changes).toHaveLength(1)
    clock.advance(3600_000 - TOKEN_EXPIRING_MS)
    expect(changes).toHaveLength(2)
    expect(changes[1]?.notices.map((n) => n.kind)).toEqual(['token-expiring'])
    expect(changes[1]?.notices[0]?.message).toMatch(/expires in 10 minutes/)
    expect(changes[1]?.allowed.speech).toBe(true)
    clock.advance(TOKEN_EXPIRING_MS)
    expect(changes).toHaveLength(3)
    expect(changes[2]?.notices.map((n) => n.kind)).toEqual(['token-expired'])
    expect(changes[2]?.allowed).toEqual({
      speech: false,
      stream: false,
      voicesRead: false,
      voicesCreate: false,
      voicesDelete: false,
    })
    service.dispose()
  })
})

describe('AccountService: base URL and plan', () => {
  it('normalises and stores the base URL; a new address clears the verification', async () => {
    const { service, settings } = await make()
    await service.setApiKey(KEY)
    await service.setBaseUrl('https://tts.example/')
    await service.verify()
    expect(service.getStatus().verifiedAt).not.toBeNull()
    await service.setBaseUrl('https://tts.example')
    expect(service.getStatus().verifiedAt).not.toBeNull()
    const status = await service.setBaseUrl('https://other.example')
    expect(status.baseUrl).toBe('https://other.example')
    expect(status.verifiedAt).toBeNull()
    expect(settings.get().baseUrl).toBe('https://other.example')
  })

  it('sets fixed plans and custom limits', async () => {
    const { service } = await make()
    expect((await service.setPlan('paid')).plan).toBe('paid')
    expect(service.limits()).toEqual({ requestsPerSecond: 20, maxInFlight: 15 })
    const custom = await service.setPlan('custom', { requestsPerSecond: 3, maxInFlight: 2 })
    expect(custom).toMatchObject({
      plan: 'custom',
      customLimits: { requestsPerSecond: 3, maxInFlight: 2 },
    })
    expect(service.limits()).toEqual({ requestsPerSecond: 3, maxInFlight: 2 })
    expect(
      (await service.setPlan('free', { requestsPerSecond: 9, maxInFlight: 9 })).customLimits,
    ).toBeNull()
    await expect(service.setPlan('custom')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
  })
})

describe('AccountService: verify', () => {
  it('needs a credential', async () => {
    const { service } = await make()
    await expect(service.verify()).rejects.toMatchObject({ code: 'AUTH_MISSING' })
    expect(verifyCalls).toEqual([])
  })

  it('needs a base URL: a key is saved for one address, so none is saved without it', async () => {
    const { service, secrets } = await make({ baseUrl: '' })
    await expect(service.setApiKey(KEY)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(
        /^Enter the service address too: your key is saved for that address only/,
      ),
    })
    expect(await secrets.get('api-key')).toBeNull()
    await expect(service.verify()).rejects.toMatchObject({ code: 'AUTH_MISSING' })
    expect(verifyCalls).toEqual([])
  })

  it('makes one call with the base URL and credential, records verifiedAt', async () => {
    const { service, settings } = await make()
    await service.setApiKey(KEY)
    await service.setBaseUrl('https://tts.example')
    const result = await service.verify()
    expect(result).toEqual({
      verifiedAt: '2026-05-01T12:00:00.000Z',
      voiceCount: 4,
      requestId: 'req_9',
    })
    expect(verifyCalls).toEqual([
      {
        baseUrl: 'https://tts.example',
        credential: { kind: 'apiKey', secret: KEY, binding: { savedFor: BASE, origins: [BASE] } },
      },
    ])
    expect(settings.get().verifiedAt).toBe('2026-05-01T12:00:00.000Z')
  })

  it.each([
    ['AUTH_INVALID', { status: 401 }, /rejected this API key/],
    ['NETWORK', {}, /Could not reach the service\./],
    ['TIMEOUT', {}, /Could not reach the service\./],
    [
      'NOT_FOUND',
      { status: 404 },
      /^Nothing at tts\.example answers as the voice service.*paste it under Advanced\.$/,
    ],
    ['UPSTREAM', {}, /^Nothing at tts\.example answers as the voice service/],
    ['UPSTREAM', { status: 503 }, /^The voice service answered with a problem of its own/],
  ] as const)('tells a %s apart, keeping the request id', async (code, extra, message) => {
    const { service } = await make()
    await service.setApiKey(KEY)
    await service.setBaseUrl('https://tts.example')
    verifyImpl = () =>
      Promise.reject(
        new AppError(code, 'raw', {
          retryable: code === 'NETWORK',
          details: { requestId: 'req_x', ...extra },
        }),
      )
    const error = await service.verify().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe(code)
    expect((error as AppError).message).toMatch(message)
    expect((error as AppError).details?.requestId).toBe('req_x')
    expect((error as AppError).retryable).toBe(code === 'NETWORK')
    expect(service.getStatus().verifiedAt).toBeNull()
  })
})

describe('AccountService: a refused credential', () => {
  function refuse(): void {
    verifyImpl = () =>
      Promise.reject(new AppError('AUTH_INVALID', 'raw', { details: { status: 401 } }))
  }

  it('is marked rejected after a refused check, and only that key at that address', async () => {
    const { service } = await make()
    await service.setApiKey(KEY)
    await service.setBaseUrl('https://tts.example')
    const seen: boolean[] = []
    service.onChanged((status) => seen.push(status.rejected))
    expect(service.getStatus().rejected).toBe(false)
    refuse()
    await expect(service.verify()).rejects.toMatchObject({ code: 'AUTH_INVALID' })
    expect(service.getStatus().rejected).toBe(true)
    expect(seen).toEqual([true])
    // Another key is not refused until it is checked.
    await service.setApiKey('not-a-real-key-another-0000')
    expect(service.getStatus().rejected).toBe(false)
  })

  it('is cleared by a check that passes, and not set by a network failure', async () => {
    const { service } = await make()
    await service.setApiKey(KEY)
    await service.setBaseUrl('https://tts.example')
    refuse()
    await service.verify().catch(() => undefined)
    expect(service.getStatus().rejected).toBe(true)
    verifyImpl = () => Promise.reject(new AppError('NETWORK', 'raw', { retryable: true }))
    await service.verify().catch(() => undefined)
    expect(service.getStatus().rejected).toBe(true)
    verifyImpl = () =>
      Promise.resolve({ verifiedAt: '2026-05-01T12:00:00.000Z', voiceCount: 1, requestId: 'r' })
    await service.verify()
    expect(service.getStatus().rejected).toBe(false)
  })
})

describe('AccountService: development sandbox', () => {
  const sandbox = { baseUrl: 'http://127.0.0.1:4010', apiKey: 'sk_sandbox_paid_wxyz' }

  it('uses the sandbox paid key while no credential is set, with the sandbox notice', async () => {
    const { service } = await make({ sandbox })
    const status = service.getStatus()
    expect(status).toMatchObject({
      credential: 'sandbox',
      hasKey: true,
      keyHint: '…wxyz',
      plan: 'paid',
      baseUrl: sandbox.baseUrl,
    })
    expect(status.notices).toEqual([
      {
        kind: 'sandbox',
        message:
          'VoiceDesk is using the demo service on this computer: sample voices, nothing billed. Paste your API key in Account to use your own account.',
      },
    ])
    expect(service.activeCredential()).toEqual({
      baseUrl: sandbox.baseUrl,
      credential: { kind: 'apiKey', secret: sandbox.apiKey },
      limits: { requestsPerSecond: 20, maxInFlight: 15 },
    })
    await service.verify()
    expect(verifyCalls[0]?.baseUrl).toBe(sandbox.baseUrl)
  })

  it('a real key takes over from the sandbox; forgetting it returns to the sandbox', async () => {
    const { service } = await make({ sandbox })
    await service.setBaseUrl('https://tts.example')
    expect((await service.setApiKey(KEY)).credential).toBe('apiKey')
    expect(service.activeCredential()?.baseUrl).toBe('https://tts.example')
    expect((await service.forget()).credential).toBe('sandbox')
  })
})
