import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { z } from 'zod'
import type { RecentProject } from '../../../shared/domain/script-workspace'
import { writeFileAtomic } from '../files/atomic-write'

const MAX_RECENT = 12

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
    await this.#save()
  }

  /** Removes an entry (a file that is gone, or the user's choice). */
  async remove(id: string): Promise<void> {
    const entries = await this.#load()
    this.#entries = entries.filter((entry) => recentIdOf(entry.path) !== id)
    await this.#save()
  }

  #save(): Promise<void> {
    const body = JSON.stringify({ version: 1, projects: this.#entries ?? [] }, null, 2)
    // Why swallow: a recent list that could not be written must not fail the open or save itself.
    this.#writing = this.#writing
      .then(() => writeFileAtomic(this.#path, body))
      .catch(() => undefined)
    return this.#writing
  }
}
