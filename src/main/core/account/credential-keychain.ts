import { AppError } from '../../../shared/errors'
import type { AccountNotice } from '../../../shared/domain/account'
import type { Logger } from '../log/logger'
import type { SecretStore } from '../secrets/secret-store'
import type { SettingsStore } from '../settings/settings-store'
import type { TokenClaims } from './access-token'
import { readAccessToken } from './access-token'
import type { SandboxAccount } from './account-ports'
import { credentialNotFound } from './account-notices'
import { originOf, provenLegacyOrigin } from './credential-binding'

/** The settings of a signed-out account: no credential, no address it belongs to, unverified. */
export const SIGNED_OUT = { credential: 'none', credentialOrigin: null, verifiedAt: null } as const

/** What the account starts with: the saved secret, its token claims, or why there is none. */
export interface LoadedCredential {
  secret: string | null
  token: TokenClaims | null
  notice: AccountNotice | null
}

interface LoadSources {
  settings: SettingsStore
  secrets: SecretStore
  logger: Logger
  sandbox: SandboxAccount | null
}

/**
 * A credential saved before origins were recorded binds silently only to an address it was
 * proven on (see provenLegacyOrigin). Otherwise it stays unbound and is sent nowhere: Account
 * says so and asks for the key again (saving an address also asks in the native dialog).
 */
async function bindUnrecordedCredential({ settings, logger, sandbox }: LoadSources) {
  const saved = settings.get()
  if (saved.credentialOrigin !== null) return
  const sandboxOrigin = sandbox === null ? null : originOf(sandbox.baseUrl)
  const origin = provenLegacyOrigin(saved, sandboxOrigin)
  if (origin === null) {
    logger.info('saved credential left unbound: never verified with its address')
    return
  }
  await settings.update(() => ({ credentialOrigin: origin }))
  logger.info('saved credential bound to its address', { origin })
}

/**
 * Reads the credential the settings say is saved from the secret store, at start. A missing
 * secret or an unreadable token signs the account out (with a notice saying why), never throws.
 */
export async function loadSavedCredential(sources: LoadSources): Promise<LoadedCredential> {
  const { settings, secrets, logger } = sources
  const none: LoadedCredential = { secret: null, token: null, notice: null }
  const { credential } = settings.get()
  if (credential === 'none') return none
  const secret = await secrets.get(credential === 'apiKey' ? 'api-key' : 'access-token')
  if (secret === null) {
    // Settings say a credential exists but the keychain has none (another machine's settings, a
    // wiped keychain, or a session-only key from the last run): start signed out, say why.
    const notice = credentialNotFound(secrets.storage === 'keychain')
    // Why keep the setting while the keychain is unavailable: a locked keychain still holds
    // the key, and the next start with a working keychain must find it again.
    if (secrets.storage === 'keychain') await settings.update(() => SIGNED_OUT)
    return { ...none, notice }
  }
  logger.addSecret(secret)
  await bindUnrecordedCredential(sources)
  if (credential !== 'accessToken') return { ...none, secret }
  try {
    return { ...none, secret, token: readAccessToken(secret, Number.NEGATIVE_INFINITY) }
  } catch {
    await secrets.delete('access-token').catch(() => false)
    await settings.update(() => SIGNED_OUT)
    return none
  }
}

/** An API key as typed, trimmed; refused (with the field named) when it has a space inside. */
export function checkedApiKey(typed: string): string {
  const key = typed.trim()
  if (!/\s/.test(key)) return key
  const message = 'An API key contains no spaces. Copy the key again from the dashboard.'
  throw new AppError('VALIDATION_FAILED', message, { details: { fields: { apiKey: message } } })
}

/**
 * Saves a new key or token (the other kind is deleted: one credential at a time) and records
 * it in the settings as unverified, for `origin` only.
 */
export async function storeCredential(
  { settings, secrets, logger }: Omit<LoadSources, 'sandbox'>,
  saved: { kind: 'apiKey' | 'accessToken'; secret: string; origin: string },
): Promise<void> {
  const account = saved.kind === 'apiKey' ? 'api-key' : 'access-token'
  const other = saved.kind === 'apiKey' ? 'access-token' : 'api-key'
  logger.addSecret(saved.secret)
  await secrets.set(account, saved.secret)
  await secrets.delete(other)
  await settings.update(() => ({
    credential: saved.kind,
    credentialOrigin: saved.origin,
    verifiedAt: null,
  }))
}

/** Deletes the key and the token from the secret store and signs the settings out. */
export async function forgetCredential({
  settings,
  secrets,
}: Pick<LoadSources, 'settings' | 'secrets'>): Promise<void> {
  await secrets.delete('api-key')
  await secrets.delete('access-token')
  await settings.update(() => SIGNED_OUT)
}
