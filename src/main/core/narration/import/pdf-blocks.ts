import type { FootnoteMode } from '../../../../shared/domain/manuscript'
import type { ScriptBlockInput } from '../../../../shared/domain/script'
import { MAX_TITLE } from '../../../../shared/domain/script'
import type { SkippedContent } from './html-blocks'
import type { PdfNote } from './pdf-footnotes'
import type { PdfLine } from './pdf-lines'
import type { DocumentWords } from './pdf-words'
import { brokenWord } from './pdf-words'

/** A bookmark of the PDF's outline: where a chapter starts (page from 1, y from the bottom). */
export interface PdfChapterStart {
  title: string
  page: number
  /** The top of the bookmark's view; null for the page's top. */
  y: number | null
}

/** The pages of a PDF as read, after heads, feet and notes were taken out. */
export interface PdfText {
  pages: { number: number; lines: PdfLine[]; notes: PdfNote[] }[]
  outline: PdfChapterStart[]
  /** The chapter the first page read is in (a page range that starts inside one). */
  chapterBefore: string | null
  bodySize: number
  words: DocumentWords
}

/** Lines at least this much larger than the body text are headings. */
const HEADING_SHARE = 1.2
const HEADING_MAX_CHARS = 150
const ENDS_SENTENCE = /[.!?:;"”’)»]$/

interface Paragraph {
  text: string
  last: PdfLine
  heading: boolean
  marks: string[]
}

/**
 * Turns a PDF's lines into script blocks: lines joined into paragraphs (a break at a larger gap,
 * a first-line indent, or a short line that ends a sentence; a paragraph goes on across a page or
 * column break), words broken at a line end joined again (see DocumentWords), chapters from the
 * outline or, without one, from headings set larger than the body text (a heading names its
 * chapter and is not spoken). Footnotes are left out and counted, or read after the paragraph
 * that cites them (notes nothing cites: after their page's last paragraph).
 */
export function blocksOfPdf(
  text: PdfText,
  footnotes: FootnoteMode,
): { blocks: ScriptBlockInput[]; skipped: SkippedContent } {
  const reader = new PdfBlockReader(text, footnotes)
  for (const page of text.pages) reader.readPage(page)
  reader.close()
  const notes = text.pages.reduce((n, page) => n + page.notes.length, 0)
  return {
    blocks: reader.blocks.filter((b) => b.text.trim() !== ''),
    skipped: { images: 0, notes: footnotes === 'omit' ? notes : 0 },
  }
}

/** Walks a PDF's lines in reading order, gathering paragraphs into blocks under their chapter. */
class PdfBlockReader {
  readonly blocks: ScriptBlockInput[] = []
  readonly #text: PdfText
  readonly #footnotes: FootnoteMode
  readonly #spacing: number
  readonly #starts: PdfChapterStart[]
  readonly #readNotes = new Set<PdfNote>()
  readonly #notesByPage = new Map<number, PdfNote[]>()
  #nextStart = 0
  #chapter: string | null
  /** True from a bookmark's start until its first spoken block: a heading there is its title. */
  #chapterFresh = false
  /** True from a heading until the next spoken block: a second heading line adds to its name. */
  #headingOpen = false
  #open: Paragraph | null = null

  constructor(text: PdfText, footnotes: FootnoteMode) {
    this.#text = text
    this.#footnotes = footnotes
    this.#spacing = lineSpacing(text)
    this.#starts = [...text.outline].sort((a, b) => a.page - b.page || (b.y ?? 1e9) - (a.y ?? 1e9))
    this.#chapter = text.chapterBefore
    for (const page of text.pages) this.#notesByPage.set(page.number, page.notes)
  }

  readPage(page: PdfText['pages'][number]): void {
    for (const line of page.lines) this.#readLine(line)
    if (this.#footnotes !== 'read') return
    const unread = page.notes.filter((n) => !this.#readNotes.has(n))
    if (unread.length === 0) return
    this.close()
    for (const note of unread) {
      this.#readNotes.add(note)
      this.#emit(note.text)
    }
  }

  #readLine(line: PdfLine): void {
    while (
      this.#nextStart < this.#starts.length &&
      startsBefore(this.#starts[this.#nextStart]!, line)
    ) {
      this.close()
      this.#chapter =
        this.#starts[this.#nextStart]!.title.replace(/\s+/g, ' ').trim() || this.#chapter
      this.#chapterFresh = true
      this.#nextStart++
    }
    const heading =
      line.size >= this.#text.bodySize * HEADING_SHARE && line.text.length <= HEADING_MAX_CHARS
    const open = this.#open
    if (open !== null && continues(open, line, heading, this.#spacing)) {
      open.text = joinLines(open.text, line.text, this.#text.words)
      open.last = line
      open.marks.push(...line.marks.map((m) => m.label))
      return
    }
    this.close()
    this.#open = { text: line.text, last: line, heading, marks: line.marks.map((m) => m.label) }
  }

  #emit(words: string): void {
    const chapter = this.#chapter
    this.blocks.push({
      id: `b${this.blocks.length + 1}`,
      text: words,
      ssml: false,
      ...(chapter ? { chapter: chapter.slice(0, MAX_TITLE) } : {}),
    })
  }

  /** Ends the open paragraph: a heading names a chapter, text becomes a block and its notes. */
  close(): void {
    const p = this.#open
    this.#open = null
    if (p === null) return
    const outlined = this.#text.outline.length > 0
    // Without an outline a heading starts a chapter; with one, the heading printed where a
    // bookmark starts its chapter is that chapter's title and is not spoken either.
    if (p.heading && !outlined) {
      const name = this.#headingOpen && this.#chapter ? `${this.#chapter}: ${p.text}` : p.text
      this.#chapter = name.slice(0, MAX_TITLE)
      this.#headingOpen = true
      return
    }
    if (p.heading && this.#chapterFresh) return
    this.#chapterFresh = false
    this.#headingOpen = false
    this.#emit(p.text)
    if (this.#footnotes !== 'read') return
    const pageNotes = this.#notesByPage.get(p.last.page) ?? []
    for (const label of p.marks) {
      const note = pageNotes.find((n) => n.label === label && !this.#readNotes.has(n))
      if (note === undefined) continue
      this.#readNotes.add(note)
      this.#emit(note.text)
    }
  }
}

/** True when a bookmark's start lies at or above `line` (so the line is in its chapter). */
function startsBefore(start: PdfChapterStart, line: PdfLine): boolean {
  if (start.page !== line.page) return start.page < line.page
  return start.y === null || line.y <= start.y + line.size
}

/** Whether `line` goes on the open paragraph rather than starting a new one. */
function continues(open: Paragraph, line: PdfLine, heading: boolean, spacing: number): boolean {
  const last = open.last
  if (heading !== open.heading) return false
  if (heading) return last.page === line.page && last.y - line.y <= line.size * 1.8
  if (Math.abs(last.size - line.size) > Math.max(last.size, line.size) * 0.15) return false
  const sameFlow = last.page === line.page && last.column === line.column
  if (sameFlow && last.y - line.y > spacing * 1.6) return false
  if (sameFlow && line.y > last.y) return false
  const indentLast = last.x - last.columnLeft
  const indentLine = line.x - line.columnLeft
  if (indentLine > indentLast + line.size * 0.8) return false
  const width = last.columnRight - last.columnLeft
  const short = last.columnRight - last.right > width * 0.15
  return !(short && ENDS_SENTENCE.test(last.text))
}

/** A character of a script written without spaces between words (Chinese, Japanese). */
const SPACELESS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\u30fc\uff01-\uff60]/u

/** Two lines of one paragraph as one text: a line-end hyphen inside a word is dropped. */
function joinLines(before: string, line: string, words: DocumentWords): string {
  if (before.endsWith('\u00ad')) return before.slice(0, -1) + line
  const broken = brokenWord(before, line)
  if (broken !== null) {
    return words.dropsHyphen(broken.head, broken.tail) ? before.slice(0, -1) + line : before + line
  }
  // The end alone is looked at: `before` is the paragraph so far.
  if (/[—–]$/.test(before.slice(-1)) && !/\s[—–]$/.test(before.slice(-2))) return before + line
  // Chinese and Japanese put no space between words: a line break there is no word break.
  if (SPACELESS.test(before.slice(-1)) && SPACELESS.test(line.slice(0, 1))) return before + line
  return `${before} ${line}`
}

/** The usual distance between the baselines of two lines of one paragraph. */
function lineSpacing(text: PdfText): number {
  const gaps: number[] = []
  for (const page of text.pages) {
    for (let i = 1; i < page.lines.length && gaps.length < 20_000; i++) {
      const a = page.lines[i - 1]!
      const b = page.lines[i]!
      if (a.column === b.column && a.y > b.y && Math.abs(a.size - text.bodySize) < 0.5) {
        gaps.push(a.y - b.y)
      }
    }
  }
  if (gaps.length === 0) return text.bodySize * 1.2
  gaps.sort((a, b) => a - b)
  return gaps[Math.floor(gaps.length / 2)]!
}
