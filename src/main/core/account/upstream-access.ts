import { AppError } from '../../../shared/errors'
import type { Logger } from '../log/logger'
import type { SynthesisScheduler } from '../upstream/scheduler'
import { createReadLimiter, createSynthesisScheduler } from '../upstream/scheduler'
import type { UpstreamClient } from '../upstream/upstream-client'
import { createUpstreamClient } from '../upstream/upstream-client'
import type { AccountService } from './account-service'
import { noCredentialError } from './credential-resolver'
import { parseServiceAddress } from './service-address'

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

  constructor({ account, logger }: { account: AccountService; logger: Logger }) {
    this.#account = account
    this.#logger = logger
    this.#scheduler = createSynthesisScheduler(account.limits())
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
    const active = this.#account.activeCredential()
    if (active === null) {
      throw noCredentialError()
    }
    if (active.baseUrl === '') {
      throw new AppError(
        'VALIDATION_FAILED',
        'No service base URL is set. Enter it in Account, then try again.',
        {
          details: { fields: { baseUrl: 'Required' } },
        },
      )
    }
    // The saved key belongs to another service than the base URL now names: say so, send nothing.
    const problem = this.#account.credentialProblem()
    if (problem !== null) throw problem
    if (this.#client?.baseUrl !== active.baseUrl) {
      this.#client?.client.close()
      // Account builds the one checked address (a settings file edited by hand is refused here
      // with the same words as the Account screen); the client only uses it.
      const address = parseServiceAddress(active.baseUrl)
      const client = createUpstreamClient({
        baseUrl: address,
        // Read on every request, so a key changed or forgotten in Account applies at once.
        credential: () => this.#account.activeCredential()?.credential ?? null,
        scheduler: this.#scheduler,
        readLimiter: this.#readLimiter,
        logger: this.#logger,
      })
      this.#client = { baseUrl: active.baseUrl, client }
    }
    return this.#client.client
  }

  /** The account-wide synthesis scheduler (stats for benchmarks and diagnostics). */
  get scheduler(): SynthesisScheduler {
    return this.#scheduler
  }

  /** Closes connections and stops following the account. */
  dispose(): void {
    this.#unsubscribe()
    this.#client?.client.close()
    this.#client = null
  }
}
