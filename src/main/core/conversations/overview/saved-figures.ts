import type { ConversationOverview } from '../../../../shared/domain/conversation-overview'
import type { CallStore } from './call-store'

/** Periods whose saved figures are kept counted (the two the overview offers, and a few agents). */
const MAX_KEPT = 4

interface Kept {
  store: CallStore
  revision: number
  overview: Promise<ConversationOverview | null>
  /** The figures once counted; until then, the figures this count replaces (same store). */
  settled: { overview: ConversationOverview | null } | undefined
}

/**
 * The figures last counted from an account's saved calls, per period, valid while the store has
 * not changed. Why: counting a month of a busy account takes a few hundred ms of main's turns;
 * each period is counted once (at start, see OverviewService.warmUp) and painted from here.
 */
export class SavedFigures {
  readonly #kept = new Map<string, Kept>()

  /**
   * The figures of `key` counted (or being counted: a count under way is shared, not started
   * twice) from `store` as it is now; undefined when not counted yet.
   */
  get(key: string, store: CallStore): Promise<ConversationOverview | null> | undefined {
    const kept = this.#kept.get(key)
    if (kept?.store !== store || kept.revision !== store.revision) return undefined
    return kept.overview.then((overview) =>
      store.savedAt === null ? overview : withSavedAt(overview, store.savedAt),
    )
  }

  /**
   * The figures of `key` last counted from `store` at an earlier revision (or the ones a count
   * under way replaces), at once; undefined when none were ever counted from it.
   */
  lastCounted(key: string, store: CallStore): ConversationOverview | null | undefined {
    const kept = this.#kept.get(key)
    return kept?.store === store ? kept.settled?.overview : undefined
  }

  /** Keeps the figures of `key`, being counted from `store` at `revision`. */
  keep(
    key: string,
    store: CallStore,
    revision: number,
    overview: Promise<ConversationOverview | null>,
  ): void {
    const before = this.#kept.get(key)
    const entry: Kept = {
      store,
      revision,
      overview,
      settled: before?.store === store ? before.settled : undefined,
    }
    this.#kept.delete(key)
    this.#kept.set(key, entry)
    overview.then(
      (counted) => {
        entry.settled = { overview: counted }
      },
      () => {
        // A count that failed is not kept: the next ask counts again.
        if (this.#kept.get(key)?.overview === overview) this.#kept.delete(key)
      },
    )
    if (this.#kept.size > MAX_KEPT) {
      const oldest = this.#kept.keys().next().value
      if (oldest !== undefined) this.#kept.delete(oldest)
    }
  }

  clear(): void {
    this.#kept.clear()
  }
}

/** Saved figures dated by the last read of the list (a later read that changed nothing). */
function withSavedAt(
  overview: ConversationOverview | null,
  savedAt: number,
): ConversationOverview | null {
  if (overview?.saved === undefined || overview.saved.savedAt === savedAt) return overview
  return { ...overview, readAt: savedAt, saved: { ...overview.saved, savedAt } }
}
