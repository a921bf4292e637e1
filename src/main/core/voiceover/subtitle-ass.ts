import type { TimedLine, UnreadableCue } from './subtitle-lines'
import { spokenText, splitNamePrefix } from './subtitle-lines'

/** The `[Events]` columns of SSA (v4) and ASS (v4+) when a file has no Format line. */
const DEFAULT_FORMAT = [
  'Layer',
  'Start',
  'End',
  'Style',
  'Name',
  'MarginL',
  'MarginR',
  'MarginV',
  'Effect',
  'Text',
]

const ASS_TIME = /^\s*(\d+):(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?\s*$/

/** `H:MM:SS.cc` (centiseconds; three digits read as milliseconds) to milliseconds, or null. */
function assTime(value: string | undefined): number | null {
  const match = value === undefined ? null : ASS_TIME.exec(value)
  if (!match) return null
  const [, h, m, s, frac = ''] = match
  const ms = frac === '' ? 0 : Number(frac.padEnd(3, '0').slice(0, 3))
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + ms
}

/** Splits a Dialogue value into `count` fields: the last (Text) keeps its commas. */
function fields(value: string, count: number): string[] {
  const out: string[] = []
  let rest = value
  for (let i = 0; i < count - 1; i++) {
    const comma = rest.indexOf(',')
    if (comma < 0) break
    out.push(rest.slice(0, comma).trim())
    rest = rest.slice(comma + 1)
  }
  out.push(rest)
  return out
}

/**
 * Reads the Dialogue lines of an ASS/SSA file, each with its actor (the Name column, else a
 * `NAME:` prefix). Why not subsrt here: its SSA reader drops the first character of a line's
 * text when no space follows the last comma (the usual way these files are written) and skips
 * Dialogue lines after a blank line; reading the Format line's columns is all that is needed.
 * Override tags (`{\i1}`) are removed, `\N` and `\n` become spaces; Comment lines are skipped.
 */
export function parseAssDialogue(text: string): {
  lines: TimedLine[]
  unreadable: UnreadableCue[]
} {
  const lines: TimedLine[] = []
  const unreadable: UnreadableCue[] = []
  let section = ''
  let columns = DEFAULT_FORMAT
  let cue = 0
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const row = raw.trim()
    const heading = /^\[(.+)\]$/.exec(row)
    if (heading?.[1]) {
      section = heading[1].toLowerCase()
      return
    }
    if (section !== 'events') return
    const colon = row.indexOf(':')
    if (colon < 0) return
    const kind = row.slice(0, colon).trim().toLowerCase()
    const value = row.slice(colon + 1).replace(/^ /, '')
    if (kind === 'format') {
      columns = value.split(',').map((c) => c.trim())
      return
    }
    if (kind !== 'dialogue') return
    cue += 1
    const values = fields(value, columns.length)
    const get = (name: string): string | undefined => values[columns.indexOf(name)]
    const startMs = assTime(get('Start'))
    const endMs = assTime(get('End'))
    if (startMs === null || endMs === null) {
      unreadable.push({
        cue,
        line: i + 1,
        message: `its start or end time ("${get('Start') ?? ''}", "${get('End') ?? ''}") could not be read`,
      })
      return
    }
    const words = spokenText((get('Text') ?? '').replace(/\\[Nnh]/g, ' '))
    const actor = get('Name')?.trim() || get('Actor')?.trim() || null
    const named = actor ? { speaker: actor, text: words } : splitNamePrefix(words)
    lines.push({ cue, line: i + 1, startMs, endMs, text: named.text, speaker: named.speaker })
  })
  return { lines, unreadable }
}
