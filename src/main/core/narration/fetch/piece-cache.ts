import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { SpeechMarks } from '../../../../shared/domain/speech'
import { AppError } from '../../../../shared/errors'
import { toDiskError } from '../../files/atomic-write'
import { flushToDisk, removeLeftoverPartials, replaceFile } from './cache-files'
import type { StoredPieceLoudness } from '../pcm/loudness-cells'
import type { EngineFormat } from '../plan/render-plan'

/** What is stored beside a cached piece's audio. */
export interface CachedPieceMeta {
  hash: string
  format: EngineFormat
  /** Bytes of the audio file. */
  bytes: number
  speechMarks: SpeechMarks
  billableCharacters: number
  requestId: string | null
  /**
   * SHA-256 (hex) of the audio file, written by `put`. Entries are written without fsync, so a
   * power loss can leave a file of the right length holding zeros: readers compare this digest
   * before using the audio. Entries of older versions (written with fsync) have none.
   */
  audioSha256?: string
  loudness?: StoredPieceLoudness
}

/** A piece found in the cache. */
export interface CachedPiece {
  meta: CachedPieceMeta
  audioPath: string
}

/** The on-disk cache of synthesized pieces, content-addressed, with LRU eviction. */
export interface PieceCache {
  has(hash: string): boolean
  /** Bytes of a cached piece's audio, from the index (no read); undefined when it is not cached. */
  bytesOf(hash: string): number | undefined
  /** Reads a piece's metadata (and marks it used); null when it is not cached. */
  get(hash: string): Promise<CachedPiece | null>
  /** Stores a piece: audio first, then its metadata (the metadata is the commit marker). */
  put(meta: CachedPieceMeta, audio: Uint8Array): Promise<void>
  /**
   * Reads a piece's audio and checks it against its metadata (length and SHA-256). A torn or
   * damaged entry is dropped and null is returned: it must be requested again, never used.
   */
  readAudio(hash: string): Promise<Uint8Array | null>
  /** Adds loudness statistics to a cached piece's metadata (no-op when it is gone). */
  annotate(hash: string, loudness: StoredPieceLoudness): Promise<void>
  /** Removes a piece (a damaged entry). */
  drop(hash: string): Promise<void>
  /** Reads a small JSON record kept beside the pieces (e.g. an output's layout); null if none. */
  readRecord(key: string): Promise<unknown>
  /** Stores a small JSON record (replaced by rename, no fsync: it is only a hint). */
  writeRecord(key: string, value: unknown): Promise<void>
  /** Pieces that must not be evicted (the current render's plan). */
  pin(hashes: Iterable<string>): void
  unpin(hashes: Iterable<string>): void
  /** Total bytes of cached audio. */
  readonly totalBytes: number
  /** The cache's folder (its free space is checked before a render). */
  readonly dir: string
  /** Writes the LRU index; call when a render ends. */
  flush(): Promise<void>
}

const markSchema = z.object({
  type: z.string(),
  start: z.number(),
  end: z.number(),
  startMs: z.number(),
  endMs: z.number(),
  value: z.string(),
})
const metaSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  format: z.enum(['pcm', 'aac']),
  bytes: z.number().int().nonnegative(),
  speechMarks: z.object({ sentence: markSchema.nullable(), words: z.array(markSchema) }),
  billableCharacters: z.number().int().nonnegative(),
  requestId: z.string().nullable(),
  audioSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  loudness: z
    .object({
      cells: z.string(),
      samples: z.number().int().nonnegative(),
      peak: z.number().min(0),
      energy: z.number().min(0).optional(),
    })
    .optional(),
})
const indexSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.object({ bytes: z.number(), lastUsed: z.number() })),
})

/** Default size limit of the piece cache: 2 GB of audio. */
export const DEFAULT_CACHE_BYTES = 2 * 1024 ** 3

const HASH_FILE = /^([0-9a-f]{64})\.json$/
const OWN_FILE = /^(?:[0-9a-f]{64}\.(?:json|pcm|aac)|index\.json)$/
const RECORD_KEY = /^[0-9a-f]{64}$/

/** Temporary files younger than this may belong to another process sharing the cache. */
const LEFTOVER_AGE_MS = 60 * 60 * 1000

/** SHA-256 (hex) of a piece's audio, as stored in its metadata. */
export function audioDigest(audio: Uint8Array): string {
  return createHash('sha256').update(audio).digest('hex')
}

/**
 * Opens (creating if needed) the piece cache in `dir`. The LRU index is rebuilt from the files
 * when it is missing or stale, so a crash between writing a piece and its index loses nothing.
 */
export async function openPieceCache(
  dir: string,
  options: { maxBytes?: number; now?: () => number } = {},
): Promise<PieceCache> {
  const indexPath = join(dir, 'index.json')
  try {
    await mkdir(dir, { recursive: true })
  } catch (error) {
    throw toDiskError(error, indexPath)
  }
  const entries = await loadIndex(dir, indexPath)
  return new DiskPieceCache(
    dir,
    entries,
    options.maxBytes ?? DEFAULT_CACHE_BYTES,
    options.now ?? Date.now,
  )
}

type IndexEntry = { bytes: number; lastUsed: number }

/**
 * The LRU index as the files on disk have it: entries whose files are gone are left out, and
 * pieces the index does not know are added (last used when their metadata was written).
 */
async function loadIndex(dir: string, indexPath: string): Promise<Map<string, IndexEntry>> {
  const entries = new Map<string, IndexEntry>()
  try {
    const parsed = indexSchema.safeParse(JSON.parse(await readFile(indexPath, 'utf8')))
    if (parsed.success) for (const [k, v] of Object.entries(parsed.data.entries)) entries.set(k, v)
  } catch {
    // A missing or corrupt index is rebuilt from the files below: it is only a recency record.
  }
  // A killed writer leaves `.HASH.pcm.<hex>.partial` files: never read, removed once old enough.
  await removeLeftoverPartials(dir, (name) => OWN_FILE.test(name), LEFTOVER_AGE_MS)
  const onDisk = new Set<string>()
  for (const name of await readdir(dir)) {
    const match = HASH_FILE.exec(name)
    if (match?.[1]) onDisk.add(match[1])
  }
  for (const hash of [...entries.keys()]) if (!onDisk.has(hash)) entries.delete(hash)
  for (const hash of onDisk) {
    if (entries.has(hash)) continue
    try {
      const info = await stat(join(dir, `${hash}.json`))
      const meta = metaSchema.parse(JSON.parse(await readFile(join(dir, `${hash}.json`), 'utf8')))
      entries.set(hash, { bytes: meta.bytes, lastUsed: info.mtimeMs })
    } catch {
      await removeFiles(dir, hash)
    }
  }
  return entries
}

class DiskPieceCache implements PieceCache {
  // One background flush at a time, in the order pieces were stored (see flushToDisk).
  private flushing: Promise<void> = Promise.resolve()
  private readonly pinned = new Map<string, number>()
  private total: number
  private writing: Promise<void> = Promise.resolve()
  private dirty = false
  private readonly indexPath: string
  private readonly recordsDir: string

  constructor(
    readonly dir: string,
    private readonly entries: Map<string, IndexEntry>,
    private readonly maxBytes: number,
    private readonly now: () => number,
  ) {
    this.total = [...entries.values()].reduce((n, e) => n + e.bytes, 0)
    this.indexPath = join(dir, 'index.json')
    this.recordsDir = join(dir, 'renders')
  }

  get totalBytes(): number {
    return this.total
  }

  has(hash: string): boolean {
    return this.entries.has(hash)
  }

  bytesOf(hash: string): number | undefined {
    return this.entries.get(hash)?.bytes
  }

  async get(hash: string): Promise<CachedPiece | null> {
    const entry = this.entries.get(hash)
    if (!entry) return null
    try {
      const meta = await this.readMeta(hash)
      const audioPath = join(this.dir, `${hash}.${meta.format}`)
      const info = await stat(audioPath)
      if (info.size !== meta.bytes) throw new Error('audio size does not match its metadata')
      entry.lastUsed = this.now()
      this.dirty = true
      return { meta, audioPath }
    } catch {
      // Why drop instead of fail: a damaged entry only costs one request to replace.
      await this.drop(hash)
      return null
    }
  }

  async readAudio(hash: string): Promise<Uint8Array | null> {
    if (!this.entries.has(hash)) return null
    try {
      const meta = await this.readMeta(hash)
      const audio = await readFile(join(this.dir, `${hash}.${meta.format}`))
      if (audio.byteLength !== meta.bytes) throw new Error('short audio')
      if (meta.audioSha256 !== undefined && audioDigest(audio) !== meta.audioSha256) {
        throw new Error('audio does not match its digest')
      }
      return audio
    } catch {
      await this.drop(hash)
      return null
    }
  }

  async annotate(hash: string, loudness: StoredPieceLoudness): Promise<void> {
    if (!this.entries.has(hash)) return
    try {
      const meta = await this.readMeta(hash)
      await replaceFile(join(this.dir, `${hash}.json`), JSON.stringify({ ...meta, loudness }))
    } catch {
      // Only a saving of work: the statistics are computed again next time.
    }
  }

  async drop(hash: string): Promise<void> {
    const entry = this.entries.get(hash)
    if (entry) {
      this.entries.delete(hash)
      this.total -= entry.bytes
      this.dirty = true
    }
    await removeFiles(this.dir, hash)
  }

  async readRecord(key: string): Promise<unknown> {
    if (!RECORD_KEY.test(key)) return null
    try {
      return JSON.parse(await readFile(join(this.recordsDir, `${key}.json`), 'utf8')) as unknown
    } catch {
      return null
    }
  }

  async writeRecord(key: string, value: unknown): Promise<void> {
    if (!RECORD_KEY.test(key)) throw new AppError('INTERNAL', 'Internal error: bad record key.')
    await mkdir(this.recordsDir, { recursive: true })
    await replaceFile(join(this.recordsDir, `${key}.json`), JSON.stringify(value))
  }

  async put(meta: CachedPieceMeta, audio: Uint8Array): Promise<void> {
    if (meta.bytes !== audio.byteLength) {
      throw new AppError('INTERNAL', 'Internal error: piece size does not match its audio.')
    }
    // Audio first, metadata (with the digest) last: the metadata is the commit marker.
    const stored: CachedPieceMeta = {
      ...meta,
      audioSha256: meta.audioSha256 ?? audioDigest(audio),
    }
    const audioPath = join(this.dir, `${meta.hash}.${meta.format}`)
    await replaceFile(audioPath, audio)
    await replaceFile(join(this.dir, `${meta.hash}.json`), JSON.stringify(stored))
    this.flushing = this.flushing.then(() => flushToDisk(audioPath))
    const previous = this.entries.get(meta.hash)
    if (previous) this.total -= previous.bytes
    this.entries.set(meta.hash, { bytes: meta.bytes, lastUsed: this.now() })
    this.total += meta.bytes
    this.dirty = true
    await this.evict()
  }

  pin(hashes: Iterable<string>): void {
    for (const h of hashes) this.pinned.set(h, (this.pinned.get(h) ?? 0) + 1)
  }

  unpin(hashes: Iterable<string>): void {
    for (const h of hashes) {
      const n = (this.pinned.get(h) ?? 0) - 1
      if (n <= 0) this.pinned.delete(h)
      else this.pinned.set(h, n)
    }
  }

  async flush(): Promise<void> {
    await this.evict()
    await this.writeIndex()
  }

  private writeIndex(): Promise<void> {
    if (!this.dirty) return this.writing
    this.dirty = false
    const snapshot = JSON.stringify({ version: 1, entries: Object.fromEntries(this.entries) })
    this.writing = this.writing
      .then(() => replaceFile(this.indexPath, snapshot))
      .catch(() => undefined)
    return this.writing
  }

  private async evict(): Promise<void> {
    if (this.total <= this.maxBytes) return
    const candidates = [...this.entries.entries()]
      .filter(([hash]) => !this.pinned.has(hash))
      .sort((a, b) => a[1].lastUsed - b[1].lastUsed)
    for (const [hash, entry] of candidates) {
      if (this.total <= this.maxBytes) break
      this.entries.delete(hash)
      this.total -= entry.bytes
      this.dirty = true
      await removeFiles(this.dir, hash)
    }
  }

  private async readMeta(hash: string): Promise<CachedPieceMeta> {
    return metaSchema.parse(JSON.parse(await readFile(join(this.dir, `${hash}.json`), 'utf8')))
  }
}

async function removeFiles(dir: string, hash: string): Promise<void> {
  await Promise.all(
    ['json', 'pcm', 'aac'].map((ext) => rm(join(dir, `${hash}.${ext}`), { force: true })),
  )
}
