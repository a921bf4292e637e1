import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { markdownOfMarked } from '../../../../shared/domain/marks-markdown'
import { describe, expect, it } from 'vitest'
import type { ScriptBlock } from '../../../../shared/domain/script'
import { importDocument } from './import-document'
import { importScript } from './import-script'
import type { EpubChapter } from '../../../testing/test-documents'
import { docxOf, epubOf, lieAboutSize, renameEntry, zipOf } from '../../../testing/test-documents'

const rows = (blocks: readonly ScriptBlock[]): (string | boolean | null)[][] =>
  blocks.map((b) => [
    b.chapter ?? null,
    // Emphasis is a mark on plain text, shown here in the Markdown syntax of docs/marks.md.
    markdownOfMarked({ text: b.text, marks: b.marks ?? [] }),
    b.ssml,
  ])

describe('DOCX import', () => {
  const manuscript = (): Promise<Buffer> =>
    docxOf(
      [
        { style: 'Title', runs: ['The Lighthouse'] },
        { runs: ['Before any heading.'] },
        { style: 'Heading1', runs: ['Chapter One'] },
        {
          runs: [
            'It was a ',
            { text: 'dark', italic: true },
            ' and ',
            { text: 'stormy', bold: true },
            ' night',
            { footnote: 1 },
            ' at "Sea" & <shore>.',
          ],
        },
        { runs: [{ image: 'A lighthouse at dusk' }] },
        { runs: ['The keeper waited.'] },
        { style: 'Heading2', runs: ['A ', { text: 'Second', italic: true }, ' Part'] },
        { runs: ['Rain fell', { footnote: 2 }, '.'] },
        { runs: [{ image: 'A map' }] },
      ],
      { 1: 'Or so they said.', 2: 'All night.' },
    )

  it('turns headings into chapters, keeps emphasis as marks on plain text, skips pictures and leaves notes out', async () => {
    const { project, notices } = await importDocument('/books/lighthouse.docx', await manuscript())
    expect(project.title).toBe('The Lighthouse')
    expect(rows(project.blocks)).toEqual([
      [null, 'Before any heading.', false],
      ['Chapter One', 'It was a *dark* and **stormy** night at "Sea" & <shore>.', false],
      ['Chapter One', 'The keeper waited.', false],
      ['A Second Part', 'Rain fell.', false],
    ])
    expect(notices).toEqual([
      '2 pictures were skipped: VoiceDesk narrates text only.',
      '2 notes (footnotes and endnotes) were left out. To hear them, import the file again with footnotes read aloud.',
    ])
  })

  it('reads each footnote after the paragraph that cites it, when asked', async () => {
    const { project, notices } = await importDocument('lighthouse.docx', await manuscript(), 'read')
    expect(project.blocks.map((b) => b.text)).toEqual([
      'Before any heading.',
      expect.stringContaining('stormy night at'),
      'Or so they said.',
      'The keeper waited.',
      'Rain fell.',
      'All night.',
    ])
    expect(project.blocks[2]?.chapter).toBe('Chapter One')
    expect(notices).toEqual(['2 pictures were skipped: VoiceDesk narrates text only.'])
  })

  it('names the file and says what to do for an old .doc, a corrupt file and an empty one', async () => {
    const ole = Buffer.from('d0cf11e0a1b11ae1' + '00'.repeat(100), 'hex')
    await expect(importDocument('old.docx', ole)).rejects.toThrow(
      /old\.docx is an older Word document \(\.doc, Word 97-2003\).*save it as \.docx/,
    )
    await expect(importDocument('old.doc', ole)).rejects.toThrow(
      /^old\.doc is an older Word document \(\.doc, Word 97-2003\)/,
    )
    const renamed = await importDocument('renamed.doc', await docxOf([{ runs: ['Still Word.'] }]))
    expect(renamed.project.blocks.map((b) => b.text)).toEqual(['Still Word.'])
    const good = await manuscript()
    await expect(
      importDocument('cut.docx', good.subarray(0, good.length / 2)),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(
        /^cut\.docx is not a Word document \(\.docx\) VoiceDesk can read: it is damaged/,
      ),
    })
    await expect(importDocument('notes.docx', Buffer.from('just some text'))).rejects.toThrow(
      /notes\.docx is not a Word document/,
    )
    const pictures = await docxOf([{ runs: [{ image: 'only a picture' }] }])
    await expect(importDocument('album.docx', pictures)).rejects.toThrow(
      'album.docx has no text to narrate (only 1 picture, which VoiceDesk does not read). Open a document with some paragraphs.',
    )
    const onlyNotes = await docxOf([{ runs: [{ footnote: 1 }] }], { 1: 'All the text is here.' })
    await expect(importDocument('aside.docx', onlyNotes)).rejects.toThrow(
      'aside.docx has no text to narrate but 1 note, which was left out. To hear it, import the file again with footnotes read aloud.',
    )
    const read = await importDocument('aside.docx', onlyNotes, 'read')
    expect(read.project.blocks.map((b) => b.text)).toEqual(['All the text is here.'])
  })
})

const chapter = (href: string, body: string, extra: Partial<EpubChapter> = {}): EpubChapter => ({
  href,
  body,
  ...extra,
})

describe('EPUB import', () => {
  // The archive holds the files in an order unlike the spine's, so reading order can only come
  // from the spine.
  const chapters = [
    chapter('text/z-opening.xhtml', '<h1>Chapter 1</h1><p>First <i>words</i>.</p>'),
    chapter('text/b-cover.xhtml', '<p>Cover page.</p>', { linear: false }),
    chapter(
      'text/a-closing.xhtml',
      '<h1>Chapter 2</h1><p>Second part.</p><section id="later"><h2>Later</h2><p>After a while.</p></section><p><img src="x.png" alt="a map"/></p>',
    ),
  ]
  const spine = ['text/b-cover.xhtml', 'text/z-opening.xhtml', 'text/a-closing.xhtml']

  it('reads the spine in order and names chapters from an EPUB 3 nav', async () => {
    const book = await epubOf({
      chapters: [...chapters].reverse(),
      spine,
      title: 'Tides & Time',
      nav: [
        ['text/z-opening.xhtml', 'The Beginning'],
        ['text/a-closing.xhtml', 'The End', [['text/a-closing.xhtml#later', 'Much Later']]],
      ],
    })
    const { project, notices } = await importDocument('tides.epub', book)
    expect(project.title).toBe('Tides & Time')
    expect(rows(project.blocks)).toEqual([
      ['The Beginning', 'First *words*.', false],
      ['The End', 'Second part.', false],
      ['Much Later', 'After a while.', false],
    ])
    expect(notices).toEqual(['1 picture was skipped: VoiceDesk narrates text only.'])
  })

  it('names chapters from an EPUB 2 NCX', async () => {
    const book = await epubOf({
      chapters,
      spine,
      ncx: [
        ['text/z-opening.xhtml', 'Opening'],
        ['text/a-closing.xhtml', 'Closing'],
      ],
    })
    const { project } = await importDocument('old.epub', book)
    expect(rows(project.blocks).map(([chapter, text]) => [chapter, text])).toEqual([
      ['Opening', 'First *words*.'],
      ['Closing', 'Second part.'],
      ['Later', 'After a while.'],
    ])
  })

  it('uses the headings when there is no table of contents', async () => {
    const { project } = await importDocument('plain.epub', await epubOf({ chapters, spine }))
    expect(project.blocks.map((b) => b.chapter)).toEqual(['Chapter 1', 'Chapter 2', 'Later'])
  })

  it('leaves notes out or reads them after the citing paragraph, across files', async () => {
    const book = await epubOf({
      chapters: [
        chapter(
          'text/ch.xhtml',
          '<h1>One</h1><p>A claim<a epub:type="noteref" href="notes.xhtml#n1">1</a> and more.</p><p>Next.</p><aside epub:type="footnote" id="local"><p>An unreferenced aside.</p></aside>',
        ),
        chapter(
          'text/notes.xhtml',
          '<section epub:type="endnotes"><ol><li id="n1"><p><a epub:type="backlink" href="ch.xhtml">1.</a> The source.</p></li></ol></section>',
        ),
      ],
    })
    const left = await importDocument('notes.epub', book)
    expect(left.project.blocks.map((b) => b.text)).toEqual(['A claim and more.', 'Next.'])
    expect(left.notices).toEqual([
      '2 notes (footnotes and endnotes) were left out. To hear them, import the file again with footnotes read aloud.',
    ])
    const read = await importDocument('notes.epub', book, 'read')
    expect(read.project.blocks.map((b) => b.text)).toEqual([
      'A claim and more.',
      'The source.',
      'Next.',
      'An unreferenced aside.',
    ])
    expect(read.notices).toEqual([])
  })

  it('refuses a DRM-protected book and accepts one with only obfuscated fonts', async () => {
    const encrypted = (algorithm: string, uri: string): string =>
      `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="${algorithm}"/><enc:CipherData><enc:CipherReference URI="${uri}"/></enc:CipherData></enc:EncryptedData></encryption>`
    const drm = await epubOf({
      chapters,
      encryption: encrypted(
        'http://www.w3.org/2001/04/xmlenc#aes128-cbc',
        'OEBPS/text/z-opening.xhtml',
      ),
    })
    await expect(importDocument('bought.epub', drm)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'bought.epub is protected by DRM: its text is encrypted, so VoiceDesk cannot read it. Use a DRM-free copy of the book instead, such as the EPUB exported from your writing or publishing tool.',
      details: { unreadableFile: true },
    })
    const fonts = await epubOf({
      chapters,
      encryption: encrypted('http://www.idpf.org/2008/embedding', 'OEBPS/fonts/serif.otf'),
    })
    expect((await importDocument('fonts.epub', fonts)).project.blocks).toHaveLength(3)
  })

  it('refuses a corrupt file and a zip that is no book, naming the file', async () => {
    await expect(
      importDocument('broken.epub', Buffer.from('PK\u0003\u0004 not really')),
    ).rejects.toThrow(
      /^broken\.epub is not an EPUB book VoiceDesk can read: it is damaged or not a zip archive\. Open the original/,
    )
    const other = await zipOf([['readme.txt', 'hello']])
    await expect(importDocument('other.epub', other)).rejects.toThrow(
      'other.epub is a zip archive but not an EPUB book (it has no META-INF/container.xml). Save or export the book again as EPUB.',
    )
  })
})

describe('archive bounds', () => {
  it('refuses an entry whose declared size is over the limit before unpacking it', async () => {
    const big = Buffer.alloc(65 * 1024 * 1024, 0x20)
    const book = await epubOf({
      chapters: [chapter('text/a.xhtml', '<p>Hi.</p>')],
      extra: [['OEBPS/big.xml', big]],
    })
    // The spine never names big.xml; a DOCX's XML parts are all checked, so use one.
    const docx = await docxOf([{ runs: ['Hi.'] }], {}, [['word/big.xml', big]])
    await expect(importDocument('bomb.docx', docx)).rejects.toThrow(
      /^bomb\.docx unpacks to more than VoiceDesk reads from one document \(64 MB in one part, 256 MB in all\)/,
    )
    // The EPUB reads only its spine, so the unread giant part does not stop it.
    expect((await importDocument('fine.epub', book)).project.blocks).toHaveLength(1)
  })

  it('stops an entry that unpacks past the size it declares (a zip bomb)', async () => {
    const body = `<p>${'All work and no play. '.repeat(50_000)}</p>`
    const honest = await epubOf({ chapters: [chapter('text/a.xhtml', body)] })
    expect(deflateRawSync(body).length).toBeLessThan(body.length / 100)
    const lying = lieAboutSize(honest, 'OEBPS/text/a.xhtml', 1000)
    await expect(importDocument('bomb.epub', lying)).rejects.toThrow(
      /^bomb\.epub unpacks to more than VoiceDesk reads from one document .*claims one size and unpacks to another/,
    )
  })

  it('refuses an entry named outside the archive (path traversal)', async () => {
    const book = await epubOf({
      chapters: [chapter('text/a.xhtml', '<p>Hi.</p>')],
      extra: [['OEBPS/x/escape.css', 'p {}']],
    })
    const climbing = renameEntry(book, 'OEBPS/x/escape.css', '../../../evils.css')
    await expect(importDocument('escape.epub', climbing)).rejects.toThrow(
      /^escape\.epub names a file outside its own folders .*VoiceDesk does not open such archives/,
    )
  })

  it('refuses markup nested deeper than any book needs, and reads one nested a hundred deep', async () => {
    const nested = (depth: number): string =>
      `${'<div>'.repeat(depth)}<p>Deep.</p>${'</div>'.repeat(depth)}`
    const deep = await epubOf({ chapters: [chapter('a.xhtml', nested(100_000))] })
    await expect(importDocument('deep.epub', deep)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/^deep\.epub has markup nested more than 512 levels deep/),
      details: { unreadableFile: true },
    })
    const fine = await epubOf({ chapters: [chapter('a.xhtml', nested(100))] })
    expect((await importDocument('fine.epub', fine)).project.blocks.map((b) => b.text)).toEqual([
      'Deep.',
    ])
  })

  it('refuses a file on disk over the limit by its size, and a missing one as not found', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vd-doc-size-'))
    try {
      const path = join(dir, 'huge.docx')
      await writeFile(path, '')
      await truncate(path, 50 * 1024 * 1024 + 1)
      await expect(importScript(path)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^huge\.docx is too large to open\./),
        details: { limit: { maximum: 50 * 1024 * 1024 } },
      })
      await expect(importScript(join(dir, 'gone.epub'))).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: `The script file ${join(dir, 'gone.epub')} does not exist. Check the path.`,
      })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('refuses a file over the document size limit before reading it', async () => {
    await expect(
      importDocument('huge.epub', Buffer.alloc(50 * 1024 * 1024 + 1)),
    ).rejects.toMatchObject({
      message:
        'huge.epub is too large to open. A document can be at most 52,428,800 bytes; this one is 52,428,801 bytes. Save a copy without large pictures and open that.',
      details: { limit: { maximum: 50 * 1024 * 1024 } },
    })
  })
})
