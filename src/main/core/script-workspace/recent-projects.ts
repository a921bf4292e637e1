import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { z } from 'zod'
import type { RecentProject } from '../../../shared/domain/script-workspace'
import { writeFileAtomic } from '../files/atomic-write'

const MAX_RECENT = 12

/** What changed in the list: a project moved to the front (its path), or anything else. */
export type RecentChange = { kind: 'touched'; path: string } | { kind: 'removed' | 'cleared' }

const fileSchema = z.object({
  version: z.literal(1),
  projects: z.array(z.object({ path: z.string().min(1), openedAt: z.string() })),
})

/** The id of a recent entry: a hash of its path, so the page can name it without naming a path. */
export function recentIdOf(path: string): string {
  return createHash('sha256').update(path).digest('hex').slice(0, 16)
}

/**
 * Recently opened or saved projects in `<userData>/recent-projects.json` (newest first, 12 kept).
 * An unreadable file is treated as empty: it is only a convenience list.
 */
export class RecentProjects {
  readonly #path: string
  #entries: { path: string; openedAt: string }[] | null = null
  #writing: Promise<void> = Promise.resolve()
  readonly #listeners = new Set<(change: RecentChange) => void>()

  constructor(userDataDir: string) {
    this.#path = join(userDataDir, 'recent-projects.json')
  }

  async #load(): Promise<{ path: string; openedAt: string }[]> {
    if (this.#entries !== null) return this.#entries
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(this.#path, 'utf8')))
      this.#entries = parsed.success ? parsed.data.projects : []
    } catch {
      this.#entries = []
    }
    return this.#entries
  }

  /**
   * Calls `listener` after every change (the application menu's Open Recent and the OS list of
   * recent documents follow it); returns the unsubscribe.
   */
  onChange(listener: (change: RecentChange) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** The list, newest first, each marked whether its file still exists. */
  async list(): Promise<RecentProject[]> {
    const entries = await this.#load()
    return Promise.all(
      entries.map(async (entry) => ({
        id: recentIdOf(entry.path),
        fileName: basename(entry.path),
        location: dirname(entry.path),
        openedAt: entry.openedAt,
        exists: await stat(entry.path).then(
          (info) => info.isFile(),
          () => false,
        ),
      })),
    )
  }

  /** The path behind an id, or null when the id is not in the list. */
  async pathOf(id: string): Promise<string | null> {
    const entries = await this.#load()
    return entries.find((entry) => recentIdOf(entry.path) === id)?.path ?? null
  }

  /** Moves a project to the front of the list. */
  async touch(path: string): Promise<void> {
    const entries = await this.#load()
    this.#entries = [
      { path, openedAt: new Date().toISOString() },
      ...entries.filter((entry) => entry.path !== path),
    ].slice(0, MAX_RECENT)
    await this.#save({ kind: 'touched', path })
  }

  /** Removes an entry (a file that is gone, or the user's choice). */
  async remove(id: string): Promise<void> {
    const entries = await this.#load()
    this.#entries = entries.filter((entry) => recentIdOf(entry.path) !== id)
    await this.#save({ kind: 'removed' })
  }

  /** Empties the list (the files are not touched). */
  async clear(): Promise<void> {
    await this.#load()
    this.#entries = []
    await this.#save({ kind: 'cleared' })
  }

  #save(change: RecentChange): Promise<void> {
    for (const listener of this.#listeners) {
      // Why catch: a listener (the menu) that fails must not fail the open or save itself.
      try {
        listener(change)
      } catch {
        continue
      }
    }
    const body = JSON.stringify({ version: 1, projects: this.#entries ?? [] }, null, 2)
    // Why swallow: a recent list that could not be written must not fail the open or save itself.
    this.#writing = this.#writing
      .then(() => writeFileAtomic(this.#path, body))
      .catch(() => undefined)
    return this.#writing
  }
}
