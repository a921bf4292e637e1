import { useEffect } from 'react'
import { startDocumentSync } from '../api/document-sync'
import { useScriptDocumentStore } from '../stores/script-document-store'

/**
 * Sends every edit of the open document `docId` to main from now on: each change of the page's
 * document schedules a send of what changed (see api/document-sync.ts). Returns the stop.
 */
export function followOpenDocument(docId: string): () => void {
  const sync = startDocumentSync(docId)
  const unsubscribe = useScriptDocumentStore.subscribe((state, previous) => {
    if (state.revision !== previous.revision && state.doc?.docId === docId) sync.changed()
  })
  return () => {
    unsubscribe()
    sync.stop()
  }
}

/**
 * Keeps main's copy of the open document current for as long as it is open, whichever workspace
 * shows (the shell runs it): Voices edits the script too, and typing just before leaving Script
 * must still reach main and its crash-recovery draft.
 */
export function useDocumentSync(): void {
  const docId = useScriptDocumentStore((s) => s.doc?.docId ?? null)
  useEffect(() => (docId === null ? undefined : followOpenDocument(docId)), [docId])
}
