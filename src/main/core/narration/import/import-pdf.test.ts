import { describe, expect, it } from 'vitest'
import type { ScriptBlock } from '../../../../shared/domain/script'
import { importDocument } from './import-document'
import {
  JAPANESE_BOOK_TEXT,
  SALT_ROAD_TEXT,
  japaneseBookPdf,
  longBookPdf,
  saltRoadPdf,
  twoColumnPdf,
} from '../../../testing/pdf-books'
import { writePdf } from '../../../testing/pdf-writer'

const rows = (blocks: readonly ScriptBlock[]): [string | null, string][] =>
  blocks.map((b) => [b.chapter ?? null, b.text])

describe('PDF import', () => {
  it('reads paragraphs in order: no running head, page number or footnote, hyphenation joined, chapters from the outline', async () => {
    const { project, notices } = await importDocument('/books/salt-road.pdf', saltRoadPdf())
    expect(project.title).toBe('salt-road')
    expect(rows(project.blocks)).toEqual(SALT_ROAD_TEXT)
    expect(project.blocks.every((b) => !b.ssml)).toBe(true)
    expect(notices).toEqual([
      '1 note (a footnote or endnote) was left out. To hear it, import the file again with footnotes read aloud.',
    ])
  })

  it('reads a footnote after the paragraph that cites it when asked', async () => {
    const { project, notices } = await importDocument('salt-road.pdf', saltRoadPdf(), 'read')
    expect(rows(project.blocks)).toEqual([
      SALT_ROAD_TEXT[0],
      ['Chapter One', 'Told by the harbour master.'],
      ...SALT_ROAD_TEXT.slice(1),
    ])
    expect(notices).toEqual([])
  })

  it('without an outline, takes chapters from headings set larger than the text', async () => {
    const { project } = await importDocument('salt-road.pdf', saltRoadPdf({ outline: false }))
    expect(rows(project.blocks)).toEqual(SALT_ROAD_TEXT)
  })

  it('reads uncompressed content streams the same way', async () => {
    const { project } = await importDocument('salt-road.pdf', saltRoadPdf({ compress: false }))
    expect(rows(project.blocks)).toEqual(SALT_ROAD_TEXT)
  })

  it('reads exactly the pages of a range, in the chapter the range starts in', async () => {
    const two = await importDocument('salt-road.pdf', saltRoadPdf(), 'omit', {
      pages: { first: 2, last: 2 },
    })
    expect(rows(two.project.blocks)).toEqual([SALT_ROAD_TEXT[2]])
    const last = await importDocument('salt-road.pdf', saltRoadPdf(), 'omit', {
      pages: { first: 2, last: 3 },
    })
    expect(rows(last.project.blocks)).toEqual(SALT_ROAD_TEXT.slice(2))
    // An open end ("2-") reads to the last page.
    const open = await importDocument('salt-road.pdf', saltRoadPdf(), 'omit', {
      pages: { first: 3, last: Number.MAX_SAFE_INTEGER },
    })
    expect(rows(open.project.blocks)).toEqual(SALT_ROAD_TEXT.slice(3))
    await expect(
      importDocument('salt-road.pdf', saltRoadPdf(), 'omit', { pages: { first: 4, last: 9 } }),
    ).rejects.toThrow(
      'salt-road.pdf has 3 pages; pages 4-9 are not in it. Choose a range from 1 to 3.',
    )
  })

  it('reads a two-column page column by column', async () => {
    const { project } = await importDocument('columns.pdf', twoColumnPdf())
    expect(rows(project.blocks)).toEqual([
      ['Columns', 'The left column starts here and runs down the page to its end.'],
      [
        'Columns',
        'The story goes on down the left side and over to the right side, where it ends with a full stop.',
      ],
      ['Columns', 'A new paragraph on the right side is read last.'],
    ])
  })

  it('reads text known only through a predefined character map (a Japanese CID font), lines joined without spaces', async () => {
    const { project, notices } = await importDocument('neko.pdf', japaneseBookPdf())
    expect(rows(project.blocks)).toEqual(JAPANESE_BOOK_TEXT)
    expect(notices).toEqual([])
  })

  it('says progress page by page and stops between pages on cancel, importing nothing', async () => {
    const seen: [number, number][] = []
    await importDocument('long.pdf', longBookPdf(6), 'omit', {
      onProgress: (done, total) => seen.push([done, total]),
    })
    expect(seen).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, 6]))
    const stop = new AbortController()
    const cancelled = importDocument('long.pdf', longBookPdf(6), 'omit', {
      signal: stop.signal,
      onProgress: (done) => {
        if (done === 2) stop.abort()
      },
    })
    await expect(cancelled).rejects.toMatchObject({
      code: 'CANCELLED',
      message: 'The import of long.pdf was cancelled; nothing was opened.',
    })
  })
})

describe('PDF import refuses bad input in plain words', () => {
  it('pictures of pages with no text layer', async () => {
    const scan = writePdf({
      pages: [
        { texts: [], picture: true },
        { texts: [], picture: true },
      ],
    })
    await expect(importDocument('scan.pdf', scan)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'scan.pdf: this PDF holds pictures of pages; VoiceDesk needs its text. Run it through a text recognition (OCR) program that adds a text layer, or export the text from the program that made it, and open that.',
    })
  })

  it('a damaged or truncated file', async () => {
    const whole = saltRoadPdf()
    await expect(importDocument('cut.pdf', whole.subarray(0, 400))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'cut.pdf could not be read as a PDF: it is damaged or incomplete. Download or export it again and open the new copy.',
    })
  })

  it('a decompression bomb, before pdf.js inflates it', async () => {
    const bomb = writePdf({
      pages: [{ texts: [{ x: 72, y: 700, text: 'Hello.' }] }],
      bombBytes: 80 * 1024 * 1024,
    })
    expect(bomb.byteLength).toBeLessThan(200 * 1024)
    await expect(importDocument('bomb.pdf', bomb)).rejects.toThrow(
      /^bomb\.pdf is built to unpack to far more data than any book holds \(over 64 MB from one part of /,
    )
  })

  it('more pages than one import reads', async () => {
    const pages = Array.from({ length: 3_001 }, () => ({ texts: [] }))
    const huge = writePdf({ pages })
    await expect(importDocument('huge.pdf', huge)).rejects.toThrow(
      'huge.pdf has 3,001 pages; VoiceDesk imports at most 3,000 pages at a time. Choose a page range (for example 1-3000) and import the rest as another script.',
    )
  })
})
