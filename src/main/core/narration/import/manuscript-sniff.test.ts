import { describe, expect, it } from 'vitest'
import { zipOf } from '../../../testing/test-documents'
import { onePagePdf, onePixelPng, randomBytes } from '../../../testing/not-manuscripts'
import { manuscriptText, sniffContent } from './manuscript-sniff'

/** Bytes from a list of numbers and ASCII strings. */
function bytes(...parts: Array<number[] | string>): Uint8Array {
  return Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  )
}

/** What manuscriptText says a file is, or 'text' when it reads it. */
function judged(content: Uint8Array): string {
  try {
    manuscriptText('f', content)
    return 'text'
  } catch (error) {
    return /^f is (.*?);/.exec((error as Error).message)?.[1] ?? String(error)
  }
}

describe('what a file holds, by its content', () => {
  it('names containers by their magic numbers', async () => {
    const cases: Array<[Uint8Array, string]> = [
      [onePagePdf(), 'a PDF document under another name'],
      [onePixelPng(), 'a picture (PNG image)'],
      [bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'a picture (JPEG image)'],
      [bytes('GIF89a', [1, 0, 1, 0]), 'a picture (GIF image)'],
      [bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'a picture (WebP image)'],
      [bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'an audio file (WAV)'],
      [bytes('OggS', [0, 2]), 'an audio file (Ogg)'],
      [bytes('ID3', [4, 0, 0]), 'an audio file (MP3)'],
      [bytes([0, 0, 0, 0x20], 'ftypM4B '), 'an audio file (M4A or M4B)'],
      [bytes([0, 0, 0, 0x20], 'ftypisom'), 'a video file (MP4 or QuickTime)'],
      [bytes([0x1a, 0x45, 0xdf, 0xa3]), 'a video file (Matroska or WebM)'],
      [bytes([0x1f, 0x8b, 8, 0]), 'a compressed archive (gzip)'],
      [bytes('{\\rtf1\\ansi Hello}'), 'a Rich Text (RTF) document'],
      [bytes([0x7f], 'ELF', [2, 1, 1, 0]), 'a program, not a document'],
      [await zipOf([['a.txt', 'x']]), 'a ZIP archive'],
      [await zipOf([['word/document.xml', '<w:document/>']]), 'a Word document under another name'],
      [
        await zipOf([['mimetype', 'application/vnd.oasis.opendocument.text']], {
          storeFirst: true,
        }),
        'an OpenDocument text under another name',
      ],
      [
        bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        'an older Office document (such as a Word 97-2003 .doc)',
      ],
    ]
    for (const [content, what] of cases) expect(judged(content)).toBe(what)
    expect(
      sniffContent(await zipOf([['mimetype', 'application/epub+zip']], { storeFirst: true })),
    ).toEqual({ kind: 'epub' })
  })

  it('tells text from binary data by NUL bytes, control characters and invalid UTF-8', () => {
    expect(judged(randomBytes(4096))).toBe('a binary file, not text')
    expect(judged(bytes('Title\n', [1, 2, 3, 4, 5, 6], '\nbody'))).toBe('a binary file, not text')
    expect(judged(Buffer.from('déjà vu à Noël. '.repeat(50), 'latin1'))).toMatch(/^not UTF-8 text/)
    // One stray byte in a long UTF-8 manuscript is still a manuscript.
    expect(judged(bytes('Once upon a time. '.repeat(20), [0xe9], ' The end.'))).toBe('text')
    expect(judged(Buffer.from('Tabs\tand form feeds\f and “quotes” — fine.\r\n'))).toBe('text')
    // A multi-byte character cut by the end of the sampled part is not counted as invalid.
    const long = Buffer.from(`${'a'.repeat(64 * 1024 - 1)}é and more`)
    expect(judged(long)).toBe('text')
    expect(
      manuscriptText(
        'f',
        Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Hi', 'utf16le').swap16()]),
      ),
    ).toBe('Hi')
  })
})
