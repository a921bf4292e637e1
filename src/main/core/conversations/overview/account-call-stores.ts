import type { CallStore } from './call-store'

/** Accounts whose calls stay in memory at once (the one in use, and a few switched from). */
const MAX_ACCOUNTS = 3
/** A file whose calls did not change is written again only when its saved time is this old. */
const SAVED_TIME_REWRITE_MS = 10 * 60_000

/**
 * Each account's {@link CallStore} in memory, loaded once, and the one-at-a-time queues of its
 * refreshes and its writes: why queues, two periods read at once share one store, and two writes
 * of one file must land in the order they were asked.
 */
export class AccountCallStores {
  readonly #stores = new Map<string, Promise<CallStore>>()
  readonly #refreshing = new WeakMap<CallStore, Promise<unknown>>()
  readonly #writing = new WeakMap<CallStore, Promise<unknown>>()
  /** What each store's file holds: the revision and saved time last written (or read). */
  readonly #written = new WeakMap<CallStore, { revision: number; savedAt: number }>()

  /** The store of `identity`, loaded with `load` the first time. */
  get(identity: string, load: () => Promise<CallStore>): Promise<CallStore> {
    let store = this.#stores.get(identity)
    if (store === undefined) {
      store = load()
      this.#stores.set(identity, store)
      if (this.#stores.size > MAX_ACCOUNTS) {
        const oldest = this.#stores.keys().next().value
        if (oldest !== undefined) this.#stores.delete(oldest)
      }
    }
    return store
  }

  /** Runs `work` on `store` after the refreshes already queued on it. */
  serially<T>(store: CallStore, work: () => Promise<T>): Promise<T> {
    return this.#queue(this.#refreshing, store, work)
  }

  /** Runs a write of `store` after the writes already queued on it. */
  writeSerially(store: CallStore, work: () => Promise<void>): Promise<void> {
    return this.#queue(this.#writing, store, work)
  }

  /** Notes that `store`'s file holds it as it is now (it was just read from there). */
  markWritten(store: CallStore): void {
    this.#written.set(store, { revision: store.revision, savedAt: store.savedAt ?? 0 })
  }

  /**
   * Runs `write` of `store` after the writes already queued on it, unless its file already holds
   * these calls with a saved time less than {@link SAVED_TIME_REWRITE_MS} older. Why skipped: a
   * read that found the calls as they were would rewrite megabytes on main's turns only to move
   * the saved time.
   */
  writeWhenChanged(store: CallStore, write: () => Promise<void>): Promise<void> {
    return this.writeSerially(store, async () => {
      const last = this.#written.get(store)
      const savedAt = store.savedAt ?? 0
      if (last?.revision === store.revision && savedAt - last.savedAt < SAVED_TIME_REWRITE_MS)
        return
      const revision = store.revision
      await write()
      this.#written.set(store, { revision, savedAt })
    })
  }

  /** Forgets every store in memory (their files stay). */
  clear(): void {
    this.#stores.clear()
  }

  #queue<T>(
    queues: WeakMap<CallStore, Promise<unknown>>,
    store: CallStore,
    work: () => Promise<T>,
  ): Promise<T> {
    const before = queues.get(store) ?? Promise.resolve()
    const run = before.then(work, work)
    queues.set(
      store,
      run.catch(() => undefined),
    )
    return run
  }
}
