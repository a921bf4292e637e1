import type { AccountStatus } from '../../../shared/domain/account'
import type { Logger } from '../log/logger'

/**
 * Who is told the account's status after each change (every window, the CLI's watchers). Why each
 * call is guarded: one listener that throws must not keep the others from hearing of a change.
 */
export class StatusListeners {
  readonly #listeners = new Set<(status: AccountStatus) => void>()
  readonly #logger: Logger

  constructor(logger: Logger) {
    this.#logger = logger
  }

  /** Adds a listener; returns the unsubscribe. */
  add(listener: (status: AccountStatus) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Tells every listener `status`, and returns it. */
  tell(status: AccountStatus): AccountStatus {
    for (const listener of this.#listeners) {
      try {
        listener(status)
      } catch (error) {
        this.#logger.error('account listener failed', { error: String(error) })
      }
    }
    return status
  }

  /** Forgets every listener. */
  clear(): void {
    this.#listeners.clear()
  }
}
