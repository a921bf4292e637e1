import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { FootnoteMode, PageRange } from '../../../../shared/domain/manuscript'
import type { ScriptBlockInput } from '../../../../shared/domain/script'
import { AppError } from '../../../../shared/errors'
import { formatCount } from '../../../../shared/limits'
import type { SkippedContent } from './html-blocks'
import type { PdfChapterStart } from './pdf-blocks'
import { blocksOfPdf } from './pdf-blocks'
import { openPdf } from './pdf-engine'
import type { PdfNote } from './pdf-footnotes'
import { takeFootnotes } from './pdf-footnotes'
import { checkPdfInflation } from './pdf-inflation'
import type { PdfLine, PdfRun } from './pdf-lines'
import { linesOfPage } from './pdf-lines'
import { removePageChrome } from './pdf-page-chrome'
import { DocumentWords } from './pdf-words'

/** Most pages one PDF import reads; a longer book is imported in parts by page range. */
export const MAX_PDF_PAGES = 3_000

/** Most outline entries read (a book has one per chapter or section). */
const MAX_OUTLINE_ENTRIES = 10_000

/**
 * What an import counts as it reads: a PDF's pages, an EPUB's sections; `contents` is the phase
 * before them (a book's directory, package and table of contents), reported as 0 of 0.
 */
export type ImportUnit = 'page' | 'section' | 'contents'

/** How an import reports its progress and hears a cancel. */
export interface ImportProgress {
  signal?: AbortSignal
  /** `unit` is what is counted; a page when not said. */
  onProgress?: (done: number, total: number, unit?: ImportUnit) => void
}

/** What a PDF import takes besides the file. */
export interface PdfImportOptions extends ImportProgress {
  footnotes: FootnoteMode
  pages?: PageRange
  password?: string
}

/** What the reading of a PDF gives: its blocks, what it left out, and its title. */
export interface ReadPdf {
  blocks: ScriptBlockInput[]
  skipped: SkippedContent
  title: string
  /** Pages read that held no text (pictures of pages). */
  emptyPages: number
}

/**
 * The blocks of a PDF's text layer, read page by page with pdf.js (see blocksOfPdf for how lines
 * become paragraphs and chapters; running heads and feet and page numbers are taken out, notes
 * at the page foot left out or read). Bad input is refused with VALIDATION_FAILED in plain words:
 * a damaged file, a password missing or wrong (details.password), pictures of pages with
 * no text, too many pages, a page range outside the file, a decompression bomb. A cancel ends
 * it with CANCELLED between two pages.
 */
export async function importPdf(
  label: string,
  bytes: Uint8Array,
  options: PdfImportOptions,
): Promise<ReadPdf> {
  checkPdfInflation(label, bytes)
  const doc = await open(label, bytes, options.password)
  try {
    const range = pageRangeOf(label, doc.numPages, options.pages)
    const outline = await outlineOf(doc)
    const pages: { number: number; height: number; lines: PdfLine[] }[] = []
    const total = range.last - range.first + 1
    let emptyPages = 0
    for (let number = range.first; number <= range.last; number++) {
      if (options.signal?.aborted) {
        throw new AppError('CANCELLED', `The import of ${label} was cancelled; nothing was opened.`)
      }
      const page = await readPage(doc, number)
      if (page.lines.length === 0) emptyPages++
      pages.push(page)
      options.onProgress?.(number - range.first + 1, total)
    }
    if (emptyPages === total) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${label}: this PDF holds pictures of pages; VoiceDesk needs its text. Run it through a text recognition (OCR) program that adds a text layer, or export the text from the program that made it, and open that.`,
      )
    }
    // A short range shows too few pages to tell a running head from text, or how the book
    // hyphenates: neighbouring pages are read for that alone.
    const context: { height: number; lines: PdfLine[] }[] = []
    for (const number of contextPages(range, doc.numPages))
      context.push(await readPage(doc, number))
    removePageChrome([...pages, ...context])
    const bodySize = bodySizeOf(pages)
    const words = new DocumentWords()
    // The neighbouring pages are evidence too of how the book writes a word ("well-known").
    for (const page of context) words.add(page.lines, false)
    let broken = false
    let lastNote: PdfNote | null = null
    const read = pages.map((page) => {
      const { lines, notes } = takeFootnotes(page.lines, bodySize, page.number, lastNote)
      lastNote = notes.at(-1) ?? (lines.length > 0 ? null : lastNote)
      broken = words.add(lines, broken)
      return { number: page.number, lines, notes }
    })
    const inRange = outline.filter((s) => s.page >= range.first && s.page <= range.last)
    const before = outline.filter((s) => s.page < range.first).at(-1)
    const { blocks, skipped } = blocksOfPdf(
      {
        pages: read,
        outline: inRange,
        chapterBefore: before?.title ?? null,
        bodySize,
        words,
      },
      options.footnotes,
    )
    return { blocks, skipped, title: await titleOf(doc), emptyPages }
  } finally {
    await doc.destroy()
  }
}

/**
 * How many pages a PDF has, read from its page tree alone (no page's text is read), so the pages
 * can be chosen before the reading starts. Refuses what importPdf refuses on opening the file.
 */
export async function countPdfPages(
  label: string,
  bytes: Uint8Array,
  password?: string,
): Promise<number> {
  checkPdfInflation(label, bytes)
  const doc = await open(label, bytes, password)
  try {
    return doc.numPages
  } finally {
    await doc.destroy()
  }
}

async function open(
  label: string,
  bytes: Uint8Array,
  password?: string,
): Promise<PDFDocumentProxy> {
  try {
    return await openPdf(bytes, password)
  } catch (error) {
    const { name, code } = error as { name?: unknown; code?: unknown }
    if (name === 'PasswordException') {
      const wrong = code === 2
      throw new AppError(
        'VALIDATION_FAILED',
        wrong
          ? `The password for ${label} is not the right one. Check it and try again.`
          : // The app asks for the password on details.password; the CLI adds its --password-file.
            `${label} is protected by a password, which VoiceDesk needs to read it.`,
        { cause: error, details: { password: wrong ? 'wrong' : 'required' } },
      )
    }
    throw new AppError(
      'VALIDATION_FAILED',
      `${label} could not be read as a PDF: it is damaged or incomplete. Download or export it again and open the new copy.`,
      { cause: error },
    )
  }
}

/** Pages next to a range of fewer than five, nearest first, to make five to judge heads by. */
function contextPages(range: PageRange, count: number): number[] {
  const out: number[] = []
  for (let step = 1; out.length + range.last - range.first + 1 < 5 && step < 5; step++) {
    if (range.first - step >= 1) out.push(range.first - step)
    if (range.last + step <= count) out.push(range.last + step)
  }
  return out.slice(0, Math.max(0, 5 - (range.last - range.first + 1)))
}

/** The pages to read: the range asked for, checked against the file, within MAX_PDF_PAGES. */
function pageRangeOf(label: string, count: number, asked: PageRange | undefined): PageRange {
  const range = asked ?? { first: 1, last: count }
  if (range.first < 1 || range.first > range.last || range.first > count) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${label} has ${formatCount(count)} ${count === 1 ? 'page' : 'pages'}; pages ${range.first}-${range.last} are not in it. Choose a range from 1 to ${count}.`,
      { details: { limit: { maximum: count } } },
    )
  }
  const last = Math.min(range.last, count)
  if (last - range.first + 1 > MAX_PDF_PAGES) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${label} has ${formatCount(count)} pages; VoiceDesk imports at most ${formatCount(MAX_PDF_PAGES)} pages at a time. Choose a page range (for example 1-${MAX_PDF_PAGES}) and import the rest as another script.`,
      { details: { limit: { maximum: MAX_PDF_PAGES } } },
    )
  }
  return { first: range.first, last }
}

async function readPage(
  doc: PDFDocumentProxy,
  number: number,
): Promise<{ number: number; height: number; lines: PdfLine[] }> {
  const page = await doc.getPage(number)
  try {
    const [x0, y0, x1, y1] = page.view as [number, number, number, number]
    const content = await page.getTextContent()
    const runs: PdfRun[] = []
    for (const item of content.items) {
      if (!('str' in item) || item.str === '') continue
      const t = item.transform as number[]
      runs.push({
        text: item.str,
        x: (t[4] ?? 0) - x0,
        y: (t[5] ?? 0) - y0,
        width: item.width,
        size: Math.hypot(t[2] ?? 0, t[3] ?? 0),
      })
    }
    const height = y1 - y0
    return { number, height, lines: linesOfPage({ number, width: x1 - x0, height, runs }) }
  } finally {
    // Why: pdf.js keeps each page's parsed resources until told; a long book would hold them all.
    page.cleanup()
  }
}

/** The outline's entries, depth first, each with the page and height its bookmark opens at. */
async function outlineOf(doc: PDFDocumentProxy): Promise<PdfChapterStart[]> {
  let tree: Awaited<ReturnType<PDFDocumentProxy['getOutline']>> | null
  try {
    tree = await doc.getOutline()
  } catch {
    return []
  }
  const starts: PdfChapterStart[] = []
  const visit = async (nodes: typeof tree): Promise<void> => {
    for (const node of nodes ?? []) {
      if (starts.length >= MAX_OUTLINE_ENTRIES) return
      const start = await startOf(doc, node.title, node.dest)
      if (start !== null) starts.push(start)
      await visit(node.items as typeof tree)
    }
  }
  await visit(tree)
  return starts
}

async function startOf(
  doc: PDFDocumentProxy,
  title: string,
  dest: string | unknown[] | null,
): Promise<PdfChapterStart | null> {
  try {
    const explicit: unknown[] | null =
      typeof dest === 'string' ? ((await doc.getDestination(dest)) as unknown[] | null) : dest
    const ref = explicit?.[0]
    if (ref === undefined || ref === null) return null
    const index =
      typeof ref === 'number'
        ? ref
        : await doc.getPageIndex(ref as Parameters<PDFDocumentProxy['getPageIndex']>[0])
    const kind = (explicit?.[1] as { name?: string } | undefined)?.name
    const top: unknown =
      kind === 'XYZ' ? explicit?.[3] : kind === 'FitH' || kind === 'FitBH' ? explicit?.[2] : null
    return { title, page: index + 1, y: typeof top === 'number' ? top : null }
  } catch {
    // A bookmark that leads nowhere names no chapter; the others still do.
    return null
  }
}

/** The font size most of the text is set in. */
function bodySizeOf(pages: readonly { lines: PdfLine[] }[]): number {
  const chars = new Map<number, number>()
  for (const page of pages) {
    for (const line of page.lines) {
      const size = Math.round(line.size * 2) / 2
      chars.set(size, (chars.get(size) ?? 0) + line.text.length)
    }
  }
  let best = 0
  let most = -1
  for (const [size, n] of chars) {
    if (n > most) {
      best = size
      most = n
    }
  }
  return best
}

async function titleOf(doc: PDFDocumentProxy): Promise<string> {
  try {
    const { info } = await doc.getMetadata()
    const title = (info as { Title?: unknown }).Title
    return typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() : ''
  } catch {
    return ''
  }
}
