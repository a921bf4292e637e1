import { z } from 'zod'

/**
 * Largest DOCX or EPUB file VoiceDesk imports (its packed size; pictures make up most of a big
 * one, and they are never unpacked). The text it holds still has to fit a script's limits.
 */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024

/** Manuscript files read from a zip archive rather than as text, by extension (no dot). */
export const DOCUMENT_EXTENSIONS = ['docx', 'epub'] as const

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
