import { mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { Project } from '../../../shared/domain/script'
import { projectSchema } from '../../../shared/domain/script'
import type { RecoveryOffer } from '../../../shared/domain/script-workspace'
import { toDiskError, writeFileAtomic } from '../files/atomic-write'
import { removeLeftoverPartials } from '../narration/fetch/cache-files'

const DOC_ID = /^[A-Za-z0-9-]{8,64}$/

/**
 * How old a draft's temporary file must be to count as left by a killed app. Why an age: a
 * draft of another document may be being written at this moment.
 */
export const LEFTOVER_DRAFT_AGE_MS = 60_000

const draftSchema = z.object({
  format: z.literal('voicedesk-recovery'),
  version: z.literal(1),
  docId: z.string().regex(DOC_ID),
  savedAt: z.string(),
  /** The project file the draft belongs to, when it had one. */
  filePath: z.string().nullable(),
  project: projectSchema,
})
export type RecoveryDraft = z.infer<typeof draftSchema>

/** Words of a project, for the recovery offer ("412 words"). */
export function countWords(project: Project): number {
  let words = 0
  for (const block of project.blocks) {
    const matches = block.text.match(/[\p{L}\p{N}]+/gu)
    words += matches?.length ?? 0
  }
  return words
}

/**
 * The crash-recovery journal: `<userData>/recovery/<docId>.json`, one draft per open document,
 * written atomically (a kill leaves the previous draft or the new one, never half of one). A clean
 * save or close removes it; whatever is left at start-up is offered back.
 */
export class RecoveryJournal {
  readonly #dir: string
  /** Serialised per document so an older draft never lands after a newer one. */
  readonly #writes = new Map<string, Promise<void>>()

  constructor(userDataDir: string) {
    this.#dir = join(userDataDir, 'recovery')
  }

  #pathOf(docId: string): string {
    // Why the check: the id names a file; only our own id shape may reach the file system.
    if (!DOC_ID.test(docId)) throw new Error(`invalid document id ${docId}`)
    return join(this.#dir, `${docId}.json`)
  }

  /** Writes the draft of a document (replacing the previous one). */
  async write(docId: string, project: Project, filePath: string | null): Promise<void> {
    const path = this.#pathOf(docId)
    const draft: RecoveryDraft = {
      format: 'voicedesk-recovery',
      version: 1,
      docId,
      savedAt: new Date().toISOString(),
      filePath,
      project,
    }
    const body = JSON.stringify(draft)
    const previous = this.#writes.get(docId) ?? Promise.resolve()
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        try {
          await mkdir(this.#dir, { recursive: true, mode: 0o700 })
        } catch (error) {
          throw toDiskError(error, path)
        }
        // Why 0o600, as the settings: a draft holds the whole unsaved script.
        await writeFileAtomic(path, body, { mode: 0o600 })
      })
    this.#writes.set(docId, next)
    await next
  }

  /** Removes a document's draft (after a clean save or close). */
  async clear(docId: string): Promise<void> {
    const path = this.#pathOf(docId)
    await (this.#writes.get(docId) ?? Promise.resolve()).catch(() => undefined)
    this.#writes.delete(docId)
    await rm(path, { force: true })
    await this.removeLeftovers()
  }

  /**
   * Removes the temporary files of drafts a killed app left in the folder (`.<docId>.json.<hex>
   * .partial`, older than {@link LEFTOVER_DRAFT_AGE_MS}); nothing else there is touched.
   */
  async removeLeftovers(now = Date.now()): Promise<string[]> {
    return removeLeftoverPartials(
      this.#dir,
      (name) => name.endsWith('.json') && DOC_ID.test(name.slice(0, -5)),
      LEFTOVER_DRAFT_AGE_MS,
      now,
    )
  }

  /** A document's draft, or null when there is none or it is unreadable. */
  async read(docId: string): Promise<RecoveryDraft | null> {
    try {
      const parsed = draftSchema.safeParse(JSON.parse(await readFile(this.#pathOf(docId), 'utf8')))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }

  /** Every readable draft left on disk, newest first, as offers for the page. */
  async offers(): Promise<RecoveryOffer[]> {
    // Asked for once at start: the moment to sweep what a kill left while a draft was written.
    await this.removeLeftovers()
    const names = await readdir(this.#dir).catch(() => [] as string[])
    const drafts = await Promise.all(
      names
        .filter((name) => name.endsWith('.json') && DOC_ID.test(name.slice(0, -5)))
        .map((name) => this.read(name.slice(0, -5))),
    )
    return drafts
      .filter((draft): draft is RecoveryDraft => draft !== null)
      .sort((a, b) => b.savedAt.localeCompare(a.savedAt))
      .map((draft) => ({
        docId: draft.docId,
        title: draft.project.title,
        fileName: draft.filePath === null ? null : (draft.filePath.split(/[\\/]/).at(-1) ?? null),
        savedAt: draft.savedAt,
        blocks: draft.project.blocks.length,
        words: countWords(draft.project),
      }))
  }

  /** Waits for pending writes (app quit). */
  async flush(): Promise<void> {
    await Promise.all([...this.#writes.values()].map((w) => w.catch(() => undefined)))
  }
}
