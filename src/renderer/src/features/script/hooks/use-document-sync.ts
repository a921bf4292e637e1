import { useEffect } from 'react'
import { AppError } from '../../../../../shared/errors'
import { call } from '../../../lib/ipc'
import { useBlockMarksStore } from '../stores/block-marks-store'
import {
  hasPendingChanges,
  restoreDocumentChanges,
  takeDocumentChanges,
  useScriptDocumentStore,
} from '../stores/script-document-store'

/** Quiet time after the last keystroke before the changes are sent. */
const QUIET_MS = 700
/** Longest time a change waits while the user keeps typing. */
const MAX_WAIT_MS = 1000
/** When a send failed (disk full, main busy), the next try, even without a new change. */
const RETRY_MS = 5000

/** Asks main for every block's mark again (after a render finished). */
export function refreshAllBlockMarks(): void {
  window.dispatchEvent(new Event('voicedesk:refresh-block-marks'))
}

/**
 * Keeps main's copy of the open document current and the blocks' audio marks with it: shortly
 * after typing stops (at least once a second while it goes on), only the blocks that changed are
 * sent (`script:saveDraft`, which also writes the crash-recovery draft), then only those blocks
 * are checked (`script:blockStates`); a change of defaults, cast or lexicon checks them all.
 * After a kill, at most the last second of typing is lost.
 */
export function useDocumentSync(): void {
  const docId = useScriptDocumentStore((s) => s.doc?.docId ?? null)
  useEffect(() => {
    if (docId === null) return
    useBlockMarksStore.getState().clear()
    let closed = false
    let timer: number | null = null
    let firstPending: number | null = null
    let sending = false
    let resendAll = false
    let checkAllNext = false

    const check = (blockIds?: string[]): void => {
      call((api) => api.script.blockStates({ docId, ...(blockIds ? { blockIds } : {}) }))
        .then((marks) => {
          if (!closed) useBlockMarksStore.getState().merge(marks)
        })
        .catch(() => undefined)
    }

    const send = async (): Promise<void> => {
      timer = null
      firstPending = null
      if (sending || closed) return
      const taken = takeDocumentChanges(resendAll)
      if (taken === null) return
      sending = true
      try {
        await call((api) => api.script.saveDraft({ docId, changes: taken.changes }))
        resendAll = false
        if (taken.metaChanged || checkAllNext) {
          checkAllNext = false
          check()
        } else if (taken.blockIds.length > 0) check(taken.blockIds)
      } catch (error) {
        // Main refused a change it could not follow: the next send carries the whole script.
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED') resendAll = true
        else restoreDocumentChanges(taken.changes)
        if (!closed) timer = window.setTimeout(() => void send(), RETRY_MS)
      } finally {
        sending = false
      }
      if (!closed && hasPendingChanges() && timer === null) schedule()
    }

    const schedule = (): void => {
      const now = Date.now()
      firstPending ??= now
      if (timer !== null) window.clearTimeout(timer)
      const wait = Math.min(QUIET_MS, Math.max(0, firstPending + MAX_WAIT_MS - now))
      timer = window.setTimeout(() => void send(), wait)
    }

    check()
    const unsubscribe = useScriptDocumentStore.subscribe((state, previous) => {
      if (state.revision !== previous.revision && state.doc?.docId === docId) schedule()
    })
    const refresh = (): void => {
      if (hasPendingChanges()) {
        checkAllNext = true
        schedule()
      } else check()
    }
    window.addEventListener('voicedesk:refresh-block-marks', refresh)
    return () => {
      closed = true
      unsubscribe()
      window.removeEventListener('voicedesk:refresh-block-marks', refresh)
      if (timer !== null) window.clearTimeout(timer)
    }
  }, [docId])
}
