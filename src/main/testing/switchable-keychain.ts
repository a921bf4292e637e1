import { AppError } from '../../shared/errors'
import { FallbackSecretStore } from '../core/secrets/fallback-secret-store'
import type { SecretAccount, SecretStore } from '../core/secrets/secret-store'

/**
 * A stand-in for the OS keychain across several runs of main: its entries outlive each run, and a
 * test can make it unreachable (every call then fails as a locked or missing keychain does).
 */
export class SwitchableKeychain implements SecretStore {
  readonly storage = 'keychain' as const
  /** What the keychain holds, as main wrote it. */
  readonly entries = new Map<SecretAccount, string>()
  /** False: every call fails with SECRET_STORE_UNAVAILABLE. */
  reachable = true

  #check(): void {
    if (!this.reachable) {
      throw new AppError('SECRET_STORE_UNAVAILABLE', 'The system keychain is locked (test).')
    }
  }

  get(account: SecretAccount): Promise<string | null> {
    return Promise.resolve().then(() => {
      this.#check()
      return this.entries.get(account) ?? null
    })
  }

  set(account: SecretAccount, secret: string): Promise<void> {
    return Promise.resolve().then(() => {
      this.#check()
      this.entries.set(account, secret)
    })
  }

  delete(account: SecretAccount): Promise<boolean> {
    return Promise.resolve().then(() => {
      this.#check()
      return this.entries.delete(account)
    })
  }

  /** What one run of main opens: this keychain behind the session-only fallback, as in the app. */
  open(): FallbackSecretStore {
    return new FallbackSecretStore(this)
  }
}
