import { AppError } from '../../../shared/errors'
import { MemorySecretStore } from './memory-secret-store'
import type { SecretAccount, SecretStorage, SecretStore } from './secret-store'

/**
 * The keychain, or, once it has failed, memory for the rest of the session. Why stay in memory
 * after the first failure: a keychain that fails intermittently would otherwise split the
 * credential between two places. Why memory and not a file: the key must never sit on disk in
 * plain text.
 */
export class FallbackSecretStore implements SecretStore {
  readonly #primary: SecretStore
  readonly #session = new MemorySecretStore({ storage: 'session' })
  readonly #onFallback: ((error: unknown) => void) | undefined
  #failed = false

  constructor(primary: SecretStore, options: { onFallback?: (error: unknown) => void } = {}) {
    this.#primary = primary
    this.#onFallback = options.onFallback
  }

  get storage(): SecretStorage {
    return this.#failed ? 'session' : this.#primary.storage
  }

  /** True once the keychain has failed and secrets are kept for this session only. */
  get unavailable(): boolean {
    return this.#failed
  }

  async #run<T>(primary: () => Promise<T>, session: () => Promise<T>): Promise<T> {
    if (!this.#failed) {
      try {
        return await primary()
      } catch (error) {
        this.#failed = true
        this.#onFallback?.(error)
      }
    }
    return session()
  }

  get(account: SecretAccount): Promise<string | null> {
    return this.#run(
      () => this.#primary.get(account),
      () => this.#session.get(account),
    )
  }

  set(account: SecretAccount, secret: string): Promise<void> {
    return this.#run(
      () => this.#primary.set(account, secret),
      () => this.#session.set(account, secret),
    )
  }

  /**
   * Removes the entry from memory AND from the keychain, even after the keychain has failed
   * once. Why: a delete that answers "done" while the keychain still holds the secret lets the
   * key come back at the next start; so a keychain that cannot be reached is reported
   * (SECRET_STORE_UNAVAILABLE), never hidden. Reaching it again does not leave session mode.
   */
  async delete(account: SecretAccount): Promise<boolean> {
    const inSession = await this.#session.delete(account)
    try {
      return (await this.#primary.delete(account)) || inSession
    } catch (error) {
      if (!this.#failed) {
        this.#failed = true
        this.#onFallback?.(error)
      }
      if (error instanceof AppError) throw error
      throw new AppError(
        'SECRET_STORE_UNAVAILABLE',
        'The system keychain could not remove the credential. Unlock or set up the keychain, then try again.',
        { cause: error },
      )
    }
  }
}
