import type { Conversation } from '../../../../../shared/domain/conversation'
import { isFinalConversationStatus } from '../../../../../shared/domain/conversation'
import type {
  EvaluationSummary,
  InboxServerFilters,
} from '../../../../../shared/domain/conversation-inbox'
import type { SearchableRows } from './inbox-search'
import { searchRows } from './inbox-search'

/** How a conversation's evaluations came out, as the inbox filters them. */
export type OutcomeFilter = 'any' | 'passed' | 'failed' | 'unevaluated'

/** Every filter of the inbox, as the user set it. Dates are local calendar days (YYYY-MM-DD). */
export interface InboxFilters {
  agentId: string
  status: string
  from: string
  to: string
  outcome: OutcomeFilter
  /** A criterion id, or '' for any. With an outcome, the outcome is that criterion's. */
  criterion: string
}

export const NO_FILTERS: InboxFilters = {
  agentId: '',
  status: '',
  from: '',
  to: '',
  outcome: 'any',
  criterion: '',
}

/** Midnight at the start of a local calendar day, or null for an empty or invalid day. */
function localMidnight(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (match === null) return null
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * The part of the filters the service applies: agent, status, and the date range as RFC 3339
 * bounds (from the start of `from` to the end of `to`, in the user's time zone).
 */
export function toServerFilters(filters: InboxFilters): InboxServerFilters {
  const out: InboxServerFilters = {}
  if (filters.agentId !== '') out.agentId = filters.agentId
  if (filters.status !== '') out.status = filters.status
  const from = localMidnight(filters.from)
  if (from !== null) out.startedAfter = from.toISOString()
  const to = localMidnight(filters.to)
  if (to !== null) {
    to.setDate(to.getDate() + 1)
    out.startedBefore = to.toISOString()
  }
  return out
}

/** True when the filters need evaluations to decide (outcome or criterion). */
export function needsEvaluations(filters: InboxFilters): boolean {
  return filters.outcome !== 'any' || filters.criterion !== ''
}

/**
 * Whether a row passes the evaluation filters: `true`, `false`, or `null` when its evaluations
 * are not read yet (the inbox says how many are still being read).
 */
export function matchesEvaluation(
  row: Conversation,
  summary: EvaluationSummary | undefined,
  filters: InboxFilters,
): boolean | null {
  if (!needsEvaluations(filters)) return true
  if (summary === undefined) {
    // A conversation still running has no evaluations yet: it is "not evaluated", known now.
    if (!isFinalConversationStatus(row.status)) {
      return filters.outcome === 'unevaluated' && filters.criterion === ''
    }
    return null
  }
  if (filters.criterion !== '') {
    const criterion = summary.criteria.find((c) => c.id === filters.criterion)
    if (criterion === undefined) return false
    if (filters.outcome === 'passed') return criterion.result === 'passed'
    if (filters.outcome === 'failed') return criterion.result === 'failed'
    if (filters.outcome === 'unevaluated') return criterion.result === 'unknown'
    return true
  }
  if (filters.outcome === 'unevaluated') return summary.total === 0
  if (summary.total === 0) return false
  if (filters.outcome === 'passed') return summary.passed === summary.total
  return summary.criteria.some((c) => c.result === 'failed')
}

/** The rows the inbox shows, and how many loaded rows still wait for their evaluations. */
export interface VisibleRows {
  rows: Conversation[]
  awaitingEvaluations: number
}

/** The loaded rows that pass the evaluation filters, ready to search, and how many wait. */
export interface EvaluatedRows extends SearchableRows {
  awaitingEvaluations: number
}

/**
 * Applies the evaluation filters to the loaded rows (the service did the rest). Without any, every
 * loaded row passes as it is: nothing is looked up.
 */
export function evaluatedRows(
  loaded: Conversation[],
  filters: InboxFilters,
  summaries: Record<string, EvaluationSummary>,
  agentNames: ReadonlyMap<string, string>,
): EvaluatedRows {
  if (!needsEvaluations(filters)) {
    return { rows: loaded, awaitingEvaluations: 0, summaries, agentNames }
  }
  const rows: Conversation[] = []
  let awaitingEvaluations = 0
  for (const row of loaded) {
    const evaluation = matchesEvaluation(row, summaries[row.id], filters)
    if (evaluation === null) awaitingEvaluations += 1
    else if (evaluation) rows.push(row)
  }
  return { rows, awaitingEvaluations, summaries, agentNames }
}

/** Applies the evaluation filters and the search to the loaded rows. */
export function visibleRows(
  loaded: Conversation[],
  filters: InboxFilters,
  search: string,
  summaries: Record<string, EvaluationSummary>,
  agentNames: ReadonlyMap<string, string>,
): VisibleRows {
  const evaluated = evaluatedRows(loaded, filters, summaries, agentNames)
  return {
    rows: searchRows(evaluated, search),
    awaitingEvaluations: evaluated.awaitingEvaluations,
  }
}

/** Whether a conversation belongs in the inbox under the filters the service applies. */
export function matchesServerFilters(row: Conversation, filters: InboxServerFilters): boolean {
  if (filters.agentId !== undefined && row.agentId !== filters.agentId) return false
  if (filters.status !== undefined && row.status !== filters.status) return false
  if (filters.startedAfter !== undefined || filters.startedBefore !== undefined) {
    const started = row.startedAt === null ? NaN : Date.parse(row.startedAt)
    if (Number.isNaN(started)) return false
    if (filters.startedAfter !== undefined && started < Date.parse(filters.startedAfter))
      return false
    if (filters.startedBefore !== undefined && started >= Date.parse(filters.startedBefore))
      return false
  }
  return true
}

/** One page of the list as the inbox caches it. */
export interface InboxPage {
  conversations: Conversation[]
  nextCursor: string | null
  hasMore: boolean
}

/**
 * Applies a live change to the loaded pages: a row already loaded is replaced in place (or
 * dropped when it no longer matches the filters, e.g. a status filter); a new one that matches
 * goes first; anything else leaves the pages as they were (same object).
 */
export function applyLiveChange(
  pages: InboxPage[],
  conversation: Conversation,
  filters: InboxServerFilters,
): InboxPage[] {
  const matches = matchesServerFilters(conversation, filters)
  let found = false
  const next = pages.map((page) => {
    const index = page.conversations.findIndex((c) => c.id === conversation.id)
    if (index === -1) return page
    found = true
    const conversations = [...page.conversations]
    if (matches) conversations[index] = conversation
    else conversations.splice(index, 1)
    return { ...page, conversations }
  })
  if (found) return next
  if (!matches || pages.length === 0) return pages
  const [first, ...rest] = pages as [InboxPage, ...InboxPage[]]
  return [{ ...first, conversations: [conversation, ...first.conversations] }, ...rest]
}

/**
 * The row the keyboard moves to: `delta` rows from the focused one, kept within the list; the
 * first row when nothing (or a row no longer shown) has focus.
 */
export function moveFocus(ids: string[], focusedId: string | null, delta: number): string | null {
  if (ids.length === 0) return null
  const at = focusedId === null ? -1 : ids.indexOf(focusedId)
  if (at === -1) return ids[0] ?? null
  return ids[Math.min(ids.length - 1, Math.max(0, at + delta))] ?? null
}

/**
 * The rows of the loaded pages in order, each once: a live row put first by an update may come
 * again in a later page. A page the service did not serve (null) adds nothing.
 */
export function uniqueRows(pages: readonly (InboxPage | null)[]): Conversation[] {
  const seen = new Set<string>()
  const rows: Conversation[] = []
  for (const page of pages) {
    for (const row of page?.conversations ?? []) {
      if (seen.has(row.id)) continue
      seen.add(row.id)
      rows.push(row)
    }
  }
  return rows
}
