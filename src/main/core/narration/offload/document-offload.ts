import type { DocumentExtras, FootnoteMode, ImportedDocument } from '../import/import-document'
import { runOffMain } from './plan-offload'

/**
 * A new project from a manuscript document (DOCX, EPUB, PDF, ODT, HTML; see importDocument),
 * always read on the planning thread: even a small one is unzipped or parsed, work main's event
 * loop should not do. Main reads it only when no thread can start (as for every planning task).
 * `extras` gives a PDF's page range and password, and hears progress and cancel.
 */
export async function importDocumentOffMain(
  fileName: string,
  bytes: Uint8Array,
  footnotes: FootnoteMode = 'omit',
  extras: DocumentExtras = {},
): Promise<ImportedDocument> {
  const { signal, onProgress, pages, password } = extras
  const task = {
    kind: 'document',
    fileName,
    bytes,
    footnotes,
    ...(pages !== undefined ? { pages } : {}),
    ...(password !== undefined ? { password } : {}),
  } as const
  const hooks = { ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}) }
  return runOffMain(task, Number.POSITIVE_INFINITY, null, hooks)
}

/**
 * A PDF's page count (see countDocumentPages), read on the planning thread so the pages can be
 * chosen before the reading starts.
 */
export async function countPdfPagesOffMain(
  fileName: string,
  bytes: Uint8Array,
  password?: string,
): Promise<number> {
  const task = {
    kind: 'pdfPageCount',
    fileName,
    bytes,
    ...(password !== undefined ? { password } : {}),
  } as const
  return runOffMain(task, Number.POSITIVE_INFINITY)
}
