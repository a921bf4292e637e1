import { basename, extname } from 'node:path'
import type { ChoosePdfPages } from '../../../shared/domain/script-workspace'
import { AppError } from '../../../shared/errors'
import { readDocumentBytes } from '../narration/import/import-script'
import { countPdfPagesOffMain } from '../narration/offload/document-offload'

/** Whether the open dialog chose a PDF (its pages are asked for before it is read). */
export function isPdfPath(path: string): boolean {
  return extname(path).toLowerCase() === '.pdf'
}

/**
 * The pages question for a PDF chosen in the open dialog: its page count, read off main, and no
 * page's text. Why first: a 600-page book read whole before the question would keep the user
 * waiting for pages they may not want. A locked PDF fails with details.password, as an import.
 */
export async function pdfPagesQuestion(path: string, password?: string): Promise<ChoosePdfPages> {
  const pageCount = await countPdfPagesOffMain(path, await readDocumentBytes(path), password)
  return { choosePages: { fileName: basename(path), pageCount } }
}

/** Whether an import failed for want of the right password (the file stays waiting for it). */
export function isPasswordRefusal(error: unknown): boolean {
  return error instanceof AppError && error.details?.password !== undefined
}
