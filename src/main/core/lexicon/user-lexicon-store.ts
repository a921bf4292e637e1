import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { LexiconEntry } from '../../../shared/domain/script'
import { lexiconEntrySchema, MAX_LEXICON_ENTRIES } from '../../../shared/domain/script'
import { atMost } from '../../../shared/limits'
import { writeFileAtomic } from '../files/atomic-write'

/** The user dictionary's file name inside the user data folder. */
export const USER_LEXICON_FILE = 'pronunciations.json'

const userLexiconFileSchema = z.object({
  version: z.literal(1),
  entries: z
    .array(lexiconEntrySchema)
    .max(MAX_LEXICON_ENTRIES, atMost('Your shared pronunciations', MAX_LEXICON_ENTRIES, 'entries')),
})

/**
 * The pronunciations every project shares, in `<userData>/pronunciations.json`: validated,
 * written atomically (temp file beside, then rename) with owner-only access, one write at a time.
 */
export class UserLexiconStore {
  readonly path: string
  #entries: readonly LexiconEntry[]
  #queue: Promise<void> = Promise.resolve()

  private constructor(path: string, entries: readonly LexiconEntry[]) {
    this.path = path
    this.#entries = entries
  }

  /** Loads the dictionary; a missing file is an empty one, a damaged one is moved aside. */
  static async open(userDataDir: string): Promise<UserLexiconStore> {
    const path = join(userDataDir, USER_LEXICON_FILE)
    await mkdir(userDataDir, { recursive: true })
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new UserLexiconStore(path, [])
      throw error
    }
    try {
      const parsed = userLexiconFileSchema.safeParse(JSON.parse(text) as unknown)
      if (parsed.success) return new UserLexiconStore(path, Object.freeze(parsed.data.entries))
    } catch {
      // Not JSON: handled as a damaged file below.
    }
    // Why move it aside rather than delete: the user can still recover the words in it.
    await rename(path, `${path}.damaged-${Date.now()}`)
    return new UserLexiconStore(path, [])
  }

  /** The shared entries, in the order they were added. */
  get(): readonly LexiconEntry[] {
    return this.#entries
  }

  /**
   * Replaces the shared entries and writes the file. The entries are validated first: invalid
   * ones (or too many) throw and nothing is written or changed.
   */
  async replace(entries: readonly LexiconEntry[]): Promise<readonly LexiconEntry[]> {
    const next = Object.freeze(userLexiconFileSchema.parse({ version: 1, entries }).entries)
    this.#entries = next
    const text = `${JSON.stringify({ version: 1, entries: next }, null, 2)}\n`
    // Why 0o600, as the settings: the words a person teaches the app are theirs alone.
    const write = this.#queue.then(() => writeFileAtomic(this.path, text, { mode: 0o600 }))
    this.#queue = write.catch(() => undefined)
    await write
    return next
  }
}
