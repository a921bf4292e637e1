import { AppError } from '../../../shared/errors'
import type { SecretAccount, SecretStore } from './secret-store'
import { SECRET_SERVICE } from './secret-store'

/** The part of keytar this store uses. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

async function loadKeytar(): Promise<KeytarModule> {
  const loaded = (await import('keytar')) as Partial<KeytarModule> & { default?: KeytarModule }
  // Why `default` first: under Node's ESM loader (the built app, Playwright) the named exports of a
  // CommonJS module are guessed statically, and keytar's come out incomplete (only getPassword);
  // `default` is always the whole module.exports.
  if (typeof loaded.default?.setPassword === 'function') return loaded.default
  return loaded as KeytarModule
}

/**
 * The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
 * keytar. Any failure, including a missing native module, becomes SECRET_STORE_UNAVAILABLE.
 */
export class KeytarSecretStore implements SecretStore {
  readonly storage = 'keychain' as const
  readonly #service: string
  readonly #load: () => Promise<KeytarModule>
  #module: Promise<KeytarModule> | null = null

  constructor(options: { service?: string; load?: () => Promise<KeytarModule> } = {}) {
    this.#service = options.service ?? SECRET_SERVICE
    this.#load = options.load ?? loadKeytar
  }

  async #call<T>(what: string, run: (keytar: KeytarModule) => Promise<T>): Promise<T> {
    try {
      this.#module ??= this.#load()
      return await run(await this.#module)
    } catch (error) {
      // Why the cause is kept but not the message in the text: keytar messages are technical
      // (D-Bus names); the user needs to know what to do.
      throw new AppError(
        'SECRET_STORE_UNAVAILABLE',
        `The system keychain could not ${what}. Unlock or set up the keychain (on Linux: a Secret Service such as GNOME Keyring), then try again.`,
        { cause: error },
      )
    }
  }

  get(account: SecretAccount): Promise<string | null> {
    return this.#call('be read', (k) => k.getPassword(this.#service, account))
  }

  set(account: SecretAccount, secret: string): Promise<void> {
    return this.#call('store the credential', (k) => k.setPassword(this.#service, account, secret))
  }

  delete(account: SecretAccount): Promise<boolean> {
    return this.#call('remove the credential', (k) => k.deletePassword(this.#service, account))
  }
}
