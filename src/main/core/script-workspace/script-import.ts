import { readFile } from 'node:fs/promises'
import type { FootnoteMode, PdfChoices } from '../../../shared/domain/manuscript'
import { isDocumentFileName } from '../../../shared/domain/manuscript'
import type { Project } from '../../../shared/domain/script'
import { toDiskError } from '../files/atomic-write'
import { readDocumentBytes } from '../narration/import/import-script'
import { manuscriptText } from '../narration/import/manuscript-sniff'
import { importScriptOffMain, parseProjectFileOffMain } from '../narration/offload/plan-offload'
import { importDocumentOffMain } from '../narration/offload/document-offload'
import type { ImportProgress } from '../narration/import/import-pdf'
import { scriptKindOf } from './script-text'

/** Largest script file the workspace imports (a 100,000-word book is about 600 KB). */
export const MAX_SCRIPT_BYTES = 20 * 1024 * 1024

/**
 * Opens a file chosen in the open dialog: a project as saved, a script as a new import. A large
 * file is parsed off main's event loop: a project's JSON and its validation, a book-length `.txt`
 * split into blocks; a DOCX or EPUB manuscript always (its notices say what was left out).
 */
export async function readScriptFile(
  path: string,
  footnotes: FootnoteMode = 'omit',
  pdf: PdfChoices & ImportProgress = {},
): Promise<{ project: Project; isProject: boolean; notices?: string[] }> {
  if (isDocumentFileName(path)) {
    const bytes = await readDocumentBytes(path)
    const { project, notices } = await importDocumentOffMain(path, bytes, footnotes, pdf)
    return { project, isProject: false, notices }
  }
  let bytes: Buffer
  try {
    bytes = await readFile(path)
  } catch (error) {
    throw toDiskError(error, path)
  }
  // The same content check as the command line's: a PDF or a picture is refused, not imported.
  const text = manuscriptText(path, bytes)
  if (scriptKindOf(path) === 'project') {
    return { project: await parseProjectFileOffMain(path, text), isProject: true }
  }
  return { project: await importScriptOffMain(path, text), isProject: false }
}
