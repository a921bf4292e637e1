import type { Conversation } from '../../../../../shared/domain/conversation'
import type { EvaluationSummary } from '../../../../../shared/domain/conversation-inbox'

/** The text of one row the search looks in, lowercased, and what it was made from. */
interface SearchText {
  agentName: string
  summary: string
  /** Id, agent name, status and summary, lowercased. */
  fields: readonly string[]
}

// Why a cache: lowercasing four fields of every loaded row at every keystroke was most of the
// search's cost at 10,000 rows. A conversation that changes arrives as a new object, and the
// agent name and summary are checked against what the entry was made from, so an entry never
// answers for text the row no longer has.
const texts = new WeakMap<Conversation, SearchText>()

function searchText(row: Conversation, agentName: string, summary: string): SearchText {
  const cached = texts.get(row)
  if (cached !== undefined && cached.agentName === agentName && cached.summary === summary) {
    return cached
  }
  const fields = [row.id, agentName, row.status, summary].map((value) => value.toLowerCase())
  const text = { agentName, summary, fields }
  texts.set(row, text)
  return text
}

/** Whether a row holds `needle` (already lowercased) in its id, agent name, status or summary. */
export function matchesSearch(
  row: Conversation,
  needle: string,
  agentName: string | undefined,
  summary: EvaluationSummary | undefined,
): boolean {
  if (needle === '') return true
  return searchText(row, agentName ?? '', summary?.summary ?? '').fields.some((field) =>
    field.includes(needle),
  )
}
