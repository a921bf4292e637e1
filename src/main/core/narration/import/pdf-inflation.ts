import { constants, inflateSync } from 'node:zlib'
import { AppError } from '../../../../shared/errors'
import { formatBytes } from '../../../../shared/limits'

/** Most bytes one compressed stream a PDF import reads may inflate to (a page's drawing, a font). */
export const MAX_PDF_STREAM_BYTES = 64 * 1024 * 1024

/** Most bytes all compressed streams of a PDF may inflate to together (pictures not counted). */
export const MAX_PDF_INFLATED_BYTES = 256 * 1024 * 1024

const STREAM = Buffer.from('stream', 'latin1')
const END_STREAM = Buffer.from('endstream', 'latin1')
const OBJ = Buffer.from('obj', 'latin1')

/**
 * Refuses a PDF whose compressed streams inflate past {@link MAX_PDF_STREAM_BYTES} each or
 * {@link MAX_PDF_INFLATED_BYTES} together (a decompression bomb) before pdf.js inflates any.
 * Why here and not in pdf.js: pdf.js inflates a stream whole into memory and has no bound, so a
 * small file can claim gigabytes. Each Flate stream is inflated once with zlib's output bound,
 * which stops at the limit; pictures are skipped (text extraction never decodes them) and a
 * stream zlib cannot read (encrypted, damaged) is left to pdf.js to judge.
 */
export function checkPdfInflation(label: string, bytes: Uint8Array): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let left = MAX_PDF_INFLATED_BYTES
  let at = 0
  for (;;) {
    const keyword = buffer.indexOf(STREAM, at)
    if (keyword < 0) return
    at = keyword + STREAM.length
    if (keyword >= 3 && buffer.toString('latin1', keyword - 3, keyword) === 'end') continue
    let start = at
    if (buffer[start] === 0x0d) start++
    if (buffer[start] === 0x0a) start++
    const end = buffer.indexOf(END_STREAM, start)
    if (end < 0) return
    at = end + END_STREAM.length
    const header = buffer.toString('latin1', Math.max(0, buffer.lastIndexOf(OBJ, keyword)), keyword)
    if (!/\/FlateDecode/.test(header) || /\/Subtype\s*\/Image/.test(header)) continue
    const limit = Math.min(MAX_PDF_STREAM_BYTES, left)
    try {
      left -= inflateSync(buffer.subarray(start, end), {
        maxOutputLength: limit,
        finishFlush: constants.Z_SYNC_FLUSH,
      }).length
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ERR_BUFFER_TOO_LARGE') continue
      throw new AppError(
        'VALIDATION_FAILED',
        `${label} is built to unpack to far more data than any book holds (over ${formatBytes(limit)} from one part of ${formatBytes(bytes.byteLength)}), which is the mark of a damaged or hostile file; VoiceDesk did not read it. Export the PDF again from the program that made it, or open the text as Word (.docx) or plain text.`,
        { cause: error },
      )
    }
  }
}
