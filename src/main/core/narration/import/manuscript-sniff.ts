import { basename } from 'node:path'
import { AppError } from '../../../../shared/errors'

/**
 * What a file's bytes show it to be. Only `text` (and the zip and OLE containers a `.docx`,
 * `.doc` or `.epub` is made of) may be imported; everything else is described in words.
 */
export type SniffedContent =
  | { kind: 'text'; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' }
  | { kind: 'docx' | 'epub' | 'odt' | 'pdf' | 'zip' | 'old-word' }
  | { kind: 'other'; what: string; advice: string }

/** How much of a file's start the text sniff reads: enough to judge, cheap on main. */
const SAMPLE_BYTES = 64 * 1024

const ASK_FOR_TEXT =
  'Open a text (.txt), Markdown (.md), Word (.docx), EPUB, PDF, OpenDocument (.odt) or web page (.html) file, or a VoiceDesk project.'
const PICTURE = 'VoiceDesk narrates text, not pictures of it. ' + ASK_FOR_TEXT
const ARCHIVE = 'Unpack it and open the manuscript inside.'
const AUDIO = 'VoiceDesk makes audio from text; it does not read audio or video. ' + ASK_FOR_TEXT
const SAVE_AS_DOCX = 'Open it in the program that made it, save it as Word (.docx), and open that.'

function ascii(bytes: Uint8Array, at: number, length: number): string {
  let text = ''
  for (let i = at; i < Math.min(bytes.byteLength, at + length); i++) {
    text += String.fromCharCode(bytes[i]!)
  }
  return text
}

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return magic.every((b, i) => bytes[at + i] === b)
}

function other(what: string, advice: string): SniffedContent {
  return { kind: 'other', what, advice }
}

/** A zip archive by the names its entries carry (stored uncompressed in every zip). */
function zipKind(bytes: Uint8Array): SniffedContent {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const head = ascii(bytes, 30, 60)
  if (head.startsWith('mimetype') && head.includes('application/epub+zip')) return { kind: 'epub' }
  if (head.startsWith('mimetype') && head.includes('opendocument.text')) return { kind: 'odt' }
  if (buffer.includes('word/document.xml')) return { kind: 'docx' }
  if (buffer.includes('META-INF/container.xml')) return { kind: 'epub' }
  return { kind: 'zip' }
}

/** A container recognised by its first bytes (magic numbers), or null for none of them. */
function byMagic(bytes: Uint8Array): SniffedContent | null {
  const head4 = ascii(bytes, 0, 4)
  // A PDF may have a few bytes before its header (the format allows it within its first 1 KB).
  if (ascii(bytes, 0, 1024).includes('%PDF-')) return { kind: 'pdf' }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return zipKind(bytes)
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { kind: 'old-word' }
  if (ascii(bytes, 0, 5) === '{\\rtf') return other('a Rich Text (RTF) document', SAVE_AS_DOCX)
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return other('a picture (PNG image)', PICTURE)
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return other('a picture (JPEG image)', PICTURE)
  if (head4 === 'GIF8') return other('a picture (GIF image)', PICTURE)
  if (head4 === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return other('a picture (WebP image)', PICTURE)
  if (head4 === 'II*\u0000' || head4 === 'MM\u0000*')
    return other('a picture (TIFF image)', PICTURE)
  if (head4 === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return other('an audio file (WAV)', AUDIO)
  if (head4 === 'RIFF' && ascii(bytes, 8, 3) === 'AVI') return other('a video file (AVI)', AUDIO)
  if (head4 === 'OggS') return other('an audio file (Ogg)', AUDIO)
  if (head4 === 'fLaC') return other('an audio file (FLAC)', AUDIO)
  if (ascii(bytes, 0, 3) === 'ID3') return other('an audio file (MP3)', AUDIO)
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4)
    if (/^(heic|heix|mif1|avif)/.test(brand))
      return other('a picture (HEIC or AVIF image)', PICTURE)
    return /^M4[AB]/.test(brand)
      ? other('an audio file (M4A or M4B)', AUDIO)
      : other('a video file (MP4 or QuickTime)', AUDIO)
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]))
    return other('a video file (Matroska or WebM)', AUDIO)
  if (startsWith(bytes, [0x1f, 0x8b])) return other('a compressed archive (gzip)', ARCHIVE)
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]))
    return other('a compressed archive (7z)', ARCHIVE)
  if (ascii(bytes, 0, 4) === 'Rar!') return other('a compressed archive (RAR)', ARCHIVE)
  if (startsWith(bytes, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]))
    return other('a compressed archive (xz)', ARCHIVE)
  if (ascii(bytes, 257, 5) === 'ustar') return other('an archive (tar)', ARCHIVE)
  if (head4 === '\u007fELF' || (ascii(bytes, 0, 2) === 'MZ' && bytes.includes(0))) {
    return other('a program, not a document', ASK_FOR_TEXT)
  }
  return null
}

/** Length of the valid UTF-8 sequence starting at `i`, or 0 when the byte there starts none. */
function utf8SequenceLength(bytes: Uint8Array, i: number, end: number): number {
  const b = bytes[i]!
  const need =
    b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1
  if (need < 0) return 0
  // A sequence cut by the end of the sample counts as valid: the file goes on past it.
  for (let k = 1; k <= need; k++) {
    if (i + k >= end) return end - i
    const c = bytes[i + k]!
    if ((c & 0xc0) !== 0x80) return 0
  }
  return need + 1
}

const NOT_UTF8 = {
  what: 'not UTF-8 text (most likely binary data, or text saved in an older encoding)',
  advice:
    'If it is text, save it as UTF-8 (in most editors: Save As, Encoding: UTF-8) and open it again. ' +
    ASK_FOR_TEXT,
}

/**
 * The text sniff of a file with no known container: NUL bytes, control characters (a text has
 * tabs, line ends and form feeds, little else) and bytes that are not UTF-8. Why a ratio and not
 * any bad byte: a UTF-8 manuscript with one stray byte is still a manuscript.
 */
function byTextSniff(bytes: Uint8Array): SniffedContent {
  if (startsWith(bytes, [0xff, 0xfe])) return { kind: 'text', encoding: 'utf-16le' }
  if (startsWith(bytes, [0xfe, 0xff])) return { kind: 'text', encoding: 'utf-16be' }
  const binary = other('a binary file, not text', ASK_FOR_TEXT)
  // Why the whole file for NUL: text never holds one, and the search is a fast memory scan.
  if (bytes.includes(0)) return binary
  const end = Math.min(bytes.byteLength, SAMPLE_BYTES)
  let controls = 0
  let invalid = 0
  for (let i = 0; i < end;) {
    const b = bytes[i]!
    if (b < 0x80) {
      if (
        (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) ||
        b === 0x7f
      )
        controls++
      i++
      continue
    }
    const length = utf8SequenceLength(bytes, i, end)
    if (length === 0) {
      invalid++
      i++
    } else i += length
  }
  if (controls > end * 0.01) return binary
  if (invalid > end * 0.05) return other(NOT_UTF8.what, NOT_UTF8.advice)
  return { kind: 'text', encoding: 'utf-8' }
}

/** What a file's bytes are: a known container by its magic number, else text or binary by a sniff. */
export function sniffContent(bytes: Uint8Array): SniffedContent {
  return byMagic(bytes) ?? byTextSniff(bytes)
}

/**
 * The refusal for a file that is not a manuscript VoiceDesk reads (VALIDATION_FAILED, marked
 * unreadableFile): it names the file and what its content shows it to be, and says what to open.
 */
export function notAManuscriptError(fileName: string, what: string, advice: string): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `${basename(fileName)} is ${what}; VoiceDesk reads text, Markdown, Word (.docx), EPUB, PDF, OpenDocument (.odt) and web page (.html) files. ${advice}`,
    { details: { unreadableFile: true } },
  )
}

/**
 * The text of a script or project file, judged by its content and not its name: a PDF, a picture,
 * an archive, audio, video or other binary data is refused (see notAManuscriptError) before any
 * of it can be planned, priced or sent. UTF-16 with a byte-order mark is decoded.
 */
export function manuscriptText(fileName: string, bytes: Uint8Array): string {
  const content = sniffContent(bytes)
  switch (content.kind) {
    case 'text':
      return content.encoding === 'utf-8'
        ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
        : new TextDecoder(content.encoding).decode(bytes)
    case 'docx':
    case 'epub':
    case 'odt':
    case 'pdf': {
      const { ext, what } = CONTAINERS[content.kind]
      throw notAManuscriptError(
        fileName,
        `${what} under another name`,
        `Rename it to end in ${ext} and open it again.`,
      )
    }
    case 'zip':
      throw notAManuscriptError(fileName, 'a ZIP archive', ARCHIVE)
    case 'old-word':
      throw notAManuscriptError(
        fileName,
        'an older Office document (such as a Word 97-2003 .doc)',
        SAVE_AS_DOCX,
      )
    case 'other':
      throw notAManuscriptError(fileName, content.what, content.advice)
  }
}

/** The document containers a sniff recognises, with their extension and name in words. */
const CONTAINERS = {
  docx: { ext: '.docx', what: 'a Word document' },
  epub: { ext: '.epub', what: 'an EPUB book' },
  odt: { ext: '.odt', what: 'an OpenDocument text' },
  pdf: { ext: '.pdf', what: 'a PDF document' },
} as const

/**
 * Refuses a file named as a document of `kind` whose content is something else (a picture
 * renamed .docx, a Word file renamed .pdf, a PDF renamed .html): said in plain words instead of
 * "damaged". Zip-based kinds accept anything but a PDF here; their importers judge the rest.
 */
export function checkDocumentContent(
  fileName: string,
  bytes: Uint8Array,
  kind: 'docx' | 'epub' | 'pdf' | 'odt' | 'html',
): void {
  const content = sniffContent(bytes)
  if (content.kind === 'other') throw notAManuscriptError(fileName, content.what, content.advice)
  // A zip-based kind takes any other content to its importer, which names what is wrong inside.
  const fits =
    kind === 'pdf'
      ? content.kind === 'pdf'
      : kind === 'html'
        ? content.kind === 'text'
        : content.kind !== 'pdf'
  if (fits) return
  if (content.kind === 'text') {
    throw notAManuscriptError(
      fileName,
      'plain text, not the document its name says',
      'Rename it to end in .txt (or .md for Markdown) and open it again.',
    )
  }
  if (content.kind === 'zip' || content.kind === 'old-word') {
    throw notAManuscriptError(fileName, 'an archive, not the document its name says', ARCHIVE)
  }
  const { ext, what } = CONTAINERS[content.kind]
  throw notAManuscriptError(
    fileName,
    `${what} under another name`,
    `Rename it to end in ${ext} and open it again.`,
  )
}

/**
 * The same judgment for a script whose text the window already decoded (a dropped file): its
 * bytes are gone, but a container's magic number, NUL and control characters survive decoding,
 * and the bytes that were not UTF-8 show as U+FFFD.
 */
export function checkDecodedText(fileName: string, text: string): void {
  const sample = text.slice(0, SAMPLE_BYTES)
  let replaced = 0
  for (const char of sample) if (char === '\ufffd') replaced++
  manuscriptText(fileName, Buffer.from(text, 'utf8'))
  if (replaced > sample.length * 0.05) {
    throw notAManuscriptError(fileName, NOT_UTF8.what, NOT_UTF8.advice)
  }
}
