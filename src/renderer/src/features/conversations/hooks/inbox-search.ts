import type { Conversation } from '../../../../../shared/domain/conversation'
import type { EvaluationSummary } from '../../../../../shared/domain/conversation-inbox'
import { statusLabel } from '../../../../../shared/domain/conversation-format'

/** Whether a row holds `needle` (already lowercased) in its id, agent name, status or summary. */
export function matchesSearch(
  row: Conversation,
  needle: string,
  agentName: string | undefined,
  summary: EvaluationSummary | undefined,
): boolean {
  if (needle === '') return true
  return [
    row.id,
    agentName ?? '',
    row.status,
    statusLabel(row.status),
    summary?.summary ?? '',
  ].some((value) => value.toLowerCase().includes(needle))
}

/** Rows the search runs over, with what their agent names and summaries were then. */
export interface SearchableRows {
  rows: Conversation[]
  summaries: Record<string, EvaluationSummary>
  agentNames: ReadonlyMap<string, string>
}

function agentNameOf(
  row: Conversation,
  agentNames: ReadonlyMap<string, string>,
): string | undefined {
  return row.agentId === null ? undefined : agentNames.get(row.agentId)
}

interface IndexEntry {
  row: Conversation
  agentName: string | undefined
  summary: EvaluationSummary | undefined
  text: string
}

// Lowercasing the fields joined by line breaks gives the fields lowercased one by one: a line
// break is neither cased nor ignored by case, so no field's case mapping sees its neighbours.
function searchText(entry: Omit<IndexEntry, 'text'>): string {
  const { row } = entry
  return [
    row.id,
    entry.agentName ?? '',
    row.status,
    statusLabel(row.status),
    entry.summary?.summary ?? '',
  ]
    .join('\n')
    .toLowerCase()
}

/** How many earlier searches over the same rows are kept, for Backspace and for narrowing. */
const KEPT_RESULTS = 64

/**
 * The search over the inbox's rows, kept between keystrokes. Why: at 10,000 rows, making each
 * row's lowercased text again whenever one summary arrived, and testing every row at every key,
 * made a keystroke miss its frame. Each row's text is made once and kept while the row, its agent
 * name and its summary stay the same objects; summaries that arrive for the rows on screen (the
 * same rows, a few new summaries) change only those rows' texts and the kept results, not the
 * whole index; a search that extends an earlier one (typing on) tests only that one's matches; a
 * search seen before (Backspace) is answered from memory.
 */
export class InboxSearchIndex {
  private entries = new Map<string, IndexEntry>()
  private positions = new Map<string, number>()
  private indexed: SearchableRows | null = null
  private texts: string[] = []
  private results = new Map<string, number[]>()

  private textsOf(from: SearchableRows): string[] {
    const was = this.indexed
    if (was === from) return this.texts
    if (was !== null && was.rows === from.rows && was.agentNames === from.agentNames)
      this.updateSummaries(was.summaries, from)
    else this.rebuild(from)
    this.indexed = from
    return this.texts
  }

  private rebuild(from: SearchableRows): void {
    const next = new Map<string, IndexEntry>()
    const positions = new Map<string, number>()
    const texts = new Array<string>(from.rows.length)
    from.rows.forEach((row, i) => {
      const agentName = agentNameOf(row, from.agentNames)
      const summary = from.summaries[row.id]
      let entry = this.entries.get(row.id)
      if (
        entry === undefined ||
        entry.row !== row ||
        entry.agentName !== agentName ||
        entry.summary !== summary
      ) {
        const fields = { row, agentName, summary }
        entry = { ...fields, text: searchText(fields) }
      }
      next.set(row.id, entry)
      if (!positions.has(row.id)) positions.set(row.id, i)
      texts[i] = entry.text
    })
    this.entries = next
    this.positions = positions
    this.texts = texts
    this.results.clear()
  }

  /** The same rows with other summaries: only the rows whose summary changed are indexed again. */
  private updateSummaries(before: Record<string, EvaluationSummary>, from: SearchableRows): void {
    for (const id of Object.keys(from.summaries))
      if (from.summaries[id] !== before[id]) this.reindex(id, from)
    for (const id of Object.keys(before)) if (!(id in from.summaries)) this.reindex(id, from)
  }

  private reindex(id: string, from: SearchableRows): void {
    const at = this.positions.get(id)
    if (at === undefined) return
    const row = from.rows[at] as Conversation
    const fields = {
      row,
      agentName: agentNameOf(row, from.agentNames),
      summary: from.summaries[id],
    }
    const entry = { ...fields, text: searchText(fields) }
    this.entries.set(id, entry)
    if (entry.text === this.texts[at]) return
    this.texts[at] = entry.text
    // The kept results stay exact: the row goes in or out of each by its new text.
    for (const [needle, found] of this.results) {
      const place = lowerBound(found, at)
      const listed = found[place] === at
      const matches = entry.text.includes(needle)
      if (matches && !listed) found.splice(place, 0, at)
      else if (!matches && listed) found.splice(place, 1)
    }
  }

  /** The rows of `from` that hold the search text (all of them for an empty search). */
  search(from: SearchableRows, search: string): Conversation[] {
    const needle = search.trim().toLowerCase()
    if (needle === '') return from.rows
    if (needle.includes('\n')) {
      // A line break would match across two fields of a row's text: ask each field instead.
      return from.rows.filter((row) =>
        matchesSearch(row, needle, agentNameOf(row, from.agentNames), from.summaries[row.id]),
      )
    }
    const texts = this.textsOf(from)
    let found = this.results.get(needle)
    if (found === undefined) {
      // Every row that holds the new text holds any part of it: test only the narrowest such
      // earlier result's rows.
      let within: number[] | null = null
      for (const [earlier, rows] of this.results)
        if (needle.includes(earlier) && (within === null || rows.length < within.length))
          within = rows
      found = []
      if (within === null) {
        for (let i = 0; i < texts.length; i++)
          if ((texts[i] as string).includes(needle)) found.push(i)
      } else {
        for (const i of within) if ((texts[i] as string).includes(needle)) found.push(i)
      }
      if (this.results.size >= KEPT_RESULTS) {
        const oldest = this.results.keys().next().value
        if (oldest !== undefined) this.results.delete(oldest)
      }
      this.results.set(needle, found)
    }
    return found.map((i) => from.rows[i] as Conversation)
  }
}

/** The first place in `sorted` whose value is not below `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if ((sorted[mid] as number) < value) low = mid + 1
    else high = mid
  }
  return low
}

/** The rows of `from` that hold the search text, with a one-off index (tests, one-shot callers). */
export function searchRows(from: SearchableRows, search: string): Conversation[] {
  return new InboxSearchIndex().search(from, search)
}
