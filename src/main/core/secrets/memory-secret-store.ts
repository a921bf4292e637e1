import type { SecretAccount, SecretStorage, SecretStore } from './secret-store'

/**
 * A store in process memory. Tests and the e2e host use it in place of the keychain; the
 * session-only fallback uses it when the keychain is unavailable.
 */
export class MemorySecretStore implements SecretStore {
  readonly storage: SecretStorage
  readonly #entries = new Map<SecretAccount, string>()

  constructor(options: { storage?: SecretStorage } = {}) {
    this.storage = options.storage ?? 'keychain'
  }

  get(account: SecretAccount): Promise<string | null> {
    return Promise.resolve(this.#entries.get(account) ?? null)
  }

  set(account: SecretAccount, secret: string): Promise<void> {
    this.#entries.set(account, secret)
    return Promise.resolve()
  }

  delete(account: SecretAccount): Promise<boolean> {
    return Promise.resolve(this.#entries.delete(account))
  }
}
