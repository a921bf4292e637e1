import { readFile, rm } from 'node:fs/promises'
import { z } from 'zod'
import { replaceFile } from './cache-files'

/** Where a render keeps its journal: beside the output, hidden from nothing (users may see it). */
export function journalPathFor(outputPath: string): string {
  return `${outputPath}.voicedesk-journal.json`
}

const journalSchema = z.object({
  format: z.literal('voicedesk-render-journal'),
  version: z.literal(1),
  planHash: z.string(),
  startedAt: z.string(),
  updatedAt: z.string(),
  piecesTotal: z.number().int(),
  /** Hashes of pieces synthesized and stored in the cache. */
  finished: z.array(z.string()),
})
export type RenderJournal = z.infer<typeof journalSchema>

/** Reads a journal; null when there is none or it is unreadable (a journal is only a record). */
export async function readJournal(path: string): Promise<RenderJournal | null> {
  try {
    const parsed = journalSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * Keeps a render's journal on disk, replaced by rename (a kill -9 leaves the old or the new one,
 * never half of one; no fsync: it is only a record, the cache holds the work) at most every `intervalMs` while pieces finish, and removed on success.
 */
export class JournalWriter {
  private readonly finished: Set<string>
  private writing: Promise<void> = Promise.resolve()
  private lastWrite = 0
  private pending = false

  constructor(
    private readonly path: string,
    private readonly base: Omit<RenderJournal, 'finished' | 'updatedAt'>,
    finished: Iterable<string>,
    private readonly intervalMs = 1000,
  ) {
    this.finished = new Set(finished)
  }

  /** Records a finished piece; writes the journal when the last write is old enough. */
  add(hash: string): void {
    this.finished.add(hash)
    this.pending = true
    if (Date.now() - this.lastWrite >= this.intervalMs) void this.flush()
  }

  /** Writes the journal now (errors are swallowed: the cache, not the journal, holds the work). */
  flush(): Promise<void> {
    this.lastWrite = Date.now()
    this.pending = false
    const body: RenderJournal = {
      ...this.base,
      updatedAt: new Date().toISOString(),
      finished: [...this.finished],
    }
    this.writing = this.writing
      .then(() => replaceFile(this.path, JSON.stringify(body)))
      .catch(() => undefined)
    return this.writing
  }

  /** Writes what is pending (on failure or cancel). */
  async close(): Promise<void> {
    if (this.pending) await this.flush()
    await this.writing
  }

  /** Removes the journal after a successful render. */
  async remove(): Promise<void> {
    await this.writing
    await rm(this.path, { force: true })
  }
}
