import { useEffect } from 'react'
import { startDocumentSync } from '../api/document-sync'
import { useScriptDocumentStore } from '../stores/script-document-store'

/**
 * Keeps main's copy of the open document current for as long as it is open, whichever workspace
 * shows (the shell runs it): each edit of the page's document schedules a send of what changed
 * (see api/document-sync.ts).
 */
export function useDocumentSync(): void {
  const docId = useScriptDocumentStore((s) => s.doc?.docId ?? null)
  useEffect(() => {
    if (docId === null) return
    const sync = startDocumentSync(docId)
    const unsubscribe = useScriptDocumentStore.subscribe((state, previous) => {
      if (state.revision !== previous.revision && state.doc?.docId === docId) sync.changed()
    })
    return () => {
      unsubscribe()
      sync.stop()
    }
  }, [docId])
}
