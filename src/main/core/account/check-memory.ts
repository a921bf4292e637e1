import type { ConnectionState, VerifyResult } from '../../../shared/domain/account'
import type { AppError } from '../../../shared/errors'
import type { ActiveCredential, VerifyCredential } from './account-ports'
import { identityOf } from './active-credential'
import { explainVerifyError, isServiceTrouble } from './verify-errors'

type Found = Exclude<ConnectionState, 'unchecked'>

/**
 * What a failed check says of the address, or null when it says nothing of it (a refused key,
 * a cancelled check). Why three kinds: the sidebar and the Connection card name the same problem
 * with the same words, and "can't reach" is not what a user fixes when the address is wrong.
 */
function foundBy(error: AppError): Found | null {
  switch (error.code) {
    case 'NETWORK':
    case 'TIMEOUT':
      return 'unreachable'
    case 'NOT_FOUND':
    case 'UPSTREAM':
      return isServiceTrouble(error) ? 'service-trouble' : 'wrong-address'
    default:
      return null
  }
}

/**
 * What the last check of a credential found, in memory only, each result tied to the identity it
 * was found for (base URL plus a digest of the secret): any other key, token or address is
 * unchecked until it is checked. Why tied: a result must never outlive the settings it was
 * obtained with (a green dot for a new address nobody has tried).
 */
export class CheckMemory {
  #rejected: string | null = null
  /** The service keeps answering with the free plan's limits while a larger plan is chosen. */
  planMismatch = false
  #reach: { identity: string; state: Found; at: string } | null = null

  /**
   * Checks `active` with one call of `verify`, remembers what it found, and calls `changed` when
   * a failure changes what the windows show. Errors get a message that says whether the key, the
   * address or the network is at fault.
   */
  async check(
    active: ActiveCredential,
    verify: VerifyCredential,
    options: { signal: AbortSignal | undefined; now: () => number; changed: () => void },
  ): Promise<VerifyResult> {
    const identity = identityOf(active)
    try {
      const result = await verify({
        baseUrl: active.baseUrl,
        credential: active.credential,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      })
      this.reached(identity, result.verifiedAt)
      return result
    } catch (error) {
      const explained = explainVerifyError(error, active.baseUrl, active.credential.kind)
      // Why told to every window: the sidebar's dot must not stay green for a refused key or a
      // service that cannot be reached.
      const at = new Date(options.now()).toISOString()
      if (this.failed(identity, explained, at)) options.changed()
      throw explained
    }
  }

  /** The service answered for `identity` at `at`. */
  reached(identity: string, at: string): void {
    this.#rejected = null
    this.#reach = { identity, state: 'connected', at }
  }

  /** A check of `identity` failed; true when what it says changed (the windows must hear it). */
  failed(identity: string, error: AppError, at: string): boolean {
    if (error.code === 'AUTH_INVALID') {
      this.#rejected = identity
      this.#reach = null
      return true
    }
    const found = foundBy(error)
    if (found === null) return false
    this.#reach = { identity, state: found, at }
    return true
  }

  /** The service refused `active` (this credential at this address) at its last check. */
  isRejected(active: ActiveCredential | null): boolean {
    return active !== null && identityOf(active) === this.#rejected
  }

  /** The last check, when it was of `active`; null when that one is unchecked. */
  reachOf(active: ActiveCredential | null): { state: Found; at: string } | null {
    if (this.#reach === null || active === null || identityOf(active) !== this.#reach.identity)
      return null
    return { state: this.#reach.state, at: this.#reach.at }
  }
}
