import { useEffect } from 'react'
import { call } from '../../../lib/ipc'
import { currentProject, isDirty, useScriptDocumentStore } from '../stores/script-document-store'

/** Quiet time after the last keystroke before the draft is sent. */
const QUIET_MS = 700
/** Longest time a change waits while the user keeps typing. */
const MAX_WAIT_MS = 1000

/**
 * Sends the recovery draft to main shortly after typing stops (and at least once a second while
 * typing goes on), only when something changed since the last draft: after a kill, at most the
 * last second of typing is lost.
 */
export function useAutosave(): void {
  useEffect(() => {
    let timer: number | null = null
    let firstPending: number | null = null
    let lastSent = -1
    let sending = false
    const send = (): void => {
      timer = null
      firstPending = null
      const state = useScriptDocumentStore.getState()
      if (state.doc === null || !isDirty(state) || state.revision === lastSent || sending) return
      const revision = state.revision
      sending = true
      call((api) => api.script.saveDraft({ docId: state.doc!.docId, project: currentProject() }))
        .then(() => {
          lastSent = revision
        })
        .catch(() => undefined)
        .finally(() => {
          sending = false
          if (useScriptDocumentStore.getState().revision !== lastSent) schedule()
        })
    }
    const schedule = (): void => {
      const now = Date.now()
      firstPending ??= now
      if (timer !== null) window.clearTimeout(timer)
      const wait = Math.min(QUIET_MS, Math.max(0, firstPending + MAX_WAIT_MS - now))
      timer = window.setTimeout(send, wait)
    }
    const unsubscribe = useScriptDocumentStore.subscribe((state, previous) => {
      if (state.revision !== previous.revision && isDirty(state)) schedule()
    })
    return () => {
      unsubscribe()
      if (timer !== null) window.clearTimeout(timer)
    }
  }, [])
}
