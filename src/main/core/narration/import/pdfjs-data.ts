import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, sep } from 'node:path'

/** The folders, each ending in a separator as pdf.js asks, of the data pdf.js ships. */
export interface PdfjsDataFolders {
  /** The predefined Adobe character maps (CMaps), binary packed (`*.bcmap`). */
  cMaps: string
}

let folders: PdfjsDataFolders | null = null

/**
 * Where pdfjs-dist's `cmaps/` folder is: inside the installed package, found the way its modules
 * are found, so the same code serves the CLI and tests (node_modules), the development app and
 * the packaged one (the package inside the app archive, which electron-builder packs whole as a
 * production dependency).
 */
export function pdfjsDataFolders(): PdfjsDataFolders {
  if (folders === null) {
    const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
    folders = { cMaps: join(root, 'cmaps') + sep }
  }
  return folders
}

/**
 * pdf.js's reader of its data files (its `BinaryDataFactory` option), given the folder of
 * pdfjsDataFolders as `cMapUrl`. Reads with Node's file system wherever it runs.
 */
export class PdfjsDataFactory {
  private readonly cMaps: string | null

  constructor(options: { cMapUrl?: string | null }) {
    this.cMaps = options.cMapUrl ?? null
  }

  /** The bytes of one data file, asked for by pdf.js by kind and file name. */
  async fetch(request: { kind: string; filename: string }): Promise<Uint8Array> {
    // Why: the name comes from a font in the PDF (a CMap's name); pdf.js checks it against its
    // list, and this reader too reads nothing but a plain file name inside its own folder.
    const plain = /^[\w+-][\w.+-]*$/.test(request.filename)
    if (request.kind !== 'cMapUrl' || this.cMaps === null || !plain) {
      throw new Error(`pdf.js data not available here: ${request.kind} ${request.filename}`)
    }
    return new Uint8Array(await readFile(this.cMaps + request.filename))
  }
}
