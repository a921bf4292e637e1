import { AppError } from '../../../shared/errors'
import type { AccountNotice } from '../../../shared/domain/account'
import type { Logger } from '../log/logger'
import type { SecretAccount, SecretStore } from '../secrets/secret-store'
import type { SettingsStore } from '../settings/settings-store'
import type { TokenClaims } from './access-token'
import { readAccessToken } from './access-token'
import { credentialNotFound, TOKEN_UNREADABLE } from './account-notices'
import { decodeKeychainEntry, encodeKeychainEntry } from './keychain-entry'

/** The settings of a signed-out account: no credential, no address it belongs to, unverified. */
export const SIGNED_OUT = { credential: 'none', credentialOrigin: null, verifiedAt: null } as const

/** What the account starts with: the saved secret, its origin, its token claims, or why none. */
export interface LoadedCredential {
  secret: string | null
  /** The origin stored with the secret; null when none was (an older build's bare entry). */
  origin: string | null
  token: TokenClaims | null
  notice: AccountNotice | null
}

interface Stores {
  settings: SettingsStore
  secrets: SecretStore
  logger: Logger
}

const ENTRIES: readonly SecretAccount[] = ['api-key', 'access-token']

/** Removes both entries from the keychain; false when it could not be reached. */
async function deleteEverywhere({ secrets, logger }: Stores): Promise<boolean> {
  let reached = true
  for (const entry of ENTRIES) {
    try {
      await secrets.delete(entry)
    } catch (error) {
      logger.warn('credential not removed from the keychain', { entry, error: String(error) })
      reached = false
    }
  }
  return reached
}

/**
 * Reads the credential the settings say is saved from the secret store, at start. A missing
 * secret or an unreadable token signs the account out (with a notice saying why), never throws.
 * A forget the keychain missed is finished first, so the forgotten key is never loaded again.
 */
export async function loadSavedCredential(sources: Stores): Promise<LoadedCredential> {
  const { settings, secrets, logger } = sources
  const none: LoadedCredential = { secret: null, origin: null, token: null, notice: null }
  if (settings.get().forgetPending) {
    if (!(await deleteEverywhere(sources))) return none
    await settings.update(() => ({ ...SIGNED_OUT, forgetPending: false }))
    logger.info('forgotten credential removed from the keychain')
  }
  const { credential } = settings.get()
  if (credential === 'none') return none
  const stored = await secrets.get(credential === 'apiKey' ? 'api-key' : 'access-token')
  if (stored === null) {
    // Settings say a credential exists but the keychain has none (another machine's settings, a
    // wiped keychain, or a session-only key from the last run): start signed out, say why.
    const notice = credentialNotFound(secrets.storage === 'keychain')
    // Why keep the setting while the keychain is unavailable: a locked keychain still holds
    // the key, and the next start with a working keychain must find it again.
    if (secrets.storage === 'keychain') await settings.update(() => SIGNED_OUT)
    return { ...none, notice }
  }
  const { secret, origin } = decodeKeychainEntry(stored)
  logger.addSecret(secret)
  if (origin === null) logger.info('saved credential has no address stored with it: sent nowhere')
  if (credential !== 'accessToken') return { ...none, secret, origin }
  try {
    return { ...none, secret, origin, token: readAccessToken(secret, Number.NEGATIVE_INFINITY) }
  } catch {
    // A token this build cannot read (an expiry out of range, say) is never half-loaded: it would
    // break every status read. It is removed, and the user is told to paste a new one.
    await secrets.delete('access-token').catch(() => false)
    await settings.update(() => SIGNED_OUT)
    return { ...none, notice: TOKEN_UNREADABLE }
  }
}

/** An API key as typed, trimmed; refused (with the field named) when it has a space inside. */
export function checkedApiKey(typed: string): string {
  const key = typed.trim()
  if (!/\s/.test(key)) return key
  const message = 'An API key contains no spaces. Copy the whole key again.'
  throw new AppError('VALIDATION_FAILED', message, { details: { fields: { apiKey: message } } })
}

/**
 * Saves a new key or token together with the origin it is for, in ONE keychain entry (or, with the
 * keychain unavailable, in memory for the session only: then the keychain keeps the older entry
 * with the older origin). The other kind is deleted (one credential at a time) and the settings
 * record which kind is saved, unverified.
 */
export async function storeCredential(
  stores: Stores,
  saved: { kind: 'apiKey' | 'accessToken'; secret: string; origin: string },
): Promise<void> {
  const { settings, secrets, logger } = stores
  const entry = saved.kind === 'apiKey' ? 'api-key' : 'access-token'
  const other = saved.kind === 'apiKey' ? 'access-token' : 'api-key'
  logger.addSecret(saved.secret)
  await secrets.set(entry, encodeKeychainEntry(saved.secret, saved.origin))
  let otherRemoved = true
  try {
    await secrets.delete(other)
  } catch {
    // Left in an unreachable keychain, the other entry keeps its own origin and is not loaded
    // (settings name the kind in use); a pending forget still removes it at the next start.
    otherRemoved = false
  }
  // A pending forget is done only once the keychain itself holds nothing but the new entry.
  const forgetDone = otherRemoved && secrets.storage === 'keychain'
  await settings.update((s) => ({
    credential: saved.kind,
    credentialOrigin: null,
    verifiedAt: null,
    forgetPending: s.forgetPending && !forgetDone,
  }))
}

/** Writes the saved secret again, now bound to `origin` (the user confirmed the move natively). */
export async function rebindCredential(
  { secrets }: Pick<Stores, 'secrets'>,
  saved: { kind: 'apiKey' | 'accessToken'; secret: string; origin: string },
): Promise<void> {
  const entry = saved.kind === 'apiKey' ? 'api-key' : 'access-token'
  await secrets.set(entry, encodeKeychainEntry(saved.secret, saved.origin))
}

/** The refusal of a forget that could not reach the keychain: what happened, what happens next. */
function forgetNotReached(): AppError {
  return new AppError(
    'SECRET_STORE_UNAVAILABLE',
    'VoiceDesk stopped using the key, but the system keychain is unavailable, so the key is still stored there. VoiceDesk removes it at the next start that can reach the keychain. To remove it sooner, unlock or set up the keychain (on Linux: a Secret Service such as GNOME Keyring) and restart VoiceDesk.',
  )
}

/**
 * Deletes the key and the token from the secret store and signs the settings out. When the
 * keychain cannot be reached it says so (SECRET_STORE_UNAVAILABLE) instead of answering "none",
 * and records the forget as pending so the next start finishes it and nothing uses the key.
 */
export async function forgetCredential(stores: Stores): Promise<void> {
  const reached = await deleteEverywhere(stores)
  await stores.settings.update(() => ({ ...SIGNED_OUT, forgetPending: !reached }))
  if (!reached) throw forgetNotReached()
}
