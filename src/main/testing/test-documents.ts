// Builds small DOCX and EPUB files for the import tests, with yazl, so the tests need no word
// processor or converter on the machine. Each part is written as a real program writes it.
import yazl from 'yazl'

/** A zip of these files, in this order (the order in the archive is what some tests are about). */
export async function zipOf(
  files: readonly (readonly [name: string, content: string | Buffer])[],
  options: { storeFirst?: boolean } = {},
): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  files.forEach(([name, content], i) => {
    const buffer = typeof content === 'string' ? Buffer.from(content, 'utf8') : content
    zip.addBuffer(buffer, name, { compress: !(options.storeFirst === true && i === 0) })
  })
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * Rewrites an entry's sizes (both headers) to `declared`, the way a zip bomb lies about how much
 * it unpacks to.
 */
export function lieAboutSize(zip: Buffer, name: string, declared: number): Buffer {
  const out = Buffer.from(zip)
  const nameBytes = Buffer.from(name, 'utf8')
  for (let i = 0; i < out.length - 4; i++) {
    const sig = out.readUInt32LE(i)
    if (sig === 0x04034b50 && out.subarray(i + 30, i + 30 + nameBytes.length).equals(nameBytes)) {
      out.writeUInt32LE(declared, i + 22)
    }
    if (sig === 0x02014b50 && out.subarray(i + 46, i + 46 + nameBytes.length).equals(nameBytes)) {
      out.writeUInt32LE(declared, i + 24)
    }
  }
  return out
}

/** Renames an entry in place (both headers; same length), e.g. to a name that climbs out (`../`). */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('same length only')
  const out = Buffer.from(zip)
  const a = Buffer.from(from, 'utf8')
  const b = Buffer.from(to, 'utf8')
  for (let i = out.indexOf(a); i >= 0; i = out.indexOf(a, i + 1)) b.copy(out, i)
  return out
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships'

/** A DOCX paragraph: style id (Heading1, Title…) and runs (`**bold**`/`*italic*` marks runs). */
export interface DocxParagraph {
  style?: string
  runs: (
    | string
    | { text: string; bold?: boolean; italic?: boolean }
    | { footnote: number }
    | { image: string }
  )[]
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function docxRun(run: DocxParagraph['runs'][number]): string {
  if (typeof run === 'string') run = { text: run }
  if ('footnote' in run) {
    return `<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${run.footnote}"/></w:r>`
  }
  if ('image' in run) {
    return `<w:r><w:drawing><wp:inline><wp:extent cx="914400" cy="914400"/><wp:docPr id="1" name="Picture" descr="${xmlEscape(run.image)}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="image1.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImage1"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  }
  const props = `${run.bold ? '<w:b/>' : ''}${run.italic ? '<w:i/>' : ''}`
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${xmlEscape(run.text)}</w:t></w:r>`
}

function docxParagraph(p: DocxParagraph): string {
  const style = p.style ? `<w:pPr><w:pStyle w:val="${p.style}"/></w:pPr>` : ''
  return `<w:p>${style}${p.runs.map(docxRun).join('')}</w:p>`
}

/** A Word document with these paragraphs, the usual heading styles, and these footnotes. */
export async function docxOf(
  paragraphs: readonly DocxParagraph[],
  footnotes: Readonly<Record<number, string>> = {},
  extra: readonly (readonly [string, string | Buffer])[] = [],
): Promise<Buffer> {
  const ns = `xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"`
  const styles = [
    ['Title', 'Title'],
    ['Heading1', 'heading 1'],
    ['Heading2', 'heading 2'],
    ['FootnoteReference', 'footnote reference'],
    ['FootnoteText', 'footnote text'],
  ]
    .map(
      ([id, name]) =>
        `<w:style w:type="${id === 'FootnoteReference' ? 'character' : 'paragraph'}" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`,
    )
    .join('')
  const notes = Object.entries(footnotes)
    .map(
      ([id, text]) =>
        `<w:footnote w:id="${id}"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr><w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> ${xmlEscape(text)}</w:t></w:r></w:p></w:footnote>`,
    )
    .join('')
  return zipOf([
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ],
    [
      'word/_rels/document.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL}"><Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rIdNotes" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/><Relationship Id="rIdImage1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>`,
    ],
    [
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${ns}><w:body>${paragraphs.map(docxParagraph).join('')}</w:body></w:document>`,
    ],
    [
      'word/styles.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W}">${styles}</w:styles>`,
    ],
    [
      'word/footnotes.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes xmlns:w="${W}" xmlns:r="${R}"><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>${notes}</w:footnotes>`,
    ],
    ['word/media/image1.png', Buffer.from('89504e470d0a1a0a', 'hex')],
    ...extra,
  ])
}

/** One EPUB content document. */
export interface EpubChapter {
  /** Archive name under OEBPS/ (e.g. `text/ch1.xhtml`). */
  href: string
  body: string
  linear?: boolean
}

/**
 * An EPUB with these content documents. `spine` gives the reading order by href (default: the
 * order given); `nav` (EPUB 3) and `ncx` (EPUB 2) are TOC entries `[href, label]`, nested entries
 * as `[href, label, children]`.
 */
export async function epubOf(options: {
  chapters: readonly EpubChapter[]
  spine?: readonly string[]
  nav?: readonly TocItem[]
  ncx?: readonly TocItem[]
  title?: string
  encryption?: string
  extra?: readonly (readonly [string, string | Buffer])[]
}): Promise<Buffer> {
  const { chapters } = options
  const id = (href: string): string => `item-${href.replace(/[^A-Za-z0-9]/g, '-')}`
  const spine = options.spine ?? chapters.map((c) => c.href)
  const manifest = [
    ...chapters.map(
      (c) => `<item id="${id(c.href)}" href="${c.href}" media-type="application/xhtml+xml"/>`,
    ),
    ...(options.nav
      ? ['<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>']
      : []),
    ...(options.ncx
      ? ['<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>']
      : []),
  ].join('')
  // By name: a book of thousands of sections is made in the test, and a search per section is slow.
  const byHref = new Map(chapters.map((c) => [c.href, c] as const))
  const itemrefs = spine
    .map((href) => {
      const linear = byHref.get(href)?.linear === false ? ' linear="no"' : ''
      return `<itemref idref="${id(href)}"${linear}/>`
    })
    .join('')
  const navList = (items: readonly TocItem[]): string =>
    `<ol>${items.map(([href, label, kids]) => `<li><a href="${href}">${label}</a>${kids ? navList(kids) : ''}</li>`).join('')}</ol>`
  let order = 0
  const navPoints = (items: readonly TocItem[]): string =>
    items
      .map(
        ([href, label, kids]) =>
          `<navPoint id="np${++order}" playOrder="${order}"><navLabel><text>${label}</text></navLabel><content src="${href}"/>${kids ? navPoints(kids) : ''}</navPoint>`,
      )
      .join('')
  const files: [string, string | Buffer][] = [
    ['mimetype', 'application/epub+zip'],
    [
      'META-INF/container.xml',
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ],
    ...(options.encryption
      ? [['META-INF/encryption.xml', options.encryption] as [string, string]]
      : []),
    [
      'OEBPS/content.opf',
      `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="${options.nav ? '3.0' : '2.0'}" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:uuid:1</dc:identifier><dc:title>${options.title ?? 'A Test Book'}</dc:title><dc:language>en</dc:language></metadata><manifest>${manifest}</manifest><spine${options.ncx ? ' toc="ncx"' : ''}>${itemrefs}</spine></package>`,
    ],
    ...chapters.map(
      (c) =>
        [
          `OEBPS/${c.href}`,
          `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Ignored title</title><style>p { color: red }</style></head><body>${c.body}</body></html>`,
        ] as [string, string],
    ),
  ]
  if (options.nav) {
    files.push([
      'OEBPS/nav.xhtml',
      `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body><nav epub:type="landmarks"><ol><li><a href="text/never.xhtml">Landmark</a></li></ol></nav><nav epub:type="toc"><h1>Contents</h1>${navList(options.nav)}</nav></body></html>`,
    ])
  }
  if (options.ncx) {
    files.push([
      'OEBPS/toc.ncx',
      `<?xml version="1.0" encoding="UTF-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/><docTitle><text>T</text></docTitle><navMap>${navPoints(options.ncx)}</navMap></ncx>`,
    ])
  }
  return zipOf([...files, ...(options.extra ?? [])], { storeFirst: true })
}

/** A table-of-contents entry: href (relative to OEBPS/), label, nested entries. */
export type TocItem = readonly [href: string, label: string, children?: readonly TocItem[]]
