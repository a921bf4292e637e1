import type { ConversationOverview } from '../../../../shared/domain/conversation-overview'
import type { CallStore } from './call-store'

/** Periods whose saved figures are kept counted (the two the overview offers, and a few agents). */
const MAX_KEPT = 4

interface Kept {
  store: CallStore
  revision: number
  overview: ConversationOverview | null
}

/**
 * The figures last counted from an account's saved calls, per period, valid while the store has
 * not changed. Why: counting a month of a busy account takes a few hundred ms of main's turns;
 * each period is counted once (at start, see OverviewService.warmUp) and painted from here.
 */
export class SavedFigures {
  readonly #kept = new Map<string, Kept>()

  /** The figures of `key` counted from `store` as it is now; undefined when not counted yet. */
  get(key: string, store: CallStore): ConversationOverview | null | undefined {
    const kept = this.#kept.get(key)
    if (kept?.store !== store || kept.revision !== store.revision) return undefined
    return store.savedAt === null ? kept.overview : withSavedAt(kept.overview, store.savedAt)
  }

  /** Keeps the figures of `key`, counted from `store` at `revision`. */
  keep(
    key: string,
    store: CallStore,
    revision: number,
    overview: ConversationOverview | null,
  ): void {
    this.#kept.delete(key)
    this.#kept.set(key, { store, revision, overview })
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
