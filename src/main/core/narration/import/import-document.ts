import { basename, extname } from 'node:path'
import type { Project, ScriptBlockInput } from '../../../../shared/domain/script'
import { createProject } from '../../../../shared/domain/script'
import { MAX_DOCUMENT_BYTES } from '../../../../shared/domain/manuscript'
import { z } from 'zod'
import { AppError } from '../../../../shared/errors'
import { formatCount, sizeSentence } from '../../../../shared/limits'
import type { PageRange } from '../../../../shared/domain/manuscript'
import type { FootnoteMode, SkippedContent } from './html-blocks'
import { importDocx } from './import-docx'
import { importEpub } from './import-epub'
import { importHtml } from './import-html'
import { importOdt } from './import-odt'
import type { ImportProgress } from './import-pdf'
import { countPdfPages, importPdf } from './import-pdf'
import { checkDocumentContent } from './manuscript-sniff'

export type { FootnoteMode } from './html-blocks'

/** A manuscript format read as a document (parsed, not taken as a text script). */
export type DocumentKind = 'docx' | 'epub' | 'pdf' | 'odt' | 'html'

/** What a document import may take besides its footnote choice: a PDF's pages and password. */
export interface DocumentExtras extends ImportProgress {
  pages?: PageRange
  password?: string
}

/**
 * The manuscript kind of a file name by its extension, or null for a text script or project. A
 * `.doc` is read as a Word document: the old binary format is refused by name, a renamed .docx opens.
 */
export function documentKindOf(fileName: string): DocumentKind | null {
  const ext = extname(fileName).toLowerCase()
  if (ext === '.docx' || ext === '.doc') return 'docx'
  if (ext === '.epub') return 'epub'
  if (ext === '.pdf') return 'pdf'
  if (ext === '.odt') return 'odt'
  if (ext === '.html' || ext === '.htm' || ext === '.xhtml') return 'html'
  return null
}

/** A manuscript imported as a new script, with what the reading left out, in plain words. */
export interface ImportedDocument {
  project: Project
  notices: string[]
}

/**
 * Imports a Word document (.docx), an EPUB book, a PDF, an OpenDocument text (.odt) or a web
 * page (.html, .xhtml) as a new script (see importDocx, importEpub, importPdf, importOdt,
 * importHtml): its chapters, its paragraphs as blocks, emphasis as marks. The notices say how many
 * images were skipped and how many notes were left out. Too large, damaged, DRM- or
 * password-protected or empty documents are refused with VALIDATION_FAILED naming the file; the
 * script limits apply to what it holds (createProject). `extras` carries a PDF's page range and
 * password, and progress and cancel for a long one.
 */
export async function importDocument(
  fileName: string,
  bytes: Uint8Array,
  footnotes: FootnoteMode = 'omit',
  extras: DocumentExtras = {},
): Promise<ImportedDocument> {
  try {
    return await readDocument(fileName, bytes, footnotes, extras)
  } catch (error) {
    throw unreadable(fileName, error)
  }
}

/**
 * How many pages a PDF has, counted before any page is read so the user can choose a range
 * first; refused as importDocument refuses the file (too large, not a PDF, locked, damaged).
 */
export async function countDocumentPages(
  fileName: string,
  bytes: Uint8Array,
  password?: string,
): Promise<number> {
  try {
    const label = basename(fileName)
    checkSize(label, bytes)
    checkDocumentContent(label, bytes, 'pdf')
    return await countPdfPages(label, bytes, password)
  } catch (error) {
    throw unreadable(fileName, error)
  }
}

/** An error of reading a document, as the window and the CLI are told it. */
function unreadable(fileName: string, error: unknown): Error {
  // Marked so the window says the file cannot be opened rather than that some input is wrong.
  if (
    error instanceof AppError &&
    error.code === 'VALIDATION_FAILED' &&
    error.details?.limit === undefined &&
    error.details?.password === undefined
  ) {
    return new AppError('VALIDATION_FAILED', error.message, {
      cause: error,
      details: { ...error.details, unreadableFile: true },
    })
  }
  if (error instanceof AppError || error instanceof z.ZodError) return error
  // Anything else came from the file's shape (markup nested too deeply for the stack, say):
  // say so and name the file, rather than a bare "could not plan".
  return new AppError(
    'VALIDATION_FAILED',
    `${basename(fileName)} could not be read: its content is not laid out the way VoiceDesk expects (${String((error as Error).message ?? error).slice(0, 200)}). Open it in the program that made it and save or export it again.`,
    { cause: error, details: { unreadableFile: true } },
  )
}

async function readDocument(
  fileName: string,
  bytes: Uint8Array,
  footnotes: FootnoteMode,
  extras: DocumentExtras,
): Promise<ImportedDocument> {
  const label = basename(fileName)
  const kind = documentKindOf(fileName)
  if (kind === null) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${label} is not a document VoiceDesk imports. Open a Word document (.docx), an EPUB book, a PDF, an OpenDocument text (.odt) or a web page (.html).`,
    )
  }
  checkSize(label, bytes)
  // A PDF or a picture renamed .docx is named as what it is, not reported as a damaged file.
  checkDocumentContent(label, bytes, kind)
  const read = await readKind(kind, label, bytes, footnotes, extras)
  if (read.blocks.length === 0) {
    const { images, notes } = read.skipped
    const why =
      notes > 0
        ? notes === 1
          ? ' but 1 note, which was left out. To hear it, import the file again with footnotes read aloud'
          : ` but ${formatCount(notes)} notes, which were left out. To hear them, import the file again with footnotes read aloud`
        : images > 0
          ? ` (only ${plural(images, 'picture', 'pictures')}, which VoiceDesk does not read). Open a document with some paragraphs`
          : '. Open a document with some paragraphs'
    throw new AppError('VALIDATION_FAILED', `${label} has no text to narrate${why}.`)
  }
  const title = (read.title || titleOfName(label)).slice(0, 200)
  const notices = noticesOf(read.skipped, footnotes)
  if (read.emptyPages !== undefined && read.emptyPages > 0) {
    notices.push(
      `${plural(read.emptyPages, 'page holds', 'pages hold')} no text (pictures of pages) and ${read.emptyPages === 1 ? 'was' : 'were'} skipped.`,
    )
  }
  return { project: createProject({ title, blocks: read.blocks }), notices }
}

function checkSize(label: string, bytes: Uint8Array): void {
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${label} is too large to open. ${sizeSentence('A document', MAX_DOCUMENT_BYTES, bytes.byteLength)} Save a copy without large pictures and open that.`,
      { details: { limit: { maximum: MAX_DOCUMENT_BYTES } } },
    )
  }
}

interface ReadKind {
  blocks: ScriptBlockInput[]
  skipped: SkippedContent
  title: string
  emptyPages?: number
}

function readKind(
  kind: DocumentKind,
  label: string,
  bytes: Uint8Array,
  footnotes: FootnoteMode,
  extras: DocumentExtras,
): Promise<ReadKind> {
  switch (kind) {
    case 'docx':
      return importDocx(label, bytes, footnotes)
    case 'epub':
      return importEpub(label, bytes, footnotes, extras)
    case 'pdf':
      return importPdf(label, bytes, { ...extras, footnotes })
    case 'odt':
      return importOdt(label, bytes, footnotes)
    case 'html':
      return Promise.resolve(importHtml(label, bytes, footnotes))
  }
}

function titleOfName(name: string): string {
  const ext = extname(name)
  return ext ? name.slice(0, -ext.length) : name
}

/** "1 picture", "3 notes": a count with its noun. */
function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`
}

/** "2 pictures were skipped…", "3 notes were left out…": what the script does not hold. */
export function noticesOf(skipped: SkippedContent, footnotes: FootnoteMode): string[] {
  const notices: string[] = []
  if (skipped.images > 0) {
    notices.push(
      `${plural(skipped.images, 'picture was', 'pictures were')} skipped: VoiceDesk narrates text only.`,
    )
  }
  if (skipped.notes > 0 && footnotes === 'omit') {
    notices.push(
      skipped.notes === 1
        ? '1 note (a footnote or endnote) was left out. To hear it, import the file again with footnotes read aloud.'
        : `${formatCount(skipped.notes)} notes (footnotes and endnotes) were left out. To hear them, import the file again with footnotes read aloud.`,
    )
  }
  return notices
}
