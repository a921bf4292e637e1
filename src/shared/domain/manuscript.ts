import { z } from 'zod'

/**
 * Largest DOCX or EPUB file VoiceDesk imports (its packed size; pictures make up most of a big
 * one, and they are never unpacked). The text it holds still has to fit a script's limits.
 */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024

/**
 * Manuscript files read as documents (parsed on the planning thread) rather than as a text
 * script, by extension (no dot): Word, EPUB, PDF, OpenDocument text and web pages.
 */
export const DOCUMENT_EXTENSIONS = ['docx', 'epub', 'pdf', 'odt', 'html', 'htm', 'xhtml'] as const

/**
 * True for a file imported as a manuscript: `.docx`, `.epub`, and `.doc`, which is read the same
 * way so that an old Word file is refused with a message saying to save it as .docx (a `.docx`
 * renamed `.doc` still opens) rather than imported as text.
 */
export function isDocumentFileName(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.')
  const ext = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase()
  return ext === 'doc' || (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)
}

/** What an import does with a manuscript's footnotes and endnotes: leave them out, or read them. */
export const footnoteModeSchema = z.enum(['omit', 'read'])
export type FootnoteMode = z.infer<typeof footnoteModeSchema>

/** Pages of a PDF to import, both counted from 1 and included. */
export interface PageRange {
  first: number
  last: number
}

/** A page range as it crosses IPC: whole pages from 1, first not after last. */
export const pageRangeSchema = z
  .object({ first: z.number().int().min(1), last: z.number().int().min(1) })
  .refine((r) => r.first <= r.last, { message: 'The first page must not come after the last.' })

/** Longest PDF password the app passes on (a password is a line, not a document). */
export const MAX_PDF_PASSWORD = 1024

/** What an import may be told about a PDF besides its footnotes: the pages, the password. */
export interface PdfChoices {
  pages?: PageRange
  password?: string
}

/** A PDF password as it crosses IPC. */
export const pdfPasswordSchema = z.string().min(1).max(MAX_PDF_PASSWORD)

/** A page number as typed: digits, grouped or not ("3000", "3,000", "3 000"). */
const PAGE_NUMBER = String.raw`\d{1,3}(?:[,\u00a0\u202f ]\d{3})+|\d+`

const PAGE_NUMBER_TEXT = new RegExp(`^\\s*(?:${PAGE_NUMBER})\\s*$`)
const PAGE_RANGE_TEXT = new RegExp(`^\\s*(${PAGE_NUMBER})\\s*(?:([-–])\\s*(${PAGE_NUMBER})?)?\\s*$`)

/** Largest page number read: no PDF has a million pages, and a longer number is a typing slip. */
const MAX_PAGE_NUMBER = 999_999

/**
 * A page number as typed, grouped as counts are shown ("3,000" and "3 000" are 3000): null when
 * it is not a whole number from 1 (the dialog's fields and the CLI's --pages read pages alike).
 */
export function parsePageNumber(text: string): number | null {
  if (!PAGE_NUMBER_TEXT.test(text)) return null
  const n = Number(text.replace(/[,\s\u00a0\u202f]/g, ''))
  return n >= 1 && n <= MAX_PAGE_NUMBER ? n : null
}

/**
 * A page range as typed ("5-212", "7", "5-", "1-3,000"): null when it is not one, or when its
 * first page comes after its last. An open end ("5-") reads to the last page.
 */
export function parsePageRange(text: string): PageRange | null {
  const m = PAGE_RANGE_TEXT.exec(text)
  if (m === null) return null
  const first = parsePageNumber(m[1]!)
  const last =
    m[3] !== undefined
      ? parsePageNumber(m[3])
      : m[2] !== undefined
        ? Number.MAX_SAFE_INTEGER
        : first
  if (first === null || last === null) return null
  return first <= last ? { first, last } : null
}
