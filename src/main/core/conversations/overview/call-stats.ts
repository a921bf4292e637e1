import type { Conversation } from '../../../../shared/domain/conversation'
import type { EvaluationSummary } from '../../../../shared/domain/conversation-inbox'
import type {
  ConversationListQuery,
  ConversationListResult,
} from '../../../../shared/domain/conversation-list'
import type {
  ConversationOverview,
  OverviewOutcome,
} from '../../../../shared/domain/conversation-overview'
import { AppError } from '../../../../shared/errors'
import type { CallRecord } from './call-record'
import { localDays } from './local-days'
import type { OverviewPeriodBounds } from './overview-tally'
import { OverviewTally } from './overview-tally'

/** Rows per list page: the service's maximum, so a month of calls takes the fewest reads. */
export const PAGE_SIZE = 200
/**
 * Finished calls whose evaluations are read for the pass rates: the newest ones. Why a ceiling:
 * evaluations are one read per call under the account's read limit (5 a second on the free plan),
 * so a month of thousands of calls would keep the limiter busy for minutes; the figures say how
 * many calls their pass rates cover.
 */
export const MAX_EVALUATED_CALLS = 400

/** Where the calls come from: the list, paged, and each finished call's evaluation summary. */
export interface CallSource {
  list(query: ConversationListQuery, signal: AbortSignal): Promise<ConversationListResult>
  evaluationSummaries(
    ids: string[],
    signal: AbortSignal,
  ): Promise<Record<string, EvaluationSummary>>
}

/**
 * Pages the list newest first from `query` until a page reaches before `fromMs`, handing each
 * page's rows (of `agentId` only, when given) to `onPage`. Returns false when the list is not
 * served. The one paging of the overview and the CLI's stats.
 */
export async function pageCalls(
  source: CallSource,
  query: ConversationListQuery,
  fromMs: number,
  signal: AbortSignal,
  onPage: (rows: readonly Conversation[]) => void,
): Promise<boolean> {
  for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
    const page = await source.list(cursor === null ? query : { ...query, cursor }, signal)
    if (signal.aborted) throw new AppError('CANCELLED', 'Reading the calls was cancelled.')
    if (!page.served) return false
    // An older list ignores the filters: its rows are checked here, and agent by agent.
    const agentId = query.agentId
    onPage(
      agentId === undefined
        ? page.conversations
        : page.conversations.filter((c) => c.agentId === agentId),
    )
    // Newest first: once a page reaches past the start, older pages have nothing for it.
    const oldest = page.conversations.at(-1)?.startedAt
    const pastStart = oldest !== undefined && oldest !== null && Date.parse(oldest) < fromMs
    cursor = page.hasMore && !pastStart ? page.nextCursor : null
  }
  return true
}

/** How `conversation stats` groups the calls besides the totals. */
export type StatsGrouping = 'day' | 'hour' | 'agent'

/** What `conversation stats` counts: calls started from `fromMs` up to `toMs`. */
export interface CallStatsRequest {
  fromMs: number
  toMs: number
  agentId: string | null
  timeZone: string
  by: StatsGrouping
}

/** One group's calls by outcome. */
export interface CallStatsGroup {
  key: string
  calls: number
  byOutcome: Record<OverviewOutcome, number>
}

/** The overview's figures for a range, and the calls by the chosen grouping. */
export interface CallStats {
  figures: ConversationOverview
  groups: CallStatsGroup[]
}

/**
 * Counts the calls of a range as the overview does (the same tally: outcomes, median and p90
 * length, end reasons, pass rate per criterion over the newest finished calls), grouped by local
 * day, hour or agent. Null when the list is not served.
 */
export async function readCallStats(
  source: CallSource,
  request: CallStatsRequest,
  signal: AbortSignal,
): Promise<CallStats | null> {
  const local = localDays(request.timeZone)
  const firstDay = local.dayOf(request.fromMs)
  const lastDay = local.dayOf(request.toMs - 1)
  let days = 1
  while (local.addDays(firstDay, days - 1) < lastDay) days++
  const period: OverviewPeriodBounds = {
    days,
    firstDay,
    lastDay,
    fromMs: request.fromMs,
    toMs: request.toMs,
  }
  const groupOf =
    request.by === 'hour'
      ? (_c: CallRecord, ms: number) => local.hourOf(ms)
      : request.by === 'agent'
        ? (c: CallRecord) => c.agentId ?? ''
        : undefined
  const tally = new OverviewTally(period, local, groupOf)
  const query: ConversationListQuery = {
    limit: PAGE_SIZE,
    startedAfter: new Date(request.fromMs).toISOString(),
    startedBefore: new Date(request.toMs).toISOString(),
    ...(request.agentId === null ? {} : { agentId: request.agentId }),
  }
  const served = await pageCalls(source, query, request.fromMs, signal, (rows) => {
    tally.addPage(rows)
  })
  if (!served) return null
  const ids = tally
    .finishedCalls()
    .slice(0, MAX_EVALUATED_CALLS)
    .map((c) => c.id)
  const summaries = new Map(Object.entries(await source.evaluationSummaries(ids, signal)))
  const figures = tally.result(summaries, {
    agentId: request.agentId,
    timeZone: request.timeZone,
    readAt: request.toMs,
  })
  const groups =
    request.by === 'day'
      ? figures.perDay.map((d) => ({ key: d.date, calls: d.calls, byOutcome: d.byOutcome }))
      : tally.groups()
  return { figures, groups }
}
