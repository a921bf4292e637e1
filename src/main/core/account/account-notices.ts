import type { AccountNotice, Plan } from '../../../shared/domain/account'
import type { SecretStorage } from '../secrets/secret-store'
import type { TokenClaims } from './access-token'

/** A token is "expiring" in its last ten minutes. */
export const TOKEN_EXPIRING_MS = 10 * 60 * 1000

/** Shown while the keychain is unavailable and secrets live in memory only. */
export const KEYCHAIN_UNAVAILABLE: AccountNotice = {
  kind: 'keychain-unavailable',
  message:
    "The system keychain isn't available, so VoiceDesk keeps your key for this session only: after you quit you will have to paste it again. To keep it, unlock or set up your system keychain (on Linux: a Secret Service such as GNOME Keyring), restart VoiceDesk and paste the key once more.",
}

/**
 * Shown when a key keeps meeting the free plan's limit of one request at a time while the plan
 * chosen here allows more: what it means for the user's work, and the two ways out.
 */
export function planMismatchNotice(plan: Plan): AccountNotice {
  const chosen = plan === 'custom' ? 'your own limits' : 'Paid'
  return {
    kind: 'plan-mismatch',
    message: `Your account is set to ${chosen} here, but the service renders only as fast as on the Free plan, one line after another. VoiceDesk now renders at the Free speed, so long scripts take longer. Check which plan this key is on with the voice service, or choose Free here.`,
  }
}

/** Shown while the development sandbox stands in for the service. */
export const SANDBOX_NOTICE: AccountNotice = {
  kind: 'sandbox',
  message:
    'VoiceDesk is using the demo service on this computer: sample voices, nothing billed. Paste your API key in Account to use your own account.',
}

/** Shown at start when the settings name a credential the keychain could not give back. */
export function credentialNotFound(keychainWorks: boolean): AccountNotice {
  return {
    kind: 'keychain-unavailable',
    message: keychainWorks
      ? 'The saved credential was not found in the system keychain. Enter your API key again in Account.'
      : 'The system keychain is unavailable, so the saved credential could not be read. Enter your API key again; it will be kept for this session only.',
  }
}

/** The token's notice at `nowMs`: expired, expiring (last ten minutes), or none. */
export function tokenNotice(token: TokenClaims, nowMs: number): AccountNotice | null {
  const left = token.expiresAtMs - nowMs
  if (left <= 0) {
    return {
      kind: 'token-expired',
      message:
        'Your access token has expired. Paste a new token, or use an API key, to keep working.',
    }
  }
  if (left > TOKEN_EXPIRING_MS) return null
  const minutes = Math.max(1, Math.ceil(left / 60_000))
  return {
    kind: 'token-expiring',
    message: `Your access token expires in ${minutes} minute${minutes === 1 ? '' : 's'}. Paste a new token before then.`,
  }
}

/** Shown at start when the saved access token could not be read (and was removed). */
export const TOKEN_UNREADABLE: AccountNotice = {
  kind: 'token-expired',
  message:
    'The saved access token could not be read (its expiry time is not a real date), so it was removed. Paste a new token, or use an API key.',
}

/**
 * The notices of where things are kept: a settings reset, then the keychain's state (session
 * only, or what the start found missing).
 */
export function storageNotices(
  reset: AccountNotice | null,
  storage: SecretStorage,
  loadNotice: AccountNotice | null,
): AccountNotice[] {
  const notices: AccountNotice[] = reset === null ? [] : [reset]
  if (storage === 'session') notices.push(KEYCHAIN_UNAVAILABLE)
  else if (loadNotice !== null) notices.push(loadNotice)
  return notices
}
