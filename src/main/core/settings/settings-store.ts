import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import type { AccountNotice } from '../../../shared/domain/account'
import { writeFileAtomic } from '../files/atomic-write'
import type { Settings } from './settings-schema'
import { defaultSettings, settingsSchema } from './settings-schema'

/** The settings file name inside the user data folder. */
export const SETTINGS_FILE = 'settings.json'

/** Things that can go wrong while loading, reported once to whoever shows notices. */
export interface SettingsLoadReport {
  /** Set when an unreadable file was moved aside and defaults were used. */
  resetFrom: { movedTo: string; reason: string } | null
}

function errnoOf(error: unknown): string | undefined {
  return error !== null && typeof error === 'object' && 'code' in error
    ? String(error.code)
    : undefined
}

function timestampForFileName(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-')
}

/**
 * The non-secret settings in `<userData>/settings.json`: zod-validated with defaults, versioned,
 * written atomically (temp file beside + rename) one write at a time, in the order asked.
 */
export class SettingsStore {
  readonly path: string
  readonly report: SettingsLoadReport
  #current: Settings
  #queue: Promise<void> = Promise.resolve()

  private constructor(path: string, current: Settings, report: SettingsLoadReport) {
    this.path = path
    this.#current = current
    this.report = report
  }

  /**
   * Loads the settings. A missing file means defaults; a corrupt or invalid one is renamed to
   * `settings.json.corrupt-<timestamp>` and replaced by defaults, never a crash.
   */
  static async open(
    userDataDir: string,
    options: { now?: () => Date } = {},
  ): Promise<SettingsStore> {
    const path = join(userDataDir, SETTINGS_FILE)
    const now = options.now ?? (() => new Date())
    await mkdir(userDataDir, { recursive: true })
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') {
        return new SettingsStore(path, defaultSettings(), { resetFrom: null })
      }
      throw error
    }
    let reason: string
    try {
      const parsed = settingsSchema.safeParse(JSON.parse(text) as unknown)
      if (parsed.success) return new SettingsStore(path, parsed.data, { resetFrom: null })
      reason = `invalid settings (${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || 'file'}: ${i.message}`)
        .join('; ')})`
    } catch {
      reason = 'the file is not valid JSON'
    }
    // Why move it aside rather than delete: the user (or support) can still recover what was in it.
    const movedTo = `${path}.corrupt-${timestampForFileName(now())}`
    await rename(path, movedTo)
    const store = new SettingsStore(path, defaultSettings(), { resetFrom: { movedTo, reason } })
    await store.update(() => ({}))
    return store
  }

  /** The notice the UI shows when the file had to be reset, else null. */
  resetNotice(): AccountNotice | null {
    if (this.report.resetFrom === null) return null
    return {
      kind: 'settings-reset',
      message: `Your settings file could not be read (${this.report.resetFrom.reason}) and was reset to defaults. The old file was kept as ${this.report.resetFrom.movedTo}.`,
    }
  }

  /** The current settings (a frozen snapshot). */
  get(): Readonly<Settings> {
    return this.#current
  }

  /**
   * Applies a change and writes the file. The change is validated first: an invalid value throws
   * and nothing is written.
   */
  update(change: (current: Readonly<Settings>) => Partial<Settings>): Promise<Readonly<Settings>> {
    const next = settingsSchema.parse({ ...this.#current, ...change(this.#current) })
    this.#current = Object.freeze(next)
    const text = `${JSON.stringify(next, null, 2)}\n`
    const write = this.#queue.then(() => writeFileAtomic(this.path, text, { mode: 0o600 }))
    this.#queue = write.catch(() => undefined)
    return write.then(() => next)
  }

  /** Resolves when every write asked so far has finished. */
  flush(): Promise<void> {
    return this.#queue
  }
}
