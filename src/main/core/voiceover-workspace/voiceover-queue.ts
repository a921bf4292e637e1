/**
 * Each project's changes, run one after another. Why: a project's timeline is worked out in
 * slices that give main's loop turns, and a change made between two slices would leave a view
 * that is half one project and half another.
 */
export class ChangeQueue<K extends object> {
  // Why weak: a closed project's queue goes with it.
  readonly #last = new WeakMap<K, Promise<unknown>>()

  /** Runs `change` once every change queued before it for `key` has settled. */
  run<T>(key: K, change: () => Promise<T>): Promise<T> {
    const before = this.#last.get(key) ?? Promise.resolve()
    const next = before.then(change, change)
    // A failed change fails its own caller only; the next one still runs.
    this.#last.set(
      key,
      next.catch(() => undefined),
    )
    return next
  }
}
