import { useEffect } from 'react'
import { call } from '../../../lib/ipc'
import { useBlockMarksStore } from '../stores/block-marks-store'
import { currentProject, useScriptDocumentStore } from '../stores/script-document-store'

/** Asks main which blocks are cached or stale: all on open, then the changed ones after edits. */
export function useBlockMarks(): { refreshAll: () => void } {
  const docId = useScriptDocumentStore((s) => s.doc?.docId ?? null)
  useEffect(() => {
    if (docId === null) return
    const marks = useBlockMarksStore.getState()
    marks.clear()
    let timer: number | null = null
    const check = (blockIds?: string[]): void => {
      call((api) =>
        api.script.blockStates({
          docId,
          project: currentProject(),
          ...(blockIds ? { blockIds } : {}),
        }),
      )
        .then((result) => useBlockMarksStore.getState().merge(result))
        .catch(() => undefined)
    }
    check()
    const unsubscribe = useScriptDocumentStore.subscribe((state, previous) => {
      if (state.revision === previous.revision) return
      if (timer !== null) window.clearTimeout(timer)
      timer = window.setTimeout(() => {
        const ids = useScriptDocumentStore.getState().takeChangedBlocks()
        const meta = useScriptDocumentStore.getState().meta
        // A change of cast, lexicon or defaults can change every block.
        if (meta !== lastMeta) {
          lastMeta = meta
          check()
        } else if (ids.length > 0) check(ids)
      }, 1000)
    })
    let lastMeta = useScriptDocumentStore.getState().meta
    const refresh = (): void => check()
    window.addEventListener('voicedesk:refresh-block-marks', refresh)
    return () => {
      unsubscribe()
      window.removeEventListener('voicedesk:refresh-block-marks', refresh)
      if (timer !== null) window.clearTimeout(timer)
    }
  }, [docId])
  return {
    refreshAll: () => window.dispatchEvent(new Event('voicedesk:refresh-block-marks')),
  }
}
