import { useMemo, useState } from 'react'
import { isFinalConversationStatus } from '../../../../../shared/domain/conversation'
import type { Conversation } from '../../../../../shared/domain/conversation'
import type { EvaluationSummary } from '../../../../../shared/domain/conversation-inbox'
import { useRequestSummaries } from '../api/inbox-queries'
import type { InboxFilters, VisibleRows } from './inbox-filter'
import { evaluatedRows, needsEvaluations } from './inbox-filter'
import { InboxSearchIndex } from './inbox-search'

/**
 * The rows the inbox shows, in two steps: the evaluation filters when the rows, filters, names or
 * evaluations change; the search at each keystroke, through an index kept for the inbox's life.
 */
export function useShownRows(
  loaded: Conversation[],
  filters: InboxFilters,
  search: string,
  summaries: Record<string, EvaluationSummary>,
  agentNames: ReadonlyMap<string, string>,
): VisibleRows {
  const evaluated = useMemo(
    () => evaluatedRows(loaded, filters, summaries, agentNames),
    [loaded, filters, summaries, agentNames],
  )
  const [index] = useState(() => new InboxSearchIndex())
  const rows = useMemo(() => index.search(evaluated, search), [index, evaluated, search])
  return { rows, awaitingEvaluations: evaluated.awaitingEvaluations }
}

/**
 * Asks for the evaluations the inbox needs: those of the finished rows on screen, or, while an
 * evaluation filter is set, of every loaded finished row. Returns the setter the table reports
 * its visible rows to.
 */
export function useEvaluationReads(
  loaded: Conversation[],
  filters: InboxFilters,
  summaries: Record<string, EvaluationSummary>,
): (ids: string[]) => void {
  const [onScreen, setOnScreen] = useState<string[]>([])
  const byId = useMemo(() => new Map(loaded.map((row) => [row.id, row])), [loaded])
  const toRead = useMemo(() => {
    const unread = (row: Conversation | undefined): row is Conversation =>
      row !== undefined && isFinalConversationStatus(row.status) && summaries[row.id] === undefined
    if (needsEvaluations(filters)) return loaded.filter(unread)
    return onScreen.map((id) => byId.get(id)).filter(unread)
  }, [filters, loaded, byId, summaries, onScreen])
  useRequestSummaries(toRead)
  return setOnScreen
}
