import type { ChildNode, Element } from 'domhandler'
import { DomUtils } from 'htmlparser2'
import type { ScriptBlockInput } from '../../../../shared/domain/script'
import { AppError } from '../../../../shared/errors'
import type { FootnoteMode, SkippedContent } from './html-blocks'
import { blocksOfHtml, escapeSsmlText, parseMarkup } from './html-blocks'
import { EPUB_NOTES } from './import-epub'
import { BoundedZip } from './zip-entries'

/** What a style gives the text in it, after its parents: italic and bold. */
interface Emphasis {
  italic: boolean
  bold: boolean
}

/** How deep a chain of parent styles is followed (real documents have a handful). */
const MAX_STYLE_DEPTH = 16

/**
 * The blocks of an OpenDocument text (.odt, as LibreOffice and Google Docs save it), read by
 * turning its `content.xml` into the HTML the DOCX and EPUB importers read: headings
 * (`text:h`) start chapters, paragraphs and list items are blocks, text in an italic or bold
 * style (automatic or named, through parent styles) becomes an emphasis mark, footnotes and
 * endnotes (`text:note`) are left out or read after their paragraph, pictures are skipped and
 * counted. The document's title (meta.xml) names the script. Unpacked within the archive limits.
 */
export async function importOdt(
  label: string,
  bytes: Uint8Array,
  footnotes: FootnoteMode,
): Promise<{ blocks: ScriptBlockInput[]; skipped: SkippedContent; title: string }> {
  const zip = await BoundedZip.open(bytes, label, 'an OpenDocument text (.odt)')
  let content: string
  let styles = ''
  let meta = ''
  try {
    if (!zip.has('content.xml')) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${label} is a zip archive but not an OpenDocument text (it has no content.xml). Save the manuscript as .odt or .docx in your word processor and open that.`,
      )
    }
    content = await zip.text('content.xml')
    if (zip.has('styles.xml')) styles = await zip.text('styles.xml')
    if (zip.has('meta.xml')) meta = await zip.text('meta.xml')
  } finally {
    zip.close()
  }
  const contentNodes = parseMarkup(content, true, label)
  const styleNodes = styles ? parseMarkup(styles, true, label) : []
  const emphasis = styleEmphasis([...styleNodes, ...contentNodes])
  const body = DomUtils.findOne((e) => e.name === 'office:text', contentNodes)
  const notes: string[] = []
  const html = body ? htmlOf(body.children, emphasis, notes) : ''
  const nodes = parseMarkup(`<body>${html}${notes.join('')}</body>`, false, label)
  const titleElement = meta
    ? DomUtils.findOne((e) => e.name === 'dc:title', parseMarkup(meta, true, label))
    : null
  const title = titleElement ? DomUtils.textContent(titleElement).replace(/\s+/g, ' ').trim() : ''
  return { ...blocksOfHtml([{ name: '', nodes }], EPUB_NOTES, footnotes), title }
}

/** Each style's emphasis by name, its parents' included. */
function styleEmphasis(nodes: ChildNode[]): Map<string, Emphasis> {
  const own = new Map<string, { parent?: string; italic?: boolean; bold?: boolean }>()
  for (const style of DomUtils.findAll((e) => e.name === 'style:style', nodes)) {
    const name = style.attribs['style:name']
    if (name === undefined) continue
    const props = DomUtils.findOne((e) => e.name === 'style:text-properties', style.children)
    const italic = props?.attribs['fo:font-style']
    const weight = props?.attribs['fo:font-weight']
    own.set(name, {
      parent: style.attribs['style:parent-style-name'],
      ...(italic !== undefined ? { italic: italic === 'italic' || italic === 'oblique' } : {}),
      ...(weight !== undefined ? { bold: weight === 'bold' || Number(weight) >= 600 } : {}),
    })
  }
  const resolved = new Map<string, Emphasis>()
  for (const name of own.keys()) {
    let italic: boolean | undefined
    let bold: boolean | undefined
    let at: string | undefined = name
    for (let depth = 0; at !== undefined && depth < MAX_STYLE_DEPTH; depth++) {
      const style = own.get(at)
      if (style === undefined) break
      italic ??= style.italic
      bold ??= style.bold
      at = style.parent
    }
    resolved.set(name, { italic: italic === true, bold: bold === true })
  }
  return resolved
}

/** ODF text elements as the HTML blocksOfHtml reads; notes go to `notes`, cited by a link. */
function htmlOf(
  nodes: readonly ChildNode[],
  emphasis: Map<string, Emphasis>,
  notes: string[],
): string {
  let out = ''
  for (const node of nodes) {
    if (DomUtils.isText(node)) {
      out += escapeSsmlText(node.data.replace(/\s+/g, ' '))
      continue
    }
    if (!DomUtils.isTag(node)) continue
    out += htmlOfElement(node, emphasis, notes)
  }
  return out
}

function htmlOfElement(e: Element, emphasis: Map<string, Emphasis>, notes: string[]): string {
  const inner = (): string => htmlOf(e.children, emphasis, notes)
  const styled = (html: string): string => {
    const style = emphasis.get(e.attribs['text:style-name'] ?? '')
    let wrapped = html
    if (style?.italic) wrapped = `<em>${wrapped}</em>`
    if (style?.bold) wrapped = `<strong>${wrapped}</strong>`
    return wrapped
  }
  switch (e.name) {
    case 'text:h': {
      const level = Math.min(6, Math.max(1, Number(e.attribs['text:outline-level'] ?? 1) || 1))
      return `<h${level}>${inner()}</h${level}>`
    }
    case 'text:p':
      return `<p>${styled(inner())}</p>`
    case 'text:span':
      return styled(inner())
    case 'text:list':
      return `<ul>${inner()}</ul>`
    case 'text:list-item':
    case 'text:list-header':
      return `<li>${inner()}</li>`
    case 'table:table':
      return `<table>${inner()}</table>`
    case 'table:table-row':
      return `<tr>${inner()}</tr>`
    case 'table:table-cell':
      return `<td>${inner()}</td>`
    case 'text:s':
      return ' '.repeat(Math.min(100, Number(e.attribs['text:c'] ?? 1) || 1))
    case 'text:tab':
      return ' '
    case 'text:line-break':
      return '<br/>'
    case 'draw:image':
      return '<img/>'
    case 'text:note': {
      const id = `odt-note-${notes.length + 1}`
      const body = DomUtils.findOne((c) => c.name === 'text:note-body', e.children)
      notes.push(
        `<aside role="doc-footnote" id="${id}">${body ? htmlOf(body.children, emphasis, notes) : ''}</aside>`,
      )
      return `<a role="doc-noteref" href="#${id}"></a>`
    }
    case 'text:tracked-changes':
    case 'office:annotation':
    case 'text:sequence-decls':
    case 'text:table-of-content':
    case 'svg:title':
    case 'svg:desc':
      return ''
    default:
      return inner()
  }
}
