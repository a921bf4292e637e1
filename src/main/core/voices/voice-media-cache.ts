import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { writeFileAtomic } from '../files/atomic-write'
import type { Logger } from '../log/logger'

/** Default bound of the cache on disk. */
export const DEFAULT_MEDIA_CACHE_BYTES = 200 * 1024 * 1024
/** Largest single item kept (an avatar or a preview larger than this is refused). */
export const MAX_MEDIA_ITEM_BYTES = 16 * 1024 * 1024

/** Fetched media: its bytes and the content type the server gave, if any. */
export interface CachedMedia {
  bytes: Uint8Array
  contentType: string | null
}

/**
 * Downloads `url` to `targetPath` (atomically), stopping past `maxBytes` with nothing left behind;
 * returns the content type the server gave.
 */
export type MediaDownloader = (
  url: string,
  targetPath: string,
  signal: AbortSignal | undefined,
  maxBytes: number,
) => Promise<{ contentType: string | null }>

const entrySchema = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
  contentType: z.string().nullable(),
  usedAt: z.number(),
})
const indexSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), entrySchema) })
type IndexEntry = z.infer<typeof entrySchema>

/**
 * Voice avatars and previews on disk under `<userData>/cache/voice-media/`: blobs named by the
 * SHA-256 of their content (two URLs with the same bytes share one file), an index from URL to
 * blob, least-recently-used eviction past `maxBytes`. The page never fetches media itself.
 */
export class VoiceMediaCache {
  readonly #dir: string
  readonly #maxBytes: number
  readonly #download: MediaDownloader
  readonly #logger: Logger
  #index: Map<string, IndexEntry> | null = null
  readonly #inFlight = new Map<string, Promise<CachedMedia>>()
  #saveTimer: NodeJS.Timeout | null = null
  #saving: Promise<void> = Promise.resolve()

  constructor(options: {
    dir: string
    download: MediaDownloader
    logger: Logger
    maxBytes?: number
  }) {
    this.#dir = options.dir
    this.#download = options.download
    this.#logger = options.logger
    this.#maxBytes = options.maxBytes ?? DEFAULT_MEDIA_CACHE_BYTES
  }

  /** The bytes behind `url`, from disk when cached, otherwise downloaded once and kept. */
  get(url: string, signal?: AbortSignal): Promise<CachedMedia> {
    const running = this.#inFlight.get(url)
    if (running !== undefined) return running
    const work = this.#get(url, signal).finally(() => this.#inFlight.delete(url))
    this.#inFlight.set(url, work)
    return work
  }

  /** Writes the index now (app quit, tests). */
  async flush(): Promise<void> {
    if (this.#saveTimer !== null) {
      clearTimeout(this.#saveTimer)
      this.#saveTimer = null
      this.#queueSave()
    }
    await this.#saving
  }

  async #get(url: string, signal: AbortSignal | undefined): Promise<CachedMedia> {
    const index = await this.#loadIndex()
    const hit = index.get(url)
    if (hit !== undefined) {
      try {
        const bytes = await readFile(this.#blobPath(hit.sha256))
        hit.usedAt = Date.now()
        this.#scheduleSave()
        return { bytes: new Uint8Array(bytes), contentType: hit.contentType }
      } catch {
        // The blob went missing (cleaned by hand, evicted by another URL's entry): fetch again.
        index.delete(url)
      }
    }
    await mkdir(join(this.#dir, 'tmp'), { recursive: true })
    await mkdir(join(this.#dir, 'blobs'), { recursive: true })
    const tempPath = join(this.#dir, 'tmp', randomUUID())
    try {
      // Why bounded while it arrives: an endless body would otherwise fill the disk before any
      // size check could run.
      const { contentType } = await this.#download(url, tempPath, signal, MAX_MEDIA_ITEM_BYTES)
      const size = (await stat(tempPath)).size
      if (size > MAX_MEDIA_ITEM_BYTES) {
        throw new AppError(
          'UPSTREAM',
          `The service sent a media file of ${Math.round(size / 1024 / 1024)} MB, larger than VoiceDesk accepts.`,
        )
      }
      const bytes = await readFile(tempPath)
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      await rename(tempPath, this.#blobPath(sha256))
      index.set(url, { sha256, size, contentType, usedAt: Date.now() })
      await this.#evict(index)
      this.#scheduleSave()
      return { bytes: new Uint8Array(bytes), contentType }
    } finally {
      await rm(tempPath, { force: true }).catch(() => undefined)
    }
  }

  #blobPath(sha256: string): string {
    return join(this.#dir, 'blobs', sha256)
  }

  async #loadIndex(): Promise<Map<string, IndexEntry>> {
    if (this.#index !== null) return this.#index
    const map = new Map<string, IndexEntry>()
    try {
      const parsed = indexSchema.safeParse(
        JSON.parse(await readFile(join(this.#dir, 'index.json'), 'utf8')) as unknown,
      )
      if (parsed.success)
        for (const [url, entry] of Object.entries(parsed.data.entries)) map.set(url, entry)
      else this.#logger.warn('media cache index unreadable; starting empty')
    } catch {
      // Missing or not JSON: a cache may always start empty (blobs are re-fetched as needed).
    }
    this.#index ??= map
    return this.#index
  }

  /** Drops least recently used entries until the cache is under 80% of its bound. */
  async #evict(index: Map<string, IndexEntry>): Promise<void> {
    const sizes = new Map<string, number>()
    for (const entry of index.values()) sizes.set(entry.sha256, entry.size)
    let total = 0
    for (const size of sizes.values()) total += size
    if (total <= this.#maxBytes) return
    const target = this.#maxBytes * 0.8
    const byAge = [...index.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt)
    for (const [url, entry] of byAge) {
      if (total <= target) break
      index.delete(url)
      const stillUsed = [...index.values()].some((e) => e.sha256 === entry.sha256)
      if (!stillUsed && sizes.has(entry.sha256)) {
        sizes.delete(entry.sha256)
        total -= entry.size
        await rm(this.#blobPath(entry.sha256), { force: true })
      }
    }
  }

  #scheduleSave(): void {
    // Why debounce: a list scrolled past shows dozens of avatars; one index write covers them.
    if (this.#saveTimer !== null) return
    this.#saveTimer = setTimeout(() => {
      this.#saveTimer = null
      this.#queueSave()
    }, 1000)
    this.#saveTimer.unref?.()
  }

  #queueSave(): void {
    const index = this.#index
    if (index === null) return
    const text = JSON.stringify({ version: 1, entries: Object.fromEntries(index) })
    this.#saving = this.#saving
      .then(() => writeFileAtomic(join(this.#dir, 'index.json'), text))
      .catch((error: unknown) =>
        this.#logger.warn('media cache index not saved', { error: String(error) }),
      )
  }
}
