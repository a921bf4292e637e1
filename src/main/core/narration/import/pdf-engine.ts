import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { PdfjsDataFactory, pdfjsDataFolders } from './pdfjs-data'

type PdfJs = typeof PdfJsModule

let loaded: Promise<PdfJs> | null = null

/**
 * pdf.js (its legacy build, the one made for Node), loaded once per thread. Why its worker
 * module is loaded here and handed over as `globalThis.pdfjsWorker`: pdf.js then parses in this
 * very thread (the planning thread) instead of looking for a worker file beside the bundle,
 * which the app's bundle does not have and which would be a second thread for no gain.
 */
function pdfjs(): Promise<PdfJs> {
  loaded ??= (async () => {
    // Why put push back: the legacy build's polyfills replace Array.prototype.push with a
    // script version on engines older than V8 12.2 (Node 20, so the CLI and the benches) over an
    // error-type detail nothing here relies on. pdf.js's lexer pushes each character it reads, and
    // the thread's planning work pushes too: it made a PDF's text read about a quarter slower.
    const push = Array.prototype.push
    const worker: unknown = await import('pdfjs-dist/legacy/build/pdf.worker.mjs')
    ;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker
    const library = await import('pdfjs-dist/legacy/build/pdf.mjs')
    Array.prototype.push = push
    return library
  })()
  return loaded
}

/**
 * Opens a PDF held in memory with pdf.js. No script in the file is run (`isEvalSupported`
 * false), no font is installed and nothing is fetched from the network: only the text is wanted.
 * The character maps pdf.js ships are read from its own folder (see pdfjs-data.ts): a font whose
 * codes go through a predefined CMap (most Chinese, Japanese and Korean books) has no text
 * without them. Rejects with pdf.js's own errors (PasswordException, InvalidPDFException), which
 * the caller words.
 */
export async function openPdf(bytes: Uint8Array, password?: string): Promise<PDFDocumentProxy> {
  const { getDocument, VerbosityLevel } = await pdfjs()
  const folders = pdfjsDataFolders()
  const task = getDocument({
    // A copy: pdf.js may take over the buffer it is given.
    data: new Uint8Array(bytes),
    ...(password !== undefined ? { password } : {}),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    stopAtErrors: false,
    verbosity: VerbosityLevel.ERRORS,
    cMapUrl: folders.cMaps,
    cMapPacked: true,
    // No standardFontDataUrl: pdf.js reads those fonts only to draw their glyphs. A font it
    // stands in for keeps the codes-to-text map and widths it has without them, so the text is
    // the same, and reading them cost about 6 ms a document.
    // Why our own reader: pdf.js picks a fetch-based or a file-based one by guessing whether it
    // runs in a page (under Electron, from process.type); this one reads the maps' folder with
    // Node's file system wherever the planning thread runs, and nothing outside it.
    useWorkerFetch: false,
    BinaryDataFactory: PdfjsDataFactory,
  })
  return task.promise
}
