import type { Conversation } from '../../../../../shared/domain/conversation'
import type { EvaluationSummary } from '../../../../../shared/domain/conversation-inbox'

/** Whether a row holds `needle` (already lowercased) in its id, agent name, status or summary. */
export function matchesSearch(
  row: Conversation,
  needle: string,
  agentName: string | undefined,
  summary: EvaluationSummary | undefined,
): boolean {
  if (needle === '') return true
  return [row.id, agentName ?? '', row.status, summary?.summary ?? ''].some((value) =>
    value.toLowerCase().includes(needle),
  )
}

/** Rows the search runs over, with what their agent names and summaries were then. */
export interface SearchableRows {
  rows: Conversation[]
  summaries: Record<string, EvaluationSummary>
  agentNames: ReadonlyMap<string, string>
  /** Each row's fields, lowercased, one a line; made at the first search over these rows. */
  texts?: string[]
}

function agentNameOf(
  row: Conversation,
  agentNames: ReadonlyMap<string, string>,
): string | undefined {
  return row.agentId === null ? undefined : agentNames.get(row.agentId)
}

/**
 * The rows of `from` that hold the search text. Why the texts are made once and kept: looking up
 * each row's agent name and summary and lowercasing its fields was the whole cost of a keystroke
 * at 10,000 rows; the rows, names and summaries change far less often than the search does.
 */
export function searchRows(from: SearchableRows, search: string): Conversation[] {
  const needle = search.trim().toLowerCase()
  if (needle === '') return from.rows
  if (needle.includes('\n')) {
    // A line break would match across two fields of a row's text: ask each field instead.
    return from.rows.filter((row) =>
      matchesSearch(row, needle, agentNameOf(row, from.agentNames), from.summaries[row.id]),
    )
  }
  // Lowercasing the fields joined by line breaks gives the fields lowercased one by one: a line
  // break is neither cased nor ignored by case, so no field's case mapping sees its neighbours.
  from.texts ??= from.rows.map((row) =>
    [
      row.id,
      agentNameOf(row, from.agentNames) ?? '',
      row.status,
      from.summaries[row.id]?.summary ?? '',
    ]
      .join('\n')
      .toLowerCase(),
  )
  const texts = from.texts
  return from.rows.filter((_, i) => (texts[i] as string).includes(needle))
}
