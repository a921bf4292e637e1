import type { FootnoteMode, PdfChoices } from '../../../../../shared/domain/manuscript'
import type {
  ChoosePdfPages,
  OpenedDocument,
  SavedDocument,
} from '../../../../../shared/domain/script-workspace'
import { call, subscribe } from '../../../lib/ipc'
import { forgetDocument, onOpenDocument } from './document-sync'

// The Script workspace's file calls: new, open, import, recent, recovery, save and close. Main
// keeps the paths and main's copy of the document; these only name documents by id.

/** A new, empty, unsaved script. */
export function createScript(): Promise<OpenedDocument> {
  return call((api) => api.script.new())
}

/**
 * The native open dialog (`importOnly`: only what imports as a new script); null when cancelled.
 * A PDF comes back unread as `choosePages`: the window asks which pages, then retryOpenScript.
 * With an `importId`, a book's reading is reported (onImportProgress) and may be cancelled.
 */
export function openScript(
  footnotes: FootnoteMode,
  importOnly = false,
  importId?: string,
): Promise<OpenedDocument | ChoosePdfPages | null> {
  return call((api) =>
    api.script.open({
      footnotes,
      ...(importOnly ? { importOnly } : {}),
      ...(importId !== undefined ? { importId } : {}),
    }),
  )
}

/**
 * Imports the file main's open dialog last chose (a PDF waiting for its pages, a locked PDF, a
 * range it refused) with a page range or a password: main remembers which file, the page never
 * names it. With an `importId`, its pages are reported as they are read and it may be cancelled.
 */
export function retryOpenScript(
  footnotes: FootnoteMode,
  pdf: PdfChoices & { importId?: string },
): Promise<OpenedDocument> {
  return call((api) => api.script.retryOpen({ footnotes, ...pdf }))
}

/** Stops an import (opened or dropped) started with `importId` (it then fails as cancelled). */
export function cancelImport(importId: string): Promise<{ cancelled: boolean }> {
  return call((api) => api.script.cancelImport({ importId }))
}

/** A manuscript's reading progress, page by page or section by section: returns the unsubscribe. */
export function onImportProgress(
  listener: (progress: {
    importId: string
    done: number
    total: number
    unit?: 'page' | 'section' | 'contents'
  }) => void,
): () => void {
  return subscribe((api) => api.script.onImportProgress(listener))
}

/** A recent project by its id. */
export function openRecentScript(recentId: string): Promise<OpenedDocument> {
  return call((api) => api.script.openRecent({ recentId }))
}

/**
 * A file dropped on the window, read here: a Word document or EPUB book goes as bytes (main
 * unpacks it off its event loop), a text or Markdown script as its text.
 */
export async function importDroppedFile(
  file: File,
  asDocument: boolean,
  footnotes: FootnoteMode,
  pdf: PdfChoices & { importId?: string } = {},
): Promise<OpenedDocument> {
  if (asDocument) {
    const bytes = new Uint8Array(await file.arrayBuffer())
    return call((api) =>
      api.script.importDroppedDocument({ fileName: file.name, bytes, footnotes, ...pdf }),
    )
  }
  const text = await file.text()
  return call((api) => api.script.importDropped({ fileName: file.name, text }))
}

/** Reopens a draft a crash left. */
export function restoreRecoveredScript(docId: string): Promise<OpenedDocument> {
  return call((api) => api.script.restoreRecovery({ docId }))
}

/** Deletes a draft a crash left. */
export function discardRecoveredScript(docId: string): Promise<void> {
  return call((api) => api.script.discardRecovery({ docId }))
}

/** Closes a document in main (its recovery draft goes with it). */
export async function closeScript(docId: string): Promise<void> {
  await call((api) => api.script.close({ docId }))
  forgetDocument(docId)
}

/**
 * Saves the open script (Save As when `as`): the edits not sent yet go to main first, and main
 * writes its own copy, so the file holds everything typed before the save. Null when cancelled.
 */
export function saveOpenScript(as: boolean): Promise<SavedDocument | null> {
  return onOpenDocument((document) => call((api) => api.script.save({ ...document, as })))
}

/**
 * File > Export Script…: the open script as Markdown or plain text, written by main from its own
 * copy after the edits not sent yet reach it. Null when cancelled.
 */
export function exportOpenScript(): Promise<{ fileName: string; location: string } | null> {
  return onOpenDocument((document) => call((api) => api.script.exportText(document)))
}

/** Empties the recent list (the files are not touched). */
export function clearRecentScripts(): Promise<void> {
  return call((api) => api.script.clearRecent())
}

/** Takes a project off the recent list (the file is not touched). */
export function removeRecentScript(recentId: string): Promise<void> {
  return call((api) => api.script.removeRecent({ recentId }))
}
