import { DomUtils } from 'htmlparser2'
import mammoth from 'mammoth'
import type { ScriptBlockInput } from '../../../../shared/domain/script'
import { AppError } from '../../../../shared/errors'
import type { FootnoteMode, NoteMarks, SkippedContent } from './html-blocks'
import { blocksOfHtml, parseMarkup } from './html-blocks'
import { BoundedZip } from './zip-entries'

/** The first bytes of a Word 97-2003 `.doc` (an OLE compound file), which mammoth cannot read. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0]

/** How mammoth marks notes: `<li id="footnote-1">`, cited by `<a id="footnote-ref-1">`. */
const DOCX_NOTES: NoteMarks = {
  isNote: (e) => e.name === 'li' && /^(?:footnote|endnote)-\d+$/.test(e.attribs.id ?? ''),
  isNoteRef: (e) => e.name === 'a' && /^(?:footnote|endnote)-ref-\d+$/.test(e.attribs.id ?? ''),
  isBackLink: (e) => e.name === 'a' && /^#(?:footnote|endnote)-ref-\d+$/.test(e.attribs.href ?? ''),
}

/**
 * The blocks of a Word document (.docx), read with mammoth: headings (Heading 1 to 6) start
 * chapters, the Title paragraph names the script, italic and bold become emphasis marks, footnotes and endnotes are left out
 * or read (`footnotes`), images are skipped and counted. Comments and tracked deletions are never
 * read (mammoth leaves them out). Every part mammoth reads is first unpacked here within the
 * archive limits, so a zip bomb is refused before mammoth inflates anything.
 */
export async function importDocx(
  label: string,
  bytes: Uint8Array,
  footnotes: FootnoteMode,
): Promise<{ blocks: ScriptBlockInput[]; skipped: SkippedContent; title: string }> {
  if (OLE_MAGIC.every((b, i) => bytes[i] === b)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${label} is an older Word document (.doc, Word 97-2003). Open it in Word or LibreOffice, save it as .docx and open that.`,
    )
  }
  const zip = await BoundedZip.open(bytes, label, 'a Word document (.docx)')
  try {
    if (!zip.has('word/document.xml') && !zip.has('[Content_Types].xml')) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${label} is a zip archive but not a Word document (.docx). Save the manuscript as .docx in your word processor and open that.`,
      )
    }
    // mammoth reads the XML parts (document, styles, numbering, notes, relationships); images are
    // never unpacked. Reading each XML part once here bounds what mammoth will inflate.
    for (const name of zip.names()) {
      if (/\.(?:xml|rels)$/i.test(name)) await zip.read(name)
    }
  } finally {
    zip.close()
  }
  let html: string
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        // An image becomes an empty <img>, counted and skipped: its bytes are never read.
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
        ignoreEmptyParagraphs: true,
        // The Title paragraph names the script; it is not a chapter and is not spoken.
        styleMap: ["p[style-name='Title'] => p.voicedesk-title:fresh"],
      },
    )
    html = result.value
  } catch (error) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${label} could not be read as a Word document (.docx): it is damaged or incomplete. Open it in your word processor and save it again.`,
      { cause: error },
    )
  }
  const nodes = parseMarkup(html, false, label)
  const titles = DomUtils.findAll((e) => e.attribs.class === 'voicedesk-title', nodes)
  const title = titles
    .map((e) => DomUtils.textContent(e).replace(/\s+/g, ' ').trim())
    .find((t) => t !== '')
  for (const element of titles) DomUtils.removeElement(element)
  return {
    ...blocksOfHtml([{ name: '', nodes }], DOCX_NOTES, footnotes),
    title: title ?? '',
  }
}
