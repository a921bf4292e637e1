import type { ChildNode, Element } from 'domhandler'
import { DomUtils } from 'htmlparser2'
import type { ScriptBlockInput } from '../../../../shared/domain/script'
import { AppError } from '../../../../shared/errors'
import type { FootnoteMode, HtmlPart, NoteMarks, SkippedContent } from './html-blocks'
import { blocksOfHtml, decodeHref, parseMarkup, resolveHref } from './html-blocks'
import type { ImportProgress } from './import-pdf'
import { BoundedZip } from './zip-entries'

/**
 * Encryption that is not DRM: the two font obfuscation schemes (IDPF and Adobe) only scramble
 * embedded fonts, which VoiceDesk never reads.
 */
const FONT_OBFUSCATION = new Set([
  'http://www.idpf.org/2008/embedding',
  'http://ns.adobe.com/pdf/enc#RC',
])
const CONTENT_TYPES = new Set(['application/xhtml+xml', 'text/html', 'application/x-dtbook+xml'])

/** EPUB 3 structural semantics and ARIA roles for notes. */
const NOTE_TYPES = /\b(?:footnote|endnote|rearnote|note)\b/
/** How EPUB books (and web pages written the same way, as Pandoc's are) mark their notes. */
export const EPUB_NOTES: NoteMarks = {
  isNote: (e) =>
    (e.name !== 'a' && NOTE_TYPES.test(e.attribs['epub:type'] ?? '')) ||
    /\bdoc-(?:footnote|endnote)\b/.test(e.attribs.role ?? '') ||
    (e.name === 'li' &&
      e.parent !== null &&
      /\b(?:endnotes|footnotes|rearnotes)\b|\bdoc-endnotes\b/.test(
        `${(e.parent as Element).attribs?.['epub:type'] ?? ''} ${(e.parent.parent as Element | null)?.attribs?.['epub:type'] ?? ''} ${(e.parent.parent as Element | null)?.attribs?.role ?? ''}`,
      )),
  isNoteRef: (e) =>
    /\bnoteref\b/.test(e.attribs['epub:type'] ?? '') ||
    /\bdoc-noteref\b/.test(e.attribs.role ?? ''),
  isBackLink: (e) =>
    e.name === 'a' &&
    (/\bbacklink\b/.test(e.attribs['epub:type'] ?? '') ||
      /\bdoc-backlink\b/.test(e.attribs.role ?? '')),
}

interface TocEntry {
  /** The archive name of the part it points into. */
  file: string
  /** The element id it points at, or '' for the start of the part. */
  fragment: string
  label: string
}

/** An element's name without its namespace prefix (`opf:item` -> `item`), lower case. */
function localName(e: Element): string {
  return e.name.replace(/^.*:/, '').toLowerCase()
}

function all(nodes: ChildNode[], name: string): Element[] {
  return DomUtils.findAll((e) => localName(e) === name, nodes)
}

function first(nodes: ChildNode[], name: string): Element | null {
  return DomUtils.findOne((e) => localName(e) === name, nodes)
}

function text(node: Element | null): string {
  return node === null ? '' : DomUtils.textContent(node).replace(/\s+/g, ' ').trim()
}

/**
 * The blocks of an EPUB book (2 or 3): its spine in reading order (items marked non-linear and
 * the navigation document are left out), chapters named by its table of contents (EPUB 3 nav,
 * else the EPUB 2 NCX) and by the headings in the text, emphasis kept as marks, images skipped and
 * counted, notes left out or read (`footnotes`). A book whose text is encrypted (DRM) is refused.
 * `progress` hears each part (section) of the reading order as it is read, and may cancel it.
 */
export async function importEpub(
  label: string,
  bytes: Uint8Array,
  footnotes: FootnoteMode,
  progress: ImportProgress = {},
): Promise<{ blocks: ScriptBlockInput[]; skipped: SkippedContent; title: string }> {
  // Said before the directory, package and table of contents are read: with thousands of parts
  // that takes a while, and the window shows the reading has started.
  progress.onProgress?.(0, 0, 'contents')
  const zip = await BoundedZip.open(bytes, label, 'an EPUB book')
  try {
    const opfPath = await packagePath(label, zip)
    const opf = parseMarkup(await zip.text(opfPath), true, label)
    const manifest = manifestOf(opf, opfPath)
    if (zip.has('META-INF/encryption.xml')) {
      await refuseDrm(label, zip)
    }

    const navItem = [...manifest.values()].find((i) => /\bnav\b/.test(i.properties))
    const spineElement = first(opf, 'spine')
    const toc = await readToc(
      label,
      zip,
      navItem?.href,
      manifest.get(spineElement?.attribs.toc ?? '')?.href,
    )
    const tocByFile = new Map<string, TocEntry[]>()
    for (const entry of toc) {
      const list = tocByFile.get(entry.file) ?? []
      list.push(entry)
      tocByFile.set(entry.file, list)
    }

    const items: ManifestItem[] = []
    for (const ref of spineElement === null ? [] : all(spineElement.children, 'itemref')) {
      if (ref.attribs.linear === 'no') continue
      const item = manifest.get(ref.attribs.idref ?? '')
      if (item !== undefined && CONTENT_TYPES.has(item.type) && item !== navItem) items.push(item)
    }
    const parts: HtmlPart[] = []
    for (const item of items) {
      // Why between parts: a long book takes a while to parse, and a cancel leaves nothing behind.
      if (progress.signal?.aborted) {
        throw new AppError('CANCELLED', `The import of ${label} was cancelled; nothing was opened.`)
      }
      if (!zip.has(item.href)) {
        throw new AppError(
          'VALIDATION_FAILED',
          `${label} is damaged: its reading order names ${item.href}, which is not in the book. Save or export the book again as EPUB.`,
        )
      }
      const entries = tocByFile.get(item.href) ?? []
      const startEntry = entries.find((e) => e.fragment === '')
      parts.push({
        name: item.href,
        nodes: parseMarkup(await zip.text(item.href), false, label),
        ...(startEntry ? { chapterAtStart: startEntry.label } : {}),
        chaptersAtIds: new Map(
          entries.filter((e) => e.fragment !== '').map((e) => [e.fragment, e.label] as const),
        ),
      })
      progress.onProgress?.(parts.length, items.length, 'section')
    }
    const title = text(first(opf, 'title'))
    return { ...blocksOfHtml(parts, EPUB_NOTES, footnotes), title }
  } finally {
    zip.close()
  }
}

/** Where the book's package file (OPF) is, as its container names it; refuses a zip without one. */
async function packagePath(label: string, zip: BoundedZip): Promise<string> {
  if (!zip.has('META-INF/container.xml')) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${label} is a zip archive but not an EPUB book (it has no META-INF/container.xml). Save or export the book again as EPUB.`,
    )
  }
  const container = parseMarkup(await zip.text('META-INF/container.xml'), true, label)
  const rootfile = all(container, 'rootfile').find(
    (e) =>
      (e.attribs['media-type'] ?? 'application/oebps-package+xml') ===
      'application/oebps-package+xml',
  )
  const opfPath = rootfile?.attribs['full-path']
  if (opfPath === undefined || !zip.has(opfPath)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${label} is damaged: its container does not lead to the book's package file. Save or export the book again as EPUB.`,
    )
  }
  return opfPath
}

interface ManifestItem {
  href: string
  type: string
  properties: string
}

/** The package's manifest by item id, each href resolved against the package file's folder. */
function manifestOf(opf: ChildNode[], opfPath: string): Map<string, ManifestItem> {
  const manifest = new Map<string, ManifestItem>()
  for (const item of all(opf, 'item')) {
    const id = item.attribs.id
    const href = item.attribs.href
    if (id === undefined || href === undefined) continue
    manifest.set(id, {
      href: resolveHref(opfPath, href.split('#')[0] ?? ''),
      type: (item.attribs['media-type'] ?? '').toLowerCase(),
      properties: item.attribs.properties ?? '',
    })
  }
  return manifest
}

/**
 * Refuses a book whose content is encrypted. encryption.xml also lists obfuscated fonts, which
 * are not DRM: only an entry with another algorithm, or one that covers a part other than a
 * font, is content encryption (Adobe ADEPT, Apple FairPlay, Readium LCP and the like).
 */
async function refuseDrm(label: string, zip: BoundedZip): Promise<void> {
  const encryption = parseMarkup(await zip.text('META-INF/encryption.xml'), true, label)
  for (const data of all(encryption, 'encrypteddata')) {
    const algorithm = first(data.children, 'encryptionmethod')?.attribs.Algorithm ?? ''
    const target = first(data.children, 'cipherreference')?.attribs.URI ?? ''
    const isFont = /\.(?:otf|ttf|woff2?)$/i.test(target)
    if (FONT_OBFUSCATION.has(algorithm) && isFont) continue
    throw new AppError(
      'VALIDATION_FAILED',
      `${label} is protected by DRM: its text is encrypted, so VoiceDesk cannot read it. Use a DRM-free copy of the book instead, such as the EPUB exported from your writing or publishing tool.`,
    )
  }
}

/**
 * The table of contents, flattened in reading order: the EPUB 3 navigation document's `toc` nav,
 * else the EPUB 2 NCX; empty when the book has neither.
 */
async function readToc(
  fileLabel: string,
  zip: BoundedZip,
  navPath: string | undefined,
  ncxPath: string | undefined,
): Promise<TocEntry[]> {
  const entry = (base: string, href: string | undefined, label: string): TocEntry | null => {
    if (href === undefined || label === '') return null
    const hash = href.indexOf('#')
    const file = resolveHref(base, hash < 0 ? href : href.slice(0, hash))
    return { file, fragment: hash < 0 ? '' : decodeHref(href.slice(hash + 1)), label }
  }
  if (navPath !== undefined && zip.has(navPath)) {
    const nav = parseMarkup(await zip.text(navPath), false, fileLabel)
    const navs = all(nav, 'nav')
    const tocNav =
      navs.find((n) => /\btoc\b/.test(n.attribs['epub:type'] ?? '')) ??
      navs.find((n) => /\bdoc-toc\b/.test(n.attribs.role ?? '')) ??
      navs[0]
    if (tocNav !== undefined) {
      const entries = all(tocNav.children, 'a')
        .map((a) => entry(navPath, a.attribs.href, text(a)))
        .filter((e): e is TocEntry => e !== null)
      if (entries.length > 0) return entries
    }
  }
  if (ncxPath !== undefined && zip.has(ncxPath)) {
    const ncx = parseMarkup(await zip.text(ncxPath), true, fileLabel)
    const navMap = first(ncx, 'navmap')
    return (navMap === null ? [] : all(navMap.children, 'navpoint'))
      .map((point) => {
        const label = text(
          first(
            point.children.filter(DomUtils.isTag).filter((c) => localName(c) === 'navlabel'),
            'text',
          ),
        )
        const content = point.children
          .filter(DomUtils.isTag)
          .find((c) => localName(c) === 'content')
        return entry(ncxPath, content?.attribs.src, label)
      })
      .filter((e): e is TocEntry => e !== null)
  }
  return []
}
