import { mkdir, open, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { CleanupSettings } from '../../../shared/domain/cleanup-rules'
import {
  MAX_RULE_SETS,
  cleanupSettingsSchema,
  ruleSetNameSchema,
} from '../../../shared/domain/cleanup-rules'
import { AppError } from '../../../shared/errors'
import { formatCount } from '../../../shared/limits'
import { writeFileAtomic } from '../files/atomic-write'

/** The folder of named rule sets inside the user data folder. */
export const RULE_SETS_DIR = 'cleanup-rule-sets'

/** The largest set file read: 200 rules of 2,000 characters fit well inside it. */
export const RULE_SET_FILE_MAX_BYTES = 1024 * 1024

const SUFFIX = '.json'

/**
 * A set's file name: its name in base64url. Why encoded: a name never becomes a path of its own
 * ("..", a slash, a reserved device name), and two names never share a file.
 */
function fileNameOf(name: string): string {
  return `${Buffer.from(name, 'utf8').toString('base64url')}${SUFFIX}`
}

function nameOf(fileName: string): string | null {
  if (!fileName.endsWith(SUFFIX)) return null
  const name = Buffer.from(fileName.slice(0, -SUFFIX.length), 'base64url').toString('utf8')
  return ruleSetNameSchema.safeParse(name).success && fileNameOf(name) === fileName ? name : null
}

function unreadable(name: string, why: string): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `The rule set “${name}” cannot be used: ${why} Nothing was changed; save the set again from Clean up text, or delete it.`,
  )
}

/**
 * The user's named clean-up rule sets, shared by every project: one file a set in
 * `<userData>/cleanup-rule-sets/`, in the form the command line's `--rules` reads. A set file
 * that is too large, not JSON or holds a rule that cannot run is refused, never half used.
 */
export class CleanupRuleSets {
  readonly dir: string

  constructor(userDataDir: string) {
    this.dir = join(userDataDir, RULE_SETS_DIR)
  }

  /** The sets' names, sorted as a person reads them; files that are not a set are passed over. */
  async list(): Promise<string[]> {
    let files: string[]
    try {
      files = await readdir(this.dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
    const names = files.map(nameOf).filter((name): name is string => name !== null)
    return names.sort((a, b) => a.localeCompare(b)).slice(0, MAX_RULE_SETS)
  }

  /** A set's rules, read and checked; NOT_FOUND when there is none of that name. */
  async read(name: string): Promise<CleanupSettings> {
    const text = await this.#readBounded(name)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw unreadable(name, 'its file is damaged (it is not JSON).')
    }
    // Strict, as the command line's rules file: a misspelt setting is refused, not ignored.
    const parsed = cleanupSettingsSchema.strict().safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const message = issue?.message ?? 'it does not hold clean-up rules'
      throw unreadable(name, `${message.replace(/\.$/u, '')}.`)
    }
    return parsed.data
  }

  /** Saves (or replaces) a set; a new one past {@link MAX_RULE_SETS} is refused. */
  async save(name: string, settings: CleanupSettings): Promise<void> {
    const existing = await this.list()
    if (!existing.includes(name) && existing.length >= MAX_RULE_SETS) {
      throw new AppError(
        'VALIDATION_FAILED',
        `You keep ${formatCount(MAX_RULE_SETS)} rule sets already, the most VoiceDesk keeps. Delete one you no longer use, then save again.`,
        { details: { limit: { maximum: MAX_RULE_SETS } } },
      )
    }
    await mkdir(this.dir, { recursive: true })
    const text = `${JSON.stringify(cleanupSettingsSchema.parse(settings), null, 2)}\n`
    // Why 0o600, as the settings: a person's own rules are theirs alone.
    await writeFileAtomic(join(this.dir, fileNameOf(name)), text, { mode: 0o600 })
  }

  /** Deletes a set (nothing happens when there is none of that name). */
  async remove(name: string): Promise<void> {
    await rm(join(this.dir, fileNameOf(name)), { force: true })
  }

  /**
   * The set file's text, read up to one byte past the bound. Why bounded: a file put in the
   * folder by hand can be any size, and main must not read gigabytes into memory to refuse it.
   */
  async #readBounded(name: string): Promise<string> {
    let handle
    try {
      handle = await open(join(this.dir, fileNameOf(name)), 'r')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new AppError('NOT_FOUND', `There is no rule set named “${name}”.`)
      throw error
    }
    try {
      const buffer = Buffer.alloc(RULE_SET_FILE_MAX_BYTES + 1)
      let length = 0
      while (length < buffer.length) {
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null)
        if (bytesRead === 0) break
        length += bytesRead
      }
      if (length > RULE_SET_FILE_MAX_BYTES)
        throw unreadable(name, 'its file is larger than 1 MB, more than any rule set holds.')
      return buffer.toString('utf8', 0, length)
    } finally {
      await handle.close()
    }
  }
}
