import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { RenderSettings } from '../../../shared/domain/script-workspace'
import { renderSettingsSchema } from '../../../shared/domain/script-workspace'
import { writeFileAtomic } from '../files/atomic-write'

const recordSchema = z.object({
  outputPath: z.string().min(1),
  settings: renderSettingsSchema,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Block id -> piece hashes of the last finished render (what "stale" is measured against). */
  renderedBlocks: z.record(z.string(), z.array(z.string())).default({}),
})
export type RenderRecord = z.infer<typeof recordSchema>

const fileSchema = z.object({
  version: z.literal(1),
  records: z.record(z.string(), recordSchema),
})

/**
 * The last render target of each document (`<userData>/script-renders.json`), keyed by the
 * project's file path (or its document id before it is saved): where a render goes, so "Resume"
 * finds its journal after a restart, and what each block sounded like at the last finished render.
 */
export class RenderRecords {
  readonly #path: string
  #records: Record<string, RenderRecord> | null = null
  #writing: Promise<void> = Promise.resolve()

  constructor(userDataDir: string) {
    this.#path = join(userDataDir, 'script-renders.json')
  }

  async #load(): Promise<Record<string, RenderRecord>> {
    if (this.#records !== null) return this.#records
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(this.#path, 'utf8')))
      this.#records = parsed.success ? parsed.data.records : {}
    } catch {
      this.#records = {}
    }
    return this.#records
  }

  async get(key: string): Promise<RenderRecord | null> {
    return (await this.#load())[key] ?? null
  }

  /** Replaces (or merges into) a document's record. */
  async set(
    key: string,
    patch: Partial<RenderRecord> & Pick<RenderRecord, 'outputPath'>,
  ): Promise<void> {
    const records = await this.#load()
    const previous = records[key]
    records[key] = {
      settings:
        patch.settings ?? previous?.settings ?? renderSettingsSchema.parse(DEFAULT_SETTINGS),
      startedAt: patch.startedAt ?? previous?.startedAt ?? new Date().toISOString(),
      finishedAt:
        patch.finishedAt === undefined ? (previous?.finishedAt ?? null) : patch.finishedAt,
      renderedBlocks: patch.renderedBlocks ?? previous?.renderedBlocks ?? {},
      outputPath: patch.outputPath,
    }
    await this.#save()
  }

  /** Moves a record to a new key (an unsaved document got a file). */
  async rename(from: string, to: string): Promise<void> {
    const records = await this.#load()
    const record = records[from]
    if (record === undefined || from === to) return
    records[to] = record
    delete records[from]
    await this.#save()
  }

  #save(): Promise<void> {
    const body = JSON.stringify({ version: 1, records: this.#records ?? {} })
    this.#writing = this.#writing
      .then(() => writeFileAtomic(this.#path, body))
      .catch(() => undefined)
    return this.#writing
  }

  flush(): Promise<void> {
    return this.#writing
  }
}

const DEFAULT_SETTINGS: RenderSettings = {
  format: 'mp3',
  sampleRate: 24_000,
  split: 'none',
  subtitles: 'none',
  loudness: { mode: 'service' },
}
