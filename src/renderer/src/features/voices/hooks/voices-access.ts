import type { AccountStatus } from '../../../../../shared/domain/account'

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
