// PDFs laid out as books are printed, for the PDF import tests and bench: running heads and
// feet, page numbers, first-line indents, words hyphenated at a line end, a raised footnote mark
// with its note at the page foot, chapter headings, an outline, a two-column page.
import type { PdfPage, PdfSpec, PdfText } from './pdf-writer'
import { writePdf } from './pdf-writer'

const LEFT = 72
const LEADING = 14

/** A page with a running head, a page-number foot and body lines placed from the top. */
function bookPage(number: number, body: PdfText[], head = 'THE SALT ROAD'): PdfPage {
  return {
    texts: [
      { x: 240, y: 750, text: head, size: 9 },
      ...body,
      { x: 300, y: 40, text: String(number), size: 9 },
    ],
  }
}

/** Lines of body text from `top`, each `[text, indent]`, one leading apart. */
function lines(top: number, rows: [string, number?][]): PdfText[] {
  return rows.map(([text, indent], i) => ({ x: LEFT + (indent ?? 0), y: top - i * LEADING, text }))
}

/**
 * Three pages and two chapters. What an import should read: see SALT_ROAD_TEXT. Page 1 has a
 * raised footnote mark "1" after "town." and its note at the foot.
 */
export function saltRoadPdf(options: { outline?: boolean; compress?: boolean } = {}): Uint8Array {
  const pages: PdfPage[] = [
    bookPage(1, [
      { x: LEFT, y: 700, text: 'Chapter One', size: 18, font: 'Times-Bold' },
      ...lines(670, [
        ['The harbour was quiet when the fa-', 18],
        ['ther came home at last. It was a well-'],
        ['known story in the town, told often.'],
      ]),
      { x: 250, y: 646, text: '1', size: 6 },
      ...lines(628, [['She waited by the door.', 18]]),
      { x: LEFT, y: 93, text: '1', size: 6 },
      { x: LEFT + 4, y: 90, text: 'Told by the harbour master.', size: 9 },
    ]),
    bookPage(2, [
      ...lines(700, [
        ['The next morning was grey and the', 18],
        ['wind was cold, and the boats stayed in.'],
      ]),
    ]),
    bookPage(3, [
      { x: LEFT, y: 700, text: 'Chapter Two', size: 18, font: 'Times-Bold' },
      ...lines(670, [
        ['Her father said it was a well-known fact', 18],
        ['that rain came from the west.'],
      ]),
    ]),
  ]
  const spec: PdfSpec = { pages, compress: options.compress ?? true }
  if (options.outline !== false) {
    spec.outline = [
      { title: 'Chapter One', page: 0 },
      { title: 'Chapter Two', page: 2 },
    ]
  }
  return writePdf(spec)
}

/** The blocks an import of saltRoadPdf reads, footnotes left out: [chapter, text]. */
export const SALT_ROAD_TEXT: [string, string][] = [
  [
    'Chapter One',
    'The harbour was quiet when the father came home at last. It was a well-known story in the town, told often.',
  ],
  ['Chapter One', 'She waited by the door.'],
  ['Chapter One', 'The next morning was grey and the wind was cold, and the boats stayed in.'],
  ['Chapter Two', 'Her father said it was a well-known fact that rain came from the west.'],
]

/**
 * One page set in two columns, the left drawn line by line alternately with the right; the
 * left column's last paragraph goes on at the top of the right one.
 */
export function twoColumnPdf(): Uint8Array {
  const left = ['The left column starts', 'here and runs down the', 'page to its end.']
  const leftMore = ['The story goes on', 'down the left side', 'and over to the']
  const right = ['right side, where it', 'ends with a full', 'stop.']
  const rightMore = ['A new paragraph on', 'the right side is', 'read last.']
  const texts: PdfText[] = [{ x: 200, y: 740, text: 'Columns', size: 18, font: 'Times-Bold' }]
  for (let i = 0; i < 3; i++) {
    texts.push({ x: LEFT, y: 700 - i * LEADING, text: left[i]! })
    texts.push({ x: 320, y: 700 - i * LEADING, text: right[i]! })
  }
  for (let i = 0; i < 3; i++) {
    texts.push({ x: LEFT, y: 640 - i * LEADING, text: leftMore[i]! })
    texts.push({ x: 320, y: 640 - i * LEADING, text: rightMore[i]! })
  }
  return writePdf({ pages: [{ texts }] })
}

/**
 * A book of `pages` pages of running text (about 40 lines a page), with heads, feet and a
 * chapter every 20 pages in the outline: for the bench and the memory test.
 */
export function longBookPdf(pages: number): Uint8Array {
  const words = 'the quiet harbour watched the boats come home under a grey and patient sky'.split(
    ' ',
  )
  const list: PdfPage[] = []
  const outline: { title: string; page: number }[] = []
  let w = 0
  for (let p = 0; p < pages; p++) {
    const body: PdfText[] = []
    let top = 710
    if (p % 20 === 0) {
      const title = `Chapter ${p / 20 + 1}`
      outline.push({ title, page: p })
      body.push({ x: LEFT, y: 710, text: title, size: 18, font: 'Times-Bold' })
      top = 670
    }
    for (let y = top, row = 0; y > 80; y -= LEADING, row++) {
      let line = ''
      while (line.length < 60) line += `${words[w++ % words.length]} `
      const end = row % 8 === 7 ? '.' : ''
      body.push({ x: LEFT + (row % 8 === 0 ? 18 : 0), y, text: line.trim() + end })
    }
    list.push(bookPage(p + 1, body, `THE LONG BOOK ${p % 2 === 0 ? '' : '- A NOVEL'}`.trim()))
  }
  return writePdf({ pages: list, outline, compress: true })
}

/**
 * Two pages of a Japanese book set in a CID-keyed font known to a reader only through the
 * predefined CMap UniJIS-UCS2-H (see PdfFont), with running heads, page numbers and an outline.
 * A sentence is broken over two lines, and one line is Latin text in that font. What an import
 * should read: JAPANESE_BOOK_TEXT.
 */
export function japaneseBookPdf(): Uint8Array {
  const font = 'KozMinPr6N-Regular' as const
  const page = (number: number, body: PdfText[]): PdfPage => ({
    texts: [
      { x: 240, y: 750, text: '吾輩は猫である', size: 9, font },
      ...body,
      { x: 300, y: 40, text: String(number), size: 9 },
    ],
  })
  const pages = [
    page(1, [
      { x: LEFT, y: 700, text: '第一章', size: 18, font },
      { x: LEFT + 11, y: 670, text: '吾輩は猫である。名前はまだ無い。どこで生', font },
      { x: LEFT, y: 670 - LEADING, text: 'れたかとんと見当がつかぬ。', font },
    ]),
    page(2, [
      { x: LEFT, y: 700, text: '第二章', size: 18, font },
      { x: LEFT + 11, y: 670, text: '何でも薄暗いじめじめした所でニャーニャー', font },
      { x: LEFT, y: 670 - LEADING, text: '泣いていた事だけは記憶している。', font },
      { x: LEFT + 11, y: 670 - 2 * LEADING, text: 'Tokyo, 1905.', font },
    ]),
  ]
  return writePdf({
    pages,
    outline: [
      { title: '第一章', page: 0 },
      { title: '第二章', page: 1 },
    ],
    compress: true,
  })
}

/** The blocks an import of japaneseBookPdf reads: [chapter, text]. */
export const JAPANESE_BOOK_TEXT: [string, string][] = [
  ['第一章', '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。'],
  ['第二章', '何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。'],
  ['第二章', 'Tokyo, 1905.'],
]
