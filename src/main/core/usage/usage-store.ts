import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { MonthUsage, UsageReport } from '../../../shared/domain/usage'
import { USAGE_OTHER } from '../../../shared/domain/usage'
import type { Clock } from '../clock'
import { systemClock } from '../clock'
import { writeFileAtomic } from '../files/atomic-write'
import type { Logger } from '../log/logger'
import { readUsageJournal } from './usage-journal'
import { monthOf } from './usage-months'

/** Months kept; older ones are dropped. */
export const USAGE_MONTHS_KEPT = 24
/** Named projects per month; the rest are folded into "Other". */
export const USAGE_PROJECTS_PER_MONTH = 50
const FILE_NAME = 'usage.json'
const LONGEST_NAME = 200

const fileSchema = z.object({
  version: z.literal(1),
  months: z
    .array(
      z.object({
        month: z.string().regex(/^\d{4}-\d{2}$/),
        projects: z.record(z.string().max(LONGEST_NAME), z.number().int().nonnegative()),
      }),
    )
    .max(USAGE_MONTHS_KEPT * 4),
})
type MonthRecord = z.infer<typeof fileSchema>['months'][number]

/** Keeps a month's named projects under the bound: the smallest are folded into "Other". */
function foldSmallest(projects: Record<string, number>): void {
  const named = Object.entries(projects).filter(([name]) => name !== USAGE_OTHER)
  if (named.length <= USAGE_PROJECTS_PER_MONTH) return
  named.sort((a, b) => b[1] - a[1])
  for (const [name, characters] of named.slice(USAGE_PROJECTS_PER_MONTH)) {
    projects[USAGE_OTHER] = (projects[USAGE_OTHER] ?? 0) + characters
    delete projects[name]
  }
}

function reportOf(month: MonthRecord): MonthUsage {
  const projects = Object.entries(month.projects)
    .map(([project, characters]) => ({ project, characters }))
    .sort((a, b) => b.characters - a.characters || a.project.localeCompare(b.project))
  const characters = projects.reduce((sum, p) => sum + p.characters, 0)
  return { month: month.month, characters, projects }
}

/**
 * Billable characters this computer sent, by month and project, kept in `<userData>/usage.json`.
 * Why counted here: the service has no usage endpoint, so this is the only record a user has.
 */
export class UsageStore {
  readonly #path: string
  readonly #dir: string
  readonly #clock: Clock
  readonly #logger: Logger | undefined
  #months: MonthRecord[]
  #dirty = false
  #writing: Promise<void> | null = null
  /** When the service last said the account has no credit left, until speech succeeds again. */
  #outOfCreditAt: string | null = null

  private constructor(dir: string, months: MonthRecord[], clock: Clock, logger?: Logger) {
    this.#dir = dir
    this.#path = join(dir, FILE_NAME)
    this.#months = months
    this.#clock = clock
    this.#logger = logger
  }

  /** Opens the store of `userDataDir`; a missing or unreadable file starts an empty record. */
  static async open(
    userDataDir: string,
    options: { clock?: Clock; logger?: Logger } = {},
  ): Promise<UsageStore> {
    const path = join(userDataDir, FILE_NAME)
    let months: MonthRecord[] = []
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
      if (parsed.success) months = parsed.data.months
      else options.logger?.warn('usage record unreadable; starting a new one')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        options.logger?.warn('usage record unreadable; starting a new one', {
          error: String(error),
        })
    }
    return new UsageStore(userDataDir, months, options.clock ?? systemClock, options.logger)
  }

  /** Adds `characters` billed for `project` to the current month and saves in the background. */
  record(project: string, characters: number): void {
    if (!Number.isFinite(characters) || characters <= 0) return
    // Speech the service answered proves the account has credit again.
    this.#outOfCreditAt = null
    const name = project.trim().slice(0, LONGEST_NAME) || USAGE_OTHER
    const month = monthOf(this.#clock.now())
    let current = this.#months.find((m) => m.month === month)
    if (current === undefined) {
      current = { month, projects: {} }
      this.#months.push(current)
      this.#months.sort((a, b) => b.month.localeCompare(a.month))
      this.#months.length = Math.min(this.#months.length, USAGE_MONTHS_KEPT)
    }
    current.projects[name] = (current.projects[name] ?? 0) + Math.round(characters)
    foldSmallest(current.projects)
    this.#dirty = true
    this.#writing ??= this.#writeLoop()
  }

  /**
   * Notes that the service refused speech for want of credit (402), for Account to say so. Why
   * kept for this session only: it is the one thing known of what is left, and it goes stale.
   */
  noteOutOfCredit(): void {
    this.#outOfCreditAt = new Date(this.#clock.now()).toISOString()
  }

  /**
   * Forgets the refusal once the user says credit was added. Why trusted: the note is only a hint
   * for Account, and the next line sent notes it again if the account is still empty.
   */
  forgetOutOfCredit(): void {
    this.#outOfCreditAt = null
  }

  /** Newest month first. */
  report(): UsageReport {
    const months = [...this.#months].sort((a, b) => b.month.localeCompare(a.month))
    return this.#withCredit({ months: months.map(reportOf) })
  }

  #withCredit(report: UsageReport): UsageReport {
    return this.#outOfCreditAt === null ? report : { ...report, outOfCreditAt: this.#outOfCreditAt }
  }

  /**
   * What this computer sent: the app's own record with what the command line added (its journal,
   * read afresh each time, so a command run while the app is open shows on the next look).
   */
  async readReport(): Promise<UsageReport> {
    const journal = await readUsageJournal(this.#dir)
    if (journal.length === 0) return this.report()
    const months = new Map<string, Record<string, number>>()
    for (const month of this.#months) months.set(month.month, { ...month.projects })
    for (const line of journal) {
      const projects = months.get(line.month) ?? {}
      projects[line.project] = (projects[line.project] ?? 0) + line.characters
      months.set(line.month, projects)
    }
    const merged = [...months]
      .map(([month, projects]) => {
        foldSmallest(projects)
        return reportOf({ month, projects })
      })
      .sort((a, b) => b.month.localeCompare(a.month))
      .slice(0, USAGE_MONTHS_KEPT)
    return this.#withCredit({ months: merged })
  }

  /** Resolves once everything recorded so far is on disk. */
  async flush(): Promise<void> {
    while (this.#writing !== null) await this.#writing
  }

  /**
   * One write at a time, again while records arrived during it. Why not a write per record: a
   * render records every piece, and a slow disk must not queue hundreds of writes.
   */
  async #writeLoop(): Promise<void> {
    try {
      while (this.#dirty) {
        this.#dirty = false
        const data = JSON.stringify({ version: 1, months: this.#months })
        try {
          // Atomic so a crash mid-write never leaves a half file that would lose the whole record.
          await writeFileAtomic(this.#path, data)
        } catch (error) {
          this.#logger?.warn('usage record not saved', { error: String(error) })
        }
      }
    } finally {
      this.#writing = null
    }
  }
}
