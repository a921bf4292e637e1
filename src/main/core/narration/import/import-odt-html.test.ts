import { markdownOfMarked } from '../../../../shared/domain/marks-markdown'
import { describe, expect, it } from 'vitest'
import type { ScriptBlock } from '../../../../shared/domain/script'
import { zipOf } from '../../../testing/test-documents'
import { importDocument } from './import-document'

const rows = (blocks: readonly ScriptBlock[]): (string | boolean | null)[][] =>
  blocks.map((b) => [
    b.chapter ?? null,
    // Emphasis is a mark on plain text, shown here in the Markdown syntax of docs/marks.md.
    markdownOfMarked({ text: b.text, marks: b.marks ?? [] }),
    b.ssml,
  ])

const ODF = 'xmlns:office="o" xmlns:text="t" xmlns:style="s" xmlns:fo="f" xmlns:draw="d"'

/** An OpenDocument text as LibreOffice writes one: mimetype first and stored, then its parts. */
function odtOf(body: string, extra: { styles?: string; title?: string } = {}): Promise<Buffer> {
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content ${ODF}>
  <office:automatic-styles>
    <style:style style:name="T1" style:family="text"><style:text-properties fo:font-style="italic"/></style:style>
    <style:style style:name="T2" style:family="text" style:parent-style-name="Strong"/>
  </office:automatic-styles>
  <office:body><office:text>${body}</office:text></office:body>
</office:document-content>`
  const styles = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles ${ODF}><office:styles>
  <style:style style:name="Strong" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
  ${extra.styles ?? ''}
</office:styles></office:document-styles>`
  const files: [string, string][] = [
    ['mimetype', 'application/vnd.oasis.opendocument.text'],
    ['content.xml', content],
    ['styles.xml', styles],
  ]
  if (extra.title) {
    files.push([
      'meta.xml',
      `<office:document-meta xmlns:office="o" xmlns:dc="dc"><office:meta><dc:title>${extra.title}</dc:title></office:meta></office:document-meta>`,
    ])
  }
  return zipOf(files, { storeFirst: true })
}

describe('ODT import', () => {
  const body = `
    <text:p>Before any heading.</text:p>
    <text:h text:outline-level="1">Chapter <text:span text:style-name="T1">One</text:span></text:h>
    <text:p>It was a <text:span text:style-name="T1">dark</text:span> and <text:span text:style-name="T2">stormy</text:span> night<text:note text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Or so they said.</text:p></text:note-body></text:note>,<text:s text:c="2"/>at sea.</text:p>
    <text:p><draw:frame><draw:image/></draw:frame></text:p>
    <text:list><text:list-item><text:p>A rope</text:p></text:list-item><text:list-item><text:p>A lamp & oil</text:p></text:list-item></text:list>
    <text:h text:outline-level="2">Second</text:h>
    <text:p>Rain<text:line-break/>fell.</text:p>`

  it('turns headings into chapters, styled italic and bold into emphasis, leaves notes out', async () => {
    const { project, notices } = await importDocument(
      '/books/storm.odt',
      await odtOf(body, { title: 'The Storm' }),
    )
    expect(project.title).toBe('The Storm')
    expect(rows(project.blocks)).toEqual([
      [null, 'Before any heading.', false],
      ['Chapter One', 'It was a *dark* and **stormy** night, at sea.', false],
      ['Chapter One', 'A rope', false],
      ['Chapter One', 'A lamp & oil', false],
      ['Second', 'Rain\nfell.', false],
    ])
    expect(notices).toEqual([
      '1 picture was skipped: VoiceDesk narrates text only.',
      '1 note (a footnote or endnote) was left out. To hear it, import the file again with footnotes read aloud.',
    ])
  })

  it('reads a footnote after its paragraph when asked', async () => {
    const { project } = await importDocument('storm.odt', await odtOf(body), 'read')
    expect(project.title).toBe('storm')
    expect(rows(project.blocks).slice(1, 3)).toEqual([
      ['Chapter One', 'It was a *dark* and **stormy** night, at sea.', false],
      ['Chapter One', 'Or so they said.', false],
    ])
  })

  it('refuses a zip that is no OpenDocument text, naming the file', async () => {
    const other = await zipOf([['readme.txt', 'hello']])
    await expect(importDocument('notes.odt', other)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'notes.odt is a zip archive but not an OpenDocument text (it has no content.xml). Save the manuscript as .odt or .docx in your word processor and open that.',
      details: { unreadableFile: true },
    })
  })
})

describe('HTML and XHTML import', () => {
  const page = `<!doctype html><html><head><title>Night Harbour</title><style>p{}</style>
    <script>alert('never read')</script></head><body>
    <nav><a href="#c1">Contents</a></nav>
    <h1 id="c1">Arrival</h1>
    <p>The <em>ferry</em> came in<a href="#fn1" role="doc-noteref"><sup>1</sup></a> late.</p>
    <p>Ropes <strong>creaked</strong> & gulls cried.<img src="gull.png" alt="a gull"></p>
    <h2>Morning</h2><p>Quiet.</p>
    <section role="doc-endnotes"><ol><li id="fn1"><p>A Tuesday. <a href="#fnref1" role="doc-backlink">↩</a></p></li></ol></section>
  </body></html>`

  it('turns headings into chapters and emphasis into marks; no script, style or note read', async () => {
    const { project, notices } = await importDocument('harbour.html', Buffer.from(page))
    expect(project.title).toBe('Night Harbour')
    expect(rows(project.blocks)).toEqual([
      ['Arrival', 'The *ferry* came in late.', false],
      ['Arrival', 'Ropes **creaked** & gulls cried.', false],
      ['Morning', 'Quiet.', false],
    ])
    expect(notices).toEqual([
      '1 picture was skipped: VoiceDesk narrates text only.',
      '1 note (a footnote or endnote) was left out. To hear it, import the file again with footnotes read aloud.',
    ])
    const read = await importDocument('harbour.xhtml', Buffer.from(page), 'read')
    expect(rows(read.project.blocks).slice(0, 2)).toEqual([
      ['Arrival', 'The *ferry* came in late.', false],
      ['Arrival', 'A Tuesday.', false],
    ])
  })

  it('refuses a PDF or a picture named .html', async () => {
    await expect(importDocument('page.htm', Buffer.from('%PDF-1.4\n%\u00e2\n'))).rejects.toThrow(
      /^page\.htm is a PDF document under another name;/,
    )
  })
})
