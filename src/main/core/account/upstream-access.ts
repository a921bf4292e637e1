import type PQueue from 'p-queue'
import type { Clock } from '../clock'
import type { Logger } from '../log/logger'
import type { SynthesisScheduler } from '../upstream/scheduler'
import { createReadLimiter, createSynthesisScheduler } from '../upstream/scheduler'
import type { UpstreamClient } from '../upstream/upstream-client'
import { createUpstreamClient } from '../upstream/upstream-client'
import type { AccountService } from './account-service'

/**
 * The one way features reach the service: a client for the account's current base URL and
 * credential, sharing ONE synthesis scheduler and ONE read limiter for the whole account, so
 * previews, renders and downloads together stay under the plan's limits.
 */
export class UpstreamAccess {
  readonly #account: AccountService
  readonly #logger: Logger
  readonly #scheduler: SynthesisScheduler
  readonly #readLimiter = createReadLimiter(5)
  #client: { baseUrl: string; client: UpstreamClient } | null = null
  readonly #unsubscribe: () => void
  readonly #stopWatch: () => void
  readonly #clock: Clock | undefined

  constructor({
    account,
    logger,
    clock,
  }: {
    account: AccountService
    logger: Logger
    /** Pauses and retries of the client (default: the system clock; tests pass a manual one). */
    clock?: Clock
  }) {
    this.#account = account
    this.#logger = logger
    this.#clock = clock
    this.#scheduler = createSynthesisScheduler(
      account.limits(),
      clock === undefined ? {} : { clock },
    )
    // A paid plan the service does not honour is named in Account, with what to do.
    this.#stopWatch = this.#scheduler.onFreePlanLimits(() => account.notePlanMismatch())
    // Why follow the account: a plan change applies to requests already queued, and a new base
    // URL or credential must never reuse connections made for the old one.
    this.#unsubscribe = account.onChanged(() => {
      this.#scheduler.setLimits(account.limits())
      const active = account.activeCredential()
      if (this.#client !== null && this.#client.baseUrl !== active?.baseUrl) {
        this.#client.client.close()
        this.#client = null
      }
    })
  }

  /** The client for the current account; throws AUTH_MISSING when nobody is signed in. */
  client(): UpstreamClient {
    // Account builds the one target (checked address, bound credential); the client only uses it.
    const { address } = this.#account.serviceTarget()
    if (this.#client?.baseUrl !== address.baseUrl) {
      this.#client?.client.close()
      const client = createUpstreamClient({
        baseUrl: address,
        // Read on every request, so a key changed or forgotten in Account applies at once.
        credential: () => this.#account.serviceTarget().credential,
        scheduler: this.#scheduler,
        readLimiter: this.#readLimiter,
        logger: this.#logger,
        ...(this.#clock === undefined ? {} : { clock: this.#clock }),
      })
      this.#client = { baseUrl: address.baseUrl, client }
    }
    return this.#client.client
  }

  /** The account-wide synthesis scheduler (stats for benchmarks and diagnostics). */
  get scheduler(): SynthesisScheduler {
    return this.#scheduler
  }

  /** The account-wide read limiter (tests hold it to see in which order reads start). */
  get readLimiter(): PQueue {
    return this.#readLimiter
  }

  /** Closes connections and stops following the account. */
  dispose(): void {
    this.#unsubscribe()
    this.#stopWatch()
    this.#client?.client.close()
    this.#client = null
  }
}
