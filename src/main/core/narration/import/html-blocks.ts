import type { ChildNode, Element } from 'domhandler'
import { DomHandler, DomUtils, Parser } from 'htmlparser2'
import type { ScriptBlockInput } from '../../../../shared/domain/script'
import { MAX_TITLE } from '../../../../shared/domain/script'
import type { FootnoteMode } from '../../../../shared/domain/manuscript'
import { AppError } from '../../../../shared/errors'
import type { MarkedText } from '../../../../shared/domain/text-mark-edits'
import { replaceMarked } from '../../../../shared/domain/text-mark-edits'
import type { TextMark } from '../../../../shared/domain/text-marks'
import { normalizeMarks } from '../../../../shared/domain/text-marks'

export type { FootnoteMode } from '../../../../shared/domain/manuscript'

/** How a document's HTML marks its notes (DOCX through mammoth and EPUB mark them differently). */
export interface NoteMarks {
  /** True for an element that is a whole footnote or endnote. */
  isNote(element: Element): boolean
  /** True for the mark in the text that cites a note (the superscript number). */
  isNoteRef(element: Element): boolean
  /** True for the link inside a note that leads back to where it was cited. */
  isBackLink(element: Element): boolean
}

/** One HTML document of a manuscript (a DOCX has one; an EPUB one per spine item). */
export interface HtmlPart {
  /** The part's name, which links from other parts resolve against (`text/ch1.xhtml`). */
  name: string
  nodes: ChildNode[]
  /** A chapter named by the table of contents starts where this part starts. */
  chapterAtStart?: string
  /** Chapters named by the table of contents that start at the element with this id. */
  chaptersAtIds?: ReadonlyMap<string, string>
}

/** What the reading of a manuscript left out, for the notice shown after the import. */
export interface SkippedContent {
  images: number
  notes: number
}

/** Emphasis the service can speak: a mark of level moderate for italic, strong for bold. */
type Level = 0 | 1 | 2
const LEVEL_NAME = ['moderate', 'moderate', 'strong'] as const

const EMPHASIS: Record<string, Level> = { em: 1, i: 1, cite: 1, dfn: 1, strong: 2, b: 2 }
const HEADING = /^h[1-6]$/
const BLOCK_TAGS = new Set(
  'address article aside blockquote body center dd details dialog div dl dt fieldset figcaption figure footer form header hgroup hr html li main nav ol p pre section summary table tbody td tfoot th thead tr ul caption'.split(
    ' ',
  ),
)
const SKIPPED_TAGS = new Set(
  'head script style noscript template title math object embed iframe video audio canvas rt rp button select textarea input'.split(
    ' ',
  ),
)
const IMAGE_TAGS = new Set(['img', 'image', 'svg', 'picture'])

interface Run {
  text: string
  level: Level
}

/**
 * Deepest element nesting a manuscript's markup may have. Real books nest a few dozen deep; past
 * this, parsing and walking the tree grow with the square of the depth (100,000 nested `<div>`s
 * took a minute) and the walk would run out of stack.
 */
export const MAX_MARKUP_DEPTH = 512

class MarkupTooDeep extends Error {}

/** Builds the tree and stops at {@link MAX_MARKUP_DEPTH}. */
class BoundedDomHandler extends DomHandler {
  override onopentag(name: string, attribs: Record<string, string>): void {
    if (this.tagStack.length > MAX_MARKUP_DEPTH) throw new MarkupTooDeep()
    super.onopentag(name, attribs)
  }
}

/**
 * Parses a manuscript's markup into a tree: `xml` for package files (names keep their case),
 * else HTML (tolerant of the small faults real books have, with `<x/>` honoured). Markup nested
 * deeper than {@link MAX_MARKUP_DEPTH} is refused with VALIDATION_FAILED naming `label`.
 */
export function parseMarkup(text: string, xml: boolean, label: string): ChildNode[] {
  const handler = new BoundedDomHandler()
  const parser = new Parser(handler, xml ? { xmlMode: true } : { recognizeSelfClosing: true })
  try {
    parser.end(text)
  } catch (error) {
    if (!(error instanceof MarkupTooDeep)) throw error
    throw new AppError(
      'VALIDATION_FAILED',
      `${label} has markup nested more than ${MAX_MARKUP_DEPTH} levels deep, which no real document needs; VoiceDesk did not read it. Open it in the program that made it and save or export it again.`,
    )
  }
  return handler.root.children
}

/** Escapes text for an SSML block. */
export function escapeSsmlText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/**
 * Turns a manuscript's HTML into script blocks, the way Markdown import does: a heading starts a
 * chapter (it names the chapter and is not spoken), as does a table-of-contents entry; each
 * paragraph, list item or table cell becomes one block of plain text; italic and bold text become
 * emphasis marks (moderate and strong), compiled to `<emphasis>` only when planned. Images are
 * skipped and counted; footnotes are left out or read after the paragraph that cites them.
 */
export function blocksOfHtml(
  parts: readonly HtmlPart[],
  marks: NoteMarks,
  footnotes: FootnoteMode,
): { blocks: ScriptBlockInput[]; skipped: SkippedContent } {
  const reader = new BlockReader(indexNotes(parts, marks, footnotes === 'read'), marks, footnotes)
  for (const part of parts) reader.readPart(part)
  return { blocks: reader.blocks, skipped: reader.skipped }
}

/** The notes of a manuscript's parts: which elements are notes and which note a citation names. */
interface NoteIndex {
  elements: ReadonlySet<Element>
  /** Notes not inside another note (a note in a note is read with its outer one). */
  outerCount: number
  /** The notes some citation leads to (found only when `withCited`). */
  cited: ReadonlySet<Element>
  /** The note a citation in part `partName` leads to, if it is in the manuscript. */
  noteOf(ref: Element, partName: string): Element | undefined
}

function indexNotes(parts: readonly HtmlPart[], marks: NoteMarks, withCited: boolean): NoteIndex {
  const byTarget = new Map<string, Element>()
  const elements = new Set<Element>()
  for (const part of parts) {
    for (const element of DomUtils.findAll((e) => marks.isNote(e), part.nodes)) {
      elements.add(element)
      const id = element.attribs.id
      if (id) byTarget.set(`${part.name}#${id}`, element)
    }
  }
  const noteOf = (ref: Element, partName: string): Element | undefined => {
    const href =
      ref.attribs.href ??
      DomUtils.findOne((e) => e.attribs.href !== undefined, ref.children)?.attribs.href
    if (href === undefined) return undefined
    const hash = href.indexOf('#')
    if (hash < 0) return undefined
    const file = hash === 0 ? partName : resolveHref(partName, href.slice(0, hash))
    return byTarget.get(`${file}#${decodeHref(href.slice(hash + 1))}`)
  }
  const cited = new Set<Element>()
  for (const part of withCited ? parts : []) {
    for (const ref of DomUtils.findAll((e) => marks.isNoteRef(e), part.nodes)) {
      const note = noteOf(ref, part.name)
      if (note !== undefined) cited.add(note)
    }
  }
  const outerCount = [...elements].filter((n) => !hasAncestorIn(n, elements)).length
  return { elements, outerCount, cited, noteOf }
}

/** Walks the parts in order, gathering each paragraph's runs into blocks under their chapter. */
class BlockReader {
  readonly blocks: ScriptBlockInput[] = []
  readonly skipped: SkippedContent
  private readonly readNotes = new Set<Element>()
  private chapter: string | undefined
  /** True while the current chapter has no blocks yet: a heading there renames it instead. */
  private chapterFromToc = false
  private runs: Run[] = []
  private cited: Element[] = []
  private part: HtmlPart | undefined

  constructor(
    private readonly notes: NoteIndex,
    private readonly marks: NoteMarks,
    private readonly footnotes: FootnoteMode,
  ) {
    this.skipped = { images: 0, notes: footnotes === 'omit' ? notes.outerCount : 0 }
  }

  readPart(part: HtmlPart): void {
    this.part = part
    if (part.chapterAtStart !== undefined) this.startChapter(part.chapterAtStart, true)
    this.walkAll(part.nodes, 0, false)
    this.flush()
  }

  private startChapter(label: string, fromToc: boolean): void {
    this.flush()
    const name = label.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE)
    if (name === '') return
    if (!fromToc && this.chapterFromToc) return
    this.chapter = name
    this.chapterFromToc = fromToc
  }

  /** Ends the paragraph: its runs become a block, then the notes it cites are read. */
  private flush(): void {
    const block = blockOfRuns(this.runs)
    this.runs = []
    if (block !== null) {
      const chapter = this.chapter
      this.blocks.push({
        id: `b${this.blocks.length + 1}`,
        ...block,
        ...(chapter ? { chapter } : {}),
      })
      this.chapterFromToc = false
    }
    if (this.cited.length === 0) return
    const due = this.cited
    this.cited = []
    for (const note of due) {
      if (this.readNotes.has(note)) continue
      this.readNotes.add(note)
      this.walkAll(note.children, 0, true)
      this.flush()
    }
  }

  private walkAll(nodes: readonly ChildNode[], level: Level, inNote: boolean): void {
    for (const node of nodes) this.walk(node, level, inNote)
  }

  private walk(node: ChildNode, level: Level, inNote: boolean): void {
    if (DomUtils.isText(node)) {
      this.runs.push({ text: node.data.replace(/\s+/g, ' '), level })
      return
    }
    if (!DomUtils.isTag(node)) return
    const name = node.name.toLowerCase().replace(/^.*:/, '')
    const id = node.attribs.id
    const tocChapter = id ? this.part?.chaptersAtIds?.get(id) : undefined
    if (tocChapter !== undefined) this.startChapter(tocChapter, true)
    if (this.takeNote(node, inNote)) return
    if (SKIPPED_TAGS.has(name)) return
    if (IMAGE_TAGS.has(name)) {
      this.skipped.images += 1
      return
    }
    if (HEADING.test(name) && !inNote) {
      this.startChapter(DomUtils.textContent(node), false)
      return
    }
    if (name === 'br') {
      this.runs.push({ text: '\n', level })
      return
    }
    const block = BLOCK_TAGS.has(name)
    if (block) this.flush()
    if (name === 'pre') {
      this.runs.push({ text: DomUtils.textContent(node), level })
    } else {
      const own = EMPHASIS[name] ?? 0
      this.walkAll(node.children, own > level ? own : level, inNote)
    }
    if (block) this.flush()
  }

  /** Handles a note, a citation or a note's back link; false for any other element. */
  private takeNote(node: Element, inNote: boolean): boolean {
    const read = this.footnotes === 'read'
    if (this.notes.elements.has(node) && !inNote) {
      // Read where it stands only when nothing cites it; a cited note follows its paragraph.
      if (read && !this.readNotes.has(node) && !this.notes.cited.has(node)) {
        this.readNotes.add(node)
        this.flush()
        this.walkAll(node.children, 0, true)
        this.flush()
      }
      return true
    }
    if (this.marks.isNoteRef(node)) {
      const note = this.notes.noteOf(node, this.part?.name ?? '')
      if (read && note !== undefined) this.cited.push(note)
      return true
    }
    return inNote && this.marks.isBackLink(node)
  }
}

/**
 * A paragraph's runs as a block: plain text, with an emphasis mark over each emphasized stretch
 * (its outer spaces left outside, so the words around it stay apart). Never markup in the text.
 */
function blockOfRuns(
  runs: readonly Run[],
): Pick<ScriptBlockInput, 'text' | 'ssml' | 'marks'> | null {
  let text = ''
  const marks: TextMark[] = []
  for (const run of runs) {
    const lead = /^\s*/.exec(run.text)?.[0].length ?? 0
    const core = run.text.trimEnd().length
    if (run.level > 0 && core > lead) {
      const value = LEVEL_NAME[run.level]
      marks.push({ kind: 'emphasis', start: text.length + lead, end: text.length + core, value })
    }
    text += run.text
  }
  // The same clean-up as before marks, each change moving the marks after it.
  let out: MarkedText = { text, marks: normalizeMarks(marks, text.length) }
  out = replaceMarked(out, / *\n */g, () => '\n')
  out = replaceMarked(out, / {2,}/g, () => ' ')
  out = replaceMarked(out, /^\s+|\s+$/g, () => '')
  if (out.text === '') return null
  return out.marks.length === 0
    ? { text: out.text, ssml: false }
    : { text: out.text, ssml: false, marks: out.marks }
}

function hasAncestorIn(node: Element, set: ReadonlySet<Element>): boolean {
  for (let p = node.parent; p !== null; p = p.parent) {
    if (set.has(p as Element)) return true
  }
  return false
}

/**
 * A link's target inside the archive, resolved against the part it is written in
 * (`text/ch1.xhtml` + `../notes.xhtml` -> `notes.xhtml`). Percent-escapes are decoded. Why no
 * path module: these are names inside a zip, never paths on disk, and must not become ones.
 */
export function resolveHref(base: string, href: string): string {
  const target = decodeHref(href)
  const out = base.split('/').slice(0, -1)
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') out.pop()
    else out.push(segment)
  }
  return out.join('/')
}

/** Percent-escapes decoded; a malformed escape (`%zz`) is kept as written. */
export function decodeHref(href: string): string {
  try {
    return decodeURIComponent(href)
  } catch {
    return href
  }
}
