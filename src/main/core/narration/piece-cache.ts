import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { SpeechMarks } from '../../../shared/domain/speech'
import { AppError } from '../../../shared/errors'
import { toDiskError, writeFileAtomic } from '../files/atomic-write'
import type { EngineFormat } from './render-plan'

/** What is stored beside a cached piece's audio. */
export interface CachedPieceMeta {
  hash: string
  format: EngineFormat
  /** Bytes of the audio file. */
  bytes: number
  speechMarks: SpeechMarks
  billableCharacters: number
  requestId: string | null
}

/** A piece found in the cache. */
export interface CachedPiece {
  meta: CachedPieceMeta
  audioPath: string
}

/** The on-disk cache of synthesized pieces, content-addressed, with LRU eviction. */
export interface PieceCache {
  has(hash: string): boolean
  /** Reads a piece's metadata (and marks it used); null when it is not cached. */
  get(hash: string): Promise<CachedPiece | null>
  /** Stores a piece: audio first, then its metadata (the metadata is the commit marker). */
  put(meta: CachedPieceMeta, audio: Uint8Array): Promise<void>
  /** Pieces that must not be evicted (the current render's plan). */
  pin(hashes: Iterable<string>): void
  unpin(hashes: Iterable<string>): void
  /** Total bytes of cached audio. */
  readonly totalBytes: number
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
})
const indexSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.object({ bytes: z.number(), lastUsed: z.number() })),
})

/** Default size limit of the piece cache: 2 GB of audio. */
export const DEFAULT_CACHE_BYTES = 2 * 1024 ** 3

const HASH_FILE = /^([0-9a-f]{64})\.json$/

/**
 * Opens (creating if needed) the piece cache in `dir`. The LRU index is rebuilt from the files
 * when it is missing or stale, so a crash between writing a piece and its index loses nothing.
 */
export async function openPieceCache(
  dir: string,
  options: { maxBytes?: number; now?: () => number } = {},
): Promise<PieceCache> {
  const maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES
  const now = options.now ?? Date.now
  const indexPath = join(dir, 'index.json')
  try {
    await mkdir(dir, { recursive: true })
  } catch (error) {
    throw toDiskError(error, indexPath)
  }
  const entries = new Map<string, { bytes: number; lastUsed: number }>()
  try {
    const parsed = indexSchema.safeParse(JSON.parse(await readFile(indexPath, 'utf8')))
    if (parsed.success) for (const [k, v] of Object.entries(parsed.data.entries)) entries.set(k, v)
  } catch {
    // A missing or corrupt index is rebuilt from the files below: it is only a recency record.
  }
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

  const pinned = new Map<string, number>()
  let total = [...entries.values()].reduce((n, e) => n + e.bytes, 0)
  let writing: Promise<void> = Promise.resolve()
  let dirty = false

  const flush = (): Promise<void> => {
    if (!dirty) return writing
    dirty = false
    const snapshot = JSON.stringify({ version: 1, entries: Object.fromEntries(entries) })
    writing = writing.then(() => writeFileAtomic(indexPath, snapshot)).catch(() => undefined)
    return writing
  }

  const evict = async (): Promise<void> => {
    if (total <= maxBytes) return
    const candidates = [...entries.entries()]
      .filter(([hash]) => !pinned.has(hash))
      .sort((a, b) => a[1].lastUsed - b[1].lastUsed)
    for (const [hash, entry] of candidates) {
      if (total <= maxBytes) break
      entries.delete(hash)
      total -= entry.bytes
      dirty = true
      await removeFiles(dir, hash)
    }
  }

  return {
    get totalBytes() {
      return total
    },
    has: (hash) => entries.has(hash),
    async get(hash) {
      const entry = entries.get(hash)
      if (!entry) return null
      try {
        const meta = metaSchema.parse(JSON.parse(await readFile(join(dir, `${hash}.json`), 'utf8')))
        const audioPath = join(dir, `${hash}.${meta.format}`)
        const info = await stat(audioPath)
        if (info.size !== meta.bytes) throw new Error('audio size does not match its metadata')
        entry.lastUsed = now()
        dirty = true
        return { meta, audioPath }
      } catch {
        // Why drop instead of fail: a damaged entry only costs one request to replace.
        entries.delete(hash)
        total -= entry.bytes
        dirty = true
        await removeFiles(dir, hash)
        return null
      }
    },
    async put(meta, audio) {
      if (meta.bytes !== audio.byteLength) {
        throw new AppError('INTERNAL', 'Internal error: piece size does not match its audio.')
      }
      await writeFileAtomic(join(dir, `${meta.hash}.${meta.format}`), audio)
      await writeFileAtomic(join(dir, `${meta.hash}.json`), JSON.stringify(meta))
      const previous = entries.get(meta.hash)
      if (previous) total -= previous.bytes
      entries.set(meta.hash, { bytes: meta.bytes, lastUsed: now() })
      total += meta.bytes
      dirty = true
      await evict()
    },
    pin(hashes) {
      for (const h of hashes) pinned.set(h, (pinned.get(h) ?? 0) + 1)
    },
    unpin(hashes) {
      for (const h of hashes) {
        const n = (pinned.get(h) ?? 0) - 1
        if (n <= 0) pinned.delete(h)
        else pinned.set(h, n)
      }
    },
    async flush() {
      await evict()
      await flush()
    },
  }
}

async function removeFiles(dir: string, hash: string): Promise<void> {
  await Promise.all(
    ['json', 'pcm', 'aac'].map((ext) => rm(join(dir, `${hash}.${ext}`), { force: true })),
  )
}
