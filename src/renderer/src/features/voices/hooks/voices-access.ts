import type { AccountStatus } from '../../../../../shared/domain/account'
import { AppError } from '../../../../../shared/errors'

/**
 * Whether Voices can reach the service: `no-key` without a credential, `key-elsewhere` when the
 * saved key belongs to another base URL (main does not send it there), `ready` otherwise.
 */
export type VoicesAccess =
  | { state: 'loading' }
  | { state: 'ready' }
  | { state: 'no-key' }
  | { state: 'key-elsewhere'; keyHost: string | null; baseUrl: string }

/**
 * Voices' access from the account status, which the app shell reads and passes in (the account is
 * another feature's: Voices does not read its query itself). Undefined while it loads.
 */
export function voicesAccess(status: AccountStatus | undefined): VoicesAccess {
  if (status === undefined) return { state: 'loading' }
  if (status.credential === 'none') return { state: 'no-key' }
  if (status.keyFor?.usable === false)
    return { state: 'key-elsewhere', keyHost: status.keyFor.host, baseUrl: status.baseUrl }
  return { state: 'ready' }
}

/**
 * Why Voices cannot list voices for want of a usable key, or null when it can: the account says
 * so, or the service answered the list with AUTH_MISSING (the key went away meanwhile).
 */
export function keyMissing(
  access: VoicesAccess,
  listError: unknown,
): Extract<VoicesAccess, { state: 'no-key' | 'key-elsewhere' }> | null {
  if (access.state === 'no-key' || access.state === 'key-elsewhere') return access
  if (listError instanceof AppError && listError.code === 'AUTH_MISSING') return { state: 'no-key' }
  return null
}
