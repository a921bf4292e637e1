import { PLAN_LIMITS } from '../../../shared/domain/account'
import type { ErrorDetails } from '../../../shared/errors'

/** The service's code for a request refused because too many were in flight. */
export const CONCURRENCY_REFUSED = 'concurrency_limit_reached'
/** Refusals that show the free plan's limit before the mismatch is named. */
export const FREE_PLAN_REFUSALS = 3

/**
 * Notices a plan the service does not honour: the account is set to allow several requests at
 * once, yet the service keeps refusing a request for concurrency while at most the free plan's
 * number of others of ours were running. Why watch at all: the scheduler copes on its own (it
 * halves its concurrency and climbs back), so without this the user only sees renders crawl and
 * never learns that the key is on the free plan. Why only refusals at so few in flight: on a paid
 * plan that takes the rest of its limit used by other apps at that very moment, which is rare;
 * refusals at higher counts prove nothing.
 */
export class FreePlanWatch {
  #refusals = 0
  #noticed = false
  readonly #listeners = new Set<() => void>()

  /** A request was refused with 429; `inFlight` counts it with the others of ours running. */
  refused(
    details: ErrorDetails | undefined,
    state: { inFlight: number; maxInFlight: number },
  ): void {
    if (details?.upstreamCode !== CONCURRENCY_REFUSED) return
    const free = PLAN_LIMITS.free.maxInFlight
    if (state.maxInFlight <= free || state.inFlight > free + 1) return
    this.#refusals++
    if (this.#refusals < FREE_PLAN_REFUSALS || this.#noticed) return
    this.#noticed = true
    for (const listener of this.#listeners) listener()
  }

  /** New limits (a plan change): judged afresh. */
  reset(): void {
    this.#refusals = 0
    this.#noticed = false
  }

  /** Calls `listener` once when the mismatch is noticed (again after a reset). */
  onNoticed(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Stops telling listeners. */
  clear(): void {
    this.#listeners.clear()
  }
}
