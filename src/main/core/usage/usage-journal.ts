import { appendFile, open } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { Clock } from '../clock'
import { systemClock } from '../clock'
import { monthOf } from './usage-months'

/**
 * What other VoiceDesk processes (the command line) used, one line per command and project, in
 * `<userData>/usage-journal.jsonl`. Why a journal of its own and not usage.json: the app keeps
 * usage.json in memory and rewrites it whole, so a command line writing there while the app runs
 * would be overwritten. Each line is one append (O_APPEND), so commands running side by side
 * never lose each other's lines; the app only reads the journal.
 */
export const USAGE_JOURNAL_FILE = 'usage-journal.jsonl'
/** Most of the journal read: the newest lines (a year of daily commands is well under this). */
const JOURNAL_READ_BYTES = 4 * 1024 * 1024

const lineSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  project: z.string().min(1).max(200),
  characters: z.number().int().positive(),
})
export type JournalLine = z.infer<typeof lineSchema>

/** The journal's lines, oldest first; lines that do not parse (a torn last line) are skipped. */
export async function readUsageJournal(dir: string): Promise<JournalLine[]> {
  let text: string
  try {
    const handle = await open(join(dir, USAGE_JOURNAL_FILE), 'r')
    try {
      const { size } = await handle.stat()
      const length = Math.min(size, JOURNAL_READ_BYTES)
      const buffer = Buffer.alloc(length)
      await handle.read(buffer, 0, length, size - length)
      text = buffer.toString('utf8')
    } finally {
      await handle.close()
    }
  } catch {
    return []
  }
  const lines: JournalLine[] = []
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue
    try {
      const parsed = lineSchema.safeParse(JSON.parse(raw) as unknown)
      if (parsed.success) lines.push(parsed.data)
    } catch {
      // A line cut by a crash or by the read window's start: skipped, the rest still counts.
    }
  }
  return lines
}

/**
 * Characters one command line run used, by project, written to the journal once at its end
 * (`flush`). With no folder (the app was never started here) nothing is written.
 */
export class CommandLineUsage {
  readonly #dir: string | null
  readonly #clock: Clock
  readonly #projects = new Map<string, number>()

  constructor(dir: string | null, clock: Clock = systemClock) {
    this.#dir = dir
    this.#clock = clock
  }

  /** Adds `characters` billed for `project`. */
  record(project: string, characters: number): void {
    if (!Number.isFinite(characters) || characters <= 0) return
    const name = project.trim().slice(0, 200) || 'Command line'
    this.#projects.set(name, (this.#projects.get(name) ?? 0) + Math.round(characters))
  }

  /** Appends what was recorded to the journal in one write; a failure is only reported. */
  async flush(): Promise<void> {
    if (this.#dir === null || this.#projects.size === 0) return
    const month = monthOf(this.#clock.now())
    const text = [...this.#projects]
      .map(([project, characters]) => `${JSON.stringify({ month, project, characters })}\n`)
      .join('')
    this.#projects.clear()
    await appendFile(join(this.#dir, USAGE_JOURNAL_FILE), text, { mode: 0o600 })
  }
}
