import type { Entry, ZipFile } from 'yauzl'
import yauzl from 'yauzl'
import { AppError } from '../../../../shared/errors'
import { formatBytes, formatCount } from '../../../../shared/limits'

/** Bounds on what a document archive (DOCX, EPUB) may make VoiceDesk unpack. */
export interface ZipLimits {
  /** Most entries in the archive's directory. */
  maxEntries: number
  /** Most bytes one entry may unpack to. */
  maxEntryBytes: number
  /** Most bytes all entries read from one archive may unpack to together. */
  maxTotalBytes: number
}

/** The limits of a manuscript: a book's text parts are a few MB; images are never unpacked. */
export const DOCUMENT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
}

/**
 * A zip archive held in memory whose entries are unpacked only on request and only within
 * {@link ZipLimits}. Why this care: a document is a zip the user was sent, and a zip can claim
 * small sizes and inflate to gigabytes (a zip bomb) or name entries outside any folder
 * (`../../x`). yauzl refuses such names and stops an entry the moment it inflates past the size
 * its directory declared; the declared sizes are checked against the limits before any byte is
 * inflated.
 */
export class BoundedZip {
  readonly #zip: ZipFile
  readonly #entries: Map<string, Entry>
  readonly #limits: ZipLimits
  readonly #label: string
  #unpacked = 0

  private constructor(zip: ZipFile, entries: Map<string, Entry>, limits: ZipLimits, label: string) {
    this.#zip = zip
    this.#entries = entries
    this.#limits = limits
    this.#label = label
  }

  /**
   * Reads the archive's directory. `label` names the file in messages ("book.epub"); `kind` says
   * what it should have been ("an EPUB book"). Not a zip, a damaged directory, too many entries, an
   * unsafe or repeated name: VALIDATION_FAILED naming the file.
   */
  static async open(
    bytes: Uint8Array,
    label: string,
    kind: string,
    limits: ZipLimits = DOCUMENT_ZIP_LIMITS,
  ): Promise<BoundedZip> {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    let zip: ZipFile
    try {
      zip = await yauzl.fromBufferPromise(buffer, {
        lazyEntries: true,
        strictFileNames: true,
        validateEntrySizes: true,
      })
    } catch (error) {
      throw damaged(label, kind, error)
    }
    if (zip.entryCount > limits.maxEntries) {
      zip.close()
      throw new AppError(
        'VALIDATION_FAILED',
        `${label} holds ${formatCount(zip.entryCount)} files; VoiceDesk opens ${kind} with at most ${formatCount(limits.maxEntries)}. Check that this is the right file.`,
      )
    }
    const entries = new Map<string, Entry>()
    try {
      for await (const entry of zip.eachEntry()) {
        if (entries.has(entry.fileName)) {
          // Two entries with one name: which one another reader picks is not defined, so the
          // text VoiceDesk checked might not be the text it reads.
          throw new AppError(
            'VALIDATION_FAILED',
            `${label} is damaged: it holds two files named ${entry.fileName}. Save or export it again.`,
          )
        }
        if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry)
      }
    } catch (error) {
      zip.close()
      if (error instanceof AppError) throw error
      throw unsafeOrDamaged(label, kind, error)
    }
    return new BoundedZip(zip, entries, limits, label)
  }

  /** The names of the archive's files (no folders), in directory order. */
  names(): string[] {
    return [...this.#entries.keys()]
  }

  has(name: string): boolean {
    return this.#entries.has(name)
  }

  /** The size an entry declares it unpacks to, or null when there is no such entry. */
  declaredSize(name: string): number | null {
    return this.#entries.get(name)?.uncompressedSize ?? null
  }

  /** Unpacks one entry, refusing it (VALIDATION_FAILED) past the limits; NOT_FOUND when absent. */
  async read(name: string): Promise<Buffer> {
    const entry = this.#entries.get(name)
    if (entry === undefined) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${this.#label} is missing its part ${name}. Open the original in the program that made it and save or export it again.`,
      )
    }
    const size = entry.uncompressedSize
    if (size > this.#limits.maxEntryBytes || this.#unpacked + size > this.#limits.maxTotalBytes) {
      throw tooLarge(this.#label, this.#limits)
    }
    if (entry.isEncrypted()) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${this.#label} is password-protected, so VoiceDesk cannot read it. Save a copy without a password and open that.`,
      )
    }
    this.#unpacked += size
    const chunks: Buffer[] = []
    try {
      const stream = await this.#zip.openReadStreamPromise(entry)
      for await (const chunk of stream) chunks.push(chunk as Buffer)
    } catch (error) {
      // yauzl stops a stream that inflates past its declared size: a zip bomb or damage.
      const message = String((error as Error).message ?? error)
      if (/too many bytes|too few bytes|size/i.test(message))
        throw tooLarge(this.#label, this.#limits)
      throw new AppError(
        'VALIDATION_FAILED',
        `${this.#label} is damaged: ${name} cannot be unpacked. Open the original in the program that made it and save or export it again.`,
        {
          cause: error,
        },
      )
    }
    return Buffer.concat(chunks)
  }

  /** {@link read} as UTF-8 text (a byte order mark dropped). */
  async text(name: string): Promise<string> {
    return (await this.read(name)).toString('utf8').replace(/^\uFEFF/, '')
  }

  close(): void {
    this.#zip.close()
  }
}

function damaged(label: string, kind: string, cause: unknown): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `${label} is not ${kind} VoiceDesk can read: it is damaged or not a zip archive. Open the original in the program that made it and save or export it again.`,
    { cause },
  )
}

function unsafeOrDamaged(label: string, kind: string, cause: unknown): AppError {
  const message = String((cause as Error).message ?? cause)
  if (/invalid relative path|absolute path|invalid characters/i.test(message)) {
    return new AppError(
      'VALIDATION_FAILED',
      `${label} names a file outside its own folders (${message.replace(/^.*?: /, '')}); VoiceDesk does not open such archives. Save or export the document again from the program that made it.`,
      { cause },
    )
  }
  return damaged(label, kind, cause)
}

function tooLarge(label: string, limits: ZipLimits): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `${label} unpacks to more than VoiceDesk reads from one document (${formatBytes(limits.maxEntryBytes)} in one part, ${formatBytes(limits.maxTotalBytes)} in all), or it claims one size and unpacks to another. Check that this is the right file; VoiceDesk did not read it.`,
  )
}
