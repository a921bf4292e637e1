import { deflateSync } from 'node:zlib'

/**
 * The fonts a test page may use, none embedded: four of the standard Type1 fonts (every PDF
 * reader has them), and a Japanese CID-keyed font whose codes are Unicode (UCS-2) mapped to
 * its characters by the predefined CMap UniJIS-UCS2-H, with no ToUnicode map: a reader knows its
 * text only from the Adobe-Japan1 character maps.
 */
export type PdfFont = 'Times-Roman' | 'Times-Bold' | 'Times-Italic' | 'Helvetica' | CidFont

type CidFont = 'KozMinPr6N-Regular'

/** One run of text placed at (x, y) from the page's bottom left, in points. */
export interface PdfText {
  x: number
  y: number
  text: string
  size?: number
  font?: PdfFont
}

/** One page: its text runs, and optionally a picture (a page of a scan has only that). */
export interface PdfPage {
  texts: PdfText[]
  picture?: boolean
}

/** A PDF to write: pages (612 x 792 points), an outline (bookmarks to pages, 0-based). */
export interface PdfSpec {
  pages: PdfPage[]
  outline?: { title: string; page: number }[]
  /** Content streams deflated (FlateDecode), as most real PDFs have them. */
  compress?: boolean
  /** One more deflated stream on the first page that inflates to this many bytes of spaces. */
  bombBytes?: number
}

const FONTS: PdfFont[] = [
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Helvetica',
  'KozMinPr6N-Regular',
]

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`)
}

/** A text string (an outline title): PDFDocEncoding when Latin-1 is enough, else UTF-16BE. */
function textString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${escapePdfString(text)})`
  const hex = Buffer.from(text, 'utf16le').swap16().toString('hex')
  return `<feff${hex}>`
}

/** A run's string operand: literal for the simple fonts, UCS-2 hex for the CID font. */
function shown(text: string, font: PdfFont): string {
  if (font !== 'KozMinPr6N-Regular') return `(${escapePdfString(text)})`
  const units = Array.from({ length: text.length }, (_, i) => text.charCodeAt(i))
  return `<${units.map((u) => u.toString(16).padStart(4, '0')).join('')}>`
}

/** The font dictionaries of one font, the first one being the font the pages name. */
function fontObjects(font: PdfFont, next: number): string[] {
  if (font !== 'KozMinPr6N-Regular') {
    return [`<< /Type /Font /Subtype /Type1 /BaseFont /${font} /Encoding /WinAnsiEncoding >>`]
  }
  return [
    `<< /Type /Font /Subtype /Type0 /BaseFont /${font} /Encoding /UniJIS-UCS2-H /DescendantFonts [${next + 1} 0 R] >>`,
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /${font} /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 6 >> /FontDescriptor ${next + 2} 0 R /DW 1000 >>`,
    `<< /Type /FontDescriptor /FontName /${font} /Flags 6 /FontBBox [-100 -150 1100 950] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 740 /StemV 80 >>`,
  ]
}

/**
 * Writes a small, valid PDF from positioned text runs with the standard fonts, an optional
 * outline and optional compressed streams: the test PDFs of the PDF import, made in the test
 * itself so no tool outside Node is needed.
 */
export function writePdf(spec: PdfSpec): Uint8Array {
  const objects: Buffer[] = []
  const add = (body: string | Buffer): number => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body)
    return objects.length
  }
  const stream = (dict: string, data: Buffer, deflate: boolean): Buffer => {
    const bytes = deflate ? deflateSync(data) : data
    const filter = deflate ? ' /Filter /FlateDecode' : ''
    return Buffer.concat([
      Buffer.from(`<< ${dict}${filter} /Length ${bytes.length} >>\nstream\n`, 'latin1'),
      bytes,
      Buffer.from('\nendstream', 'latin1'),
    ])
  }
  const catalog = add('')
  const pagesId = add('')
  const fontIds = FONTS.map((f) => {
    const [first, ...rest] = fontObjects(f, objects.length + 1)
    const id = add(first!)
    for (const more of rest) add(more)
    return id
  })
  const fontRes = FONTS.map((_, i) => `/F${i} ${fontIds[i]} 0 R`).join(' ')
  const picture = add(
    stream(
      '/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8',
      Buffer.from([0, 255, 255, 0]),
      false,
    ),
  )
  const pageIds: number[] = []
  spec.pages.forEach((page, index) => {
    let content = ''
    if (page.picture) content += 'q 500 0 0 700 50 50 cm /Im0 Do Q\n'
    for (const t of page.texts) {
      const font = t.font ?? 'Times-Roman'
      content += `BT /F${FONTS.indexOf(font)} ${t.size ?? 11} Tf 1 0 0 1 ${t.x} ${t.y} Tm ${shown(t.text, font)} Tj ET\n`
    }
    const contents = [add(stream('', Buffer.from(content, 'latin1'), spec.compress === true))]
    if (index === 0 && spec.bombBytes !== undefined) {
      contents.push(add(stream('', Buffer.alloc(spec.bombBytes, 0x20), true)))
    }
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Resources << /Font << ${fontRes} >> /XObject << /Im0 ${picture} 0 R >> >> /Contents [${contents.map((c) => `${c} 0 R`).join(' ')}] >>`,
      ),
    )
  })
  objects[pagesId - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${pageIds.map((p) => `${p} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    'latin1',
  )
  let outlineRef = ''
  const outline = spec.outline ?? []
  if (outline.length > 0) {
    const root = add('')
    const first = objects.length + 1
    outline.forEach((entry, i) => {
      const links = [
        i > 0 ? `/Prev ${first + i - 1} 0 R` : '',
        i < outline.length - 1 ? `/Next ${first + i + 1} 0 R` : '',
      ].join(' ')
      add(
        `<< /Title ${textString(entry.title)} /Parent ${root} 0 R ${links} /Dest [${pageIds[entry.page]} 0 R /XYZ 0 792 0] >>`,
      )
    })
    objects[root - 1] = Buffer.from(
      `<< /Type /Outlines /First ${first} 0 R /Last ${first + outline.length - 1} 0 R /Count ${outline.length} >>`,
      'latin1',
    )
    outlineRef = ` /Outlines ${root} 0 R`
  }
  objects[catalog - 1] = Buffer.from(
    `<< /Type /Catalog /Pages ${pagesId} 0 R${outlineRef} >>`,
    'latin1',
  )
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let offset = parts[0]!.length
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(offset)
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ])
    parts.push(chunk)
    offset += chunk.length
  })
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) xref += `${String(o).padStart(10, '0')} 00000 n \n`
  xref += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${offset}\n%%EOF\n`
  parts.push(Buffer.from(xref, 'latin1'))
  return new Uint8Array(Buffer.concat(parts))
}
