import { AppError } from '../../../../../shared/errors'
import { call } from '../../../lib/ipc'
import { useBlockMarksStore } from '../stores/block-marks-store'
import { hasPendingChanges, restoreDocumentChanges } from '../stores/pending-changes'
import { takeDocumentChanges } from '../stores/script-document-store'

/** Quiet time after the last keystroke before the changes are sent. */
const QUIET_MS = 700
/** Longest time a change waits while the user keeps typing. */
const MAX_WAIT_MS = 1000
/** When a send failed (disk full, main busy), the next try, even without a new change. */
const RETRY_MS = 5000
/** Sends a flush tries before it gives up with the last error. */
const FLUSH_ATTEMPTS = 2

/** An open document as main knows it: its id and the revision main last acknowledged. */
export interface OpenDocumentRef {
  docId: string
  revision: number
}

/**
 * The revision main last answered each open document's `saveDraft` with (0 when it opened).
 * Module-level: leaving the Script workspace and coming back must not forget what main holds.
 */
const acknowledged = new Map<string, number>()

/**
 * Keeps main's copy of one open document current (see {@link startDocumentSync}) and brings it
 * up to date on demand before an operation (see {@link flushDocument}).
 */
class DocumentSync {
  #timer: number | null = null
  #firstPending: number | null = null
  #sending: Promise<void> | null = null
  #resendAll = false
  #checkAllNext = false
  #closed = false

  constructor(readonly docId: string) {}

  /** Asks main for the marks of the listed blocks (all when none are listed). */
  check(blockIds?: string[]): void {
    const docId = this.docId
    call((api) => api.script.blockStates({ docId, ...(blockIds ? { blockIds } : {}) }))
      .then((marks) => {
        if (!this.#closed) useBlockMarksStore.getState().merge(marks)
      })
      .catch(() => undefined)
  }

  /** Sends what changed soon: after a pause in typing, at least once a second while it goes on. */
  schedule(): void {
    const now = Date.now()
    this.#firstPending ??= now
    if (this.#timer !== null) window.clearTimeout(this.#timer)
    const wait = Math.min(QUIET_MS, Math.max(0, this.#firstPending + MAX_WAIT_MS - now))
    this.#timer = window.setTimeout(() => void this.#sendQuietly(), wait)
  }

  /** Every block's mark again: after the changes waiting to be sent, when there are any. */
  refreshMarks(): void {
    if (hasPendingChanges()) {
      this.#checkAllNext = true
      this.schedule()
    } else this.check()
  }

  /**
   * Sends every change main does not have yet (waiting for a send already under way) and
   * answers with the revision main acknowledged: an operation that names it reads every edit
   * made before it. Throws the last error when main keeps refusing the changes.
   */
  async flush(): Promise<OpenDocumentRef> {
    this.#cancelTimer()
    let failures = 0
    for (;;) {
      if (this.#sending !== null) {
        await this.#sending.catch(() => undefined)
        continue
      }
      if (!hasPendingChanges() && !this.#resendAll) break
      try {
        await this.#send()
      } catch (error) {
        failures += 1
        if (failures >= FLUSH_ATTEMPTS) throw error
      }
    }
    return { docId: this.docId, revision: acknowledged.get(this.docId) ?? 0 }
  }

  close(): void {
    this.#closed = true
    this.#cancelTimer()
  }

  #cancelTimer(): void {
    if (this.#timer !== null) window.clearTimeout(this.#timer)
    this.#timer = null
    this.#firstPending = null
  }

  async #sendQuietly(): Promise<void> {
    this.#timer = null
    this.#firstPending = null
    if (this.#closed) return
    if (this.#sending !== null) {
      // A flush is sending: what changed since goes out once it is answered.
      await this.#sending.catch(() => undefined)
      if (!this.#closed && hasPendingChanges() && this.#timer === null) this.schedule()
      return
    }
    try {
      await this.#send()
    } catch {
      if (!this.#closed && this.#timer === null) {
        this.#timer = window.setTimeout(() => void this.#sendQuietly(), RETRY_MS)
      }
      return
    }
    if (!this.#closed && hasPendingChanges() && this.#timer === null) this.schedule()
  }

  /** One `script:saveDraft` of what changed; the changes go back to waiting when it fails. */
  #send(): Promise<void> {
    const sending = this.#sendOnce().finally(() => {
      this.#sending = null
    })
    this.#sending = sending
    return sending
  }

  async #sendOnce(): Promise<void> {
    const docId = this.docId
    const taken = takeDocumentChanges(this.#resendAll)
    if (taken === null) return
    try {
      const { revision } = await call((api) =>
        api.script.saveDraft({ docId, changes: taken.changes }),
      )
      acknowledged.set(docId, revision)
      this.#resendAll = false
    } catch (error) {
      // Main refused a change it could not follow: the next send carries the whole script.
      if (error instanceof AppError && error.code === 'VALIDATION_FAILED') this.#resendAll = true
      else restoreDocumentChanges(taken.changes)
      throw error
    }
    if (this.#closed) return
    if (taken.metaChanged || this.#checkAllNext) {
      this.#checkAllNext = false
      this.check()
    } else if (taken.blockIds.length > 0) this.check(taken.blockIds)
  }
}

let active: DocumentSync | null = null

/**
 * Starts keeping main's copy of the open document current and the blocks' audio marks with it:
 * shortly after typing stops (at least once a second while it goes on), only the blocks that
 * changed are sent (`script:saveDraft`, which also writes the crash-recovery draft), then only
 * those blocks are checked (`script:blockStates`); a change of defaults, cast or lexicon checks
 * them all. After a kill, at most the last second of typing is lost. Returns the stop function.
 */
export function startDocumentSync(docId: string): { changed(): void; stop(): void } {
  if (!acknowledged.has(docId)) acknowledged.set(docId, 0)
  active?.close()
  const sync = new DocumentSync(docId)
  active = sync
  useBlockMarksStore.getState().clear()
  sync.check()
  return {
    changed: () => sync.schedule(),
    stop: () => {
      sync.close()
      if (active === sync) active = null
    },
  }
}

/** Forgets a document main closed (its revisions start again if it is ever opened anew). */
export function forgetDocument(docId: string): void {
  acknowledged.delete(docId)
}

/** Asks main for every block's mark again (after a render finished). */
export function refreshAllBlockMarks(): void {
  active?.refreshMarks()
}

/**
 * Runs an operation on the open document as main holds it: the page's waiting edits are sent
 * first, then the operation names the revision main acknowledged. When an edit slipped in between
 * (main answers CONFLICT with `staleRevision`), it sends again and asks once more, so nothing is
 * lost and nothing runs on an older script.
 */
export async function onOpenDocument<T>(
  operation: (document: OpenDocumentRef) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    if (active === null) {
      throw new AppError('NOT_FOUND', 'No script is open. Open or create a script first.')
    }
    const document = await active.flush()
    try {
      return await operation(document)
    } catch (error) {
      const stale =
        error instanceof AppError && error.code === 'CONFLICT' && error.details?.staleRevision
      if (stale && attempt < 3) continue
      throw error
    }
  }
}
