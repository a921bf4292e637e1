import { DomUtils } from 'htmlparser2'
import type { ScriptBlockInput } from '../../../../shared/domain/script'
import type { FootnoteMode, SkippedContent } from './html-blocks'
import { blocksOfHtml, parseMarkup } from './html-blocks'
import { EPUB_NOTES } from './import-epub'

/** The encoding a page's bytes are in: a byte-order mark first, else UTF-8 (the web's default). */
function decodePage(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes)
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes)
  return new TextDecoder('utf-8').decode(bytes)
}

/**
 * The blocks of a web page (.html, .htm) or XHTML file, read as EPUB chapters are: headings start
 * chapters, italic and bold become emphasis marks, notes marked as EPUB and Pandoc mark them
 * (roles doc-noteref, doc-footnote, doc-endnotes) are left out or read after their paragraph,
 * pictures are skipped and counted. The `<title>` names the script. Scripts, styles, forms and
 * navigation (`<nav>`) are never read.
 */
export function importHtml(
  label: string,
  bytes: Uint8Array,
  footnotes: FootnoteMode,
): { blocks: ScriptBlockInput[]; skipped: SkippedContent; title: string } {
  const nodes = parseMarkup(decodePage(bytes), false, label)
  const titleElement = DomUtils.findOne((e) => e.name.toLowerCase() === 'title', nodes)
  // A page's navigation (a site menu, a table of contents) is links, not text to narrate.
  for (const nav of DomUtils.findAll((e) => e.name.toLowerCase() === 'nav', nodes)) {
    DomUtils.removeElement(nav)
  }
  const title = titleElement ? DomUtils.textContent(titleElement).replace(/\s+/g, ' ').trim() : ''
  return { ...blocksOfHtml([{ name: '', nodes }], EPUB_NOTES, footnotes), title }
}
