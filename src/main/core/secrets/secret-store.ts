/** The keychain service name every credential is stored under. */
export const SECRET_SERVICE = 'VoiceDesk'

/** The keychain entries VoiceDesk uses: one per credential kind. */
export type SecretAccount = 'api-key' | 'access-token'

/** Where secrets end up: the OS keychain, or memory for this session only. */
export type SecretStorage = 'keychain' | 'session'

/**
 * Holds the credential. Implementations never write a secret to disk in plain text; failures are
 * thrown as AppError SECRET_STORE_UNAVAILABLE.
 */
export interface SecretStore {
  /** Where this store currently keeps secrets. */
  readonly storage: SecretStorage
  get(account: SecretAccount): Promise<string | null>
  set(account: SecretAccount, secret: string): Promise<void>
  /** Removes the entry; true when something was removed. */
  delete(account: SecretAccount): Promise<boolean>
}
