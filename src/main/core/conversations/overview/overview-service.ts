import type { EvaluationSummary } from '../../../../shared/domain/conversation-inbox'
import type { ConversationListQuery } from '../../../../shared/domain/conversation-list'
import type {
  ConversationOverview,
  OverviewPeriod,
} from '../../../../shared/domain/conversation-overview'
import { AppError } from '../../../../shared/errors'
import type { Clock } from '../../clock'
import type { InboxService } from '../inbox-service'
import { localDays } from './local-days'
import { OverviewTally, periodEnding, previousFigures } from './overview-tally'

/** Rows per list page: the service's maximum, so a month of calls takes the fewest reads. */
const PAGE_SIZE = 200
/**
 * Finished calls whose evaluations are read for the pass rates: the newest ones. Why a ceiling:
 * evaluations are one read per call under the account's read limit (5 a second on the free plan),
 * so a month of thousands of calls would keep the limiter busy for minutes; the overview says
 * how many calls its pass rates cover.
 */
export const MAX_EVALUATED_CALLS = 400
/**
 * Of those, the reads kept for the period before (for "this week against last") when the current
 * period would take them all. Why a share of the same ceiling and not more reads: a read by id
 * shares the account's read rate with these, so the comparison must not make the overview's
 * reads last longer.
 */
export const MIN_PREVIOUS_EVALUATED = 100
/** Evaluation summaries asked for at once (progress is reported after each batch). */
const EVALUATION_BATCH = 40
/** How long a period's figures are reused before they are read again. */
export const OVERVIEW_FRESH_MS = 120_000
/** Periods kept (each agent and period is one). */
const MAX_CACHED = 24

/** What one overview covers. */
export interface OverviewRequest {
  days: OverviewPeriod
  agentId: string | null
  timeZone: string
}

/** Progress of one read: calls listed, evaluations read of those to read. */
export interface OverviewReadProgress {
  listed: number
  evaluationsRead: number
  evaluationsToRead: number
  /** Every figure but the pass rates, once the list is counted (sent once). */
  counted?: ConversationOverview
}

export interface OverviewServiceOptions {
  inbox: InboxService
  /** Which account and service answer now: another account's figures are never reused. */
  accountIdentity: () => string
  clock: Clock
}

/**
 * A period of calls at a glance, computed in main: the whole list for the period paged through
 * (newest first), counted page by page, then the evaluations of its newest finished calls.
 * Results are kept per account, agent and period for {@link OVERVIEW_FRESH_MS}. Electron-free.
 */
export class OverviewService {
  readonly #options: OverviewServiceOptions
  readonly #cache = new Map<string, ConversationOverview>()

  constructor(options: OverviewServiceOptions) {
    this.#options = options
  }

  /** The figures of a period read less than {@link OVERVIEW_FRESH_MS} ago, or null. */
  cached(request: OverviewRequest): ConversationOverview | null {
    const key = this.#key(request)
    const hit = this.#cache.get(key)
    if (hit === undefined) return null
    if (this.#options.clock.now() - hit.readAt > OVERVIEW_FRESH_MS) {
      this.#cache.delete(key)
      return null
    }
    return hit
  }

  /** Reads a period's figures (paged, cancellable with `signal`) and keeps them. */
  async read(
    request: OverviewRequest,
    signal: AbortSignal,
    onProgress: (progress: OverviewReadProgress) => void,
  ): Promise<ConversationOverview> {
    const key = this.#key(request)
    const local = localDays(request.timeZone)
    const now = this.#options.clock.now()
    const period = periodEnding(now, request.days, local)
    // The period before ends on the day before this one starts; it is paged in the same reads.
    const before = periodEnding(period.fromMs - 1, request.days, local)
    const tally = new OverviewTally(period, local)
    const earlierTally = new OverviewTally(before, local)
    const query: ConversationListQuery = {
      limit: PAGE_SIZE,
      startedAfter: new Date(before.fromMs).toISOString(),
      startedBefore: new Date(period.toMs).toISOString(),
      ...(request.agentId === null ? {} : { agentId: request.agentId }),
    }
    let listed = 0
    onProgress({ listed, evaluationsRead: 0, evaluationsToRead: 0 })
    for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
      const page = await this.#options.inbox.list(
        cursor === null ? query : { ...query, cursor },
        signal,
      )
      stopIfCancelled(signal)
      if (!page.served) return this.#notServed(request, period)
      // An older list ignores the filters: its rows are checked here, and agent by agent.
      const rows =
        request.agentId === null
          ? page.conversations
          : page.conversations.filter((c) => c.agentId === request.agentId)
      listed += tally.addPage(rows) + earlierTally.addPage(rows)
      onProgress({ listed, evaluationsRead: 0, evaluationsToRead: 0 })
      // Newest first: once a page reaches past the earlier period's start, older pages have
      // nothing for either.
      const oldest = page.conversations.at(-1)?.startedAt
      const pastStart =
        oldest !== undefined && oldest !== null && Date.parse(oldest) < before.fromMs
      cursor = page.hasMore && !pastStart ? page.nextCursor : null
    }

    const toRead = evaluationsToRead(tally, earlierTally)
    const summaries = new Map<string, EvaluationSummary>()
    const meta = { agentId: request.agentId, timeZone: request.timeZone, readAt: now }
    const figures = (): ConversationOverview => ({
      ...tally.result(summaries, meta),
      previous: previousFigures(earlierTally.result(summaries, meta)),
    })
    // Why before the evaluations: those are one read per call under the read limit (tens of
    // seconds for a busy week); the counts are ready now and are what a lead reads first.
    onProgress({
      listed,
      evaluationsRead: 0,
      evaluationsToRead: toRead.length,
      counted: figures(),
    })
    for (let start = 0; start < toRead.length; start += EVALUATION_BATCH) {
      const found = await this.#options.inbox.evaluationSummaries(
        toRead.slice(start, start + EVALUATION_BATCH),
      )
      stopIfCancelled(signal)
      for (const [id, summary] of Object.entries(found)) summaries.set(id, summary)
      onProgress({
        listed,
        evaluationsRead: Math.min(toRead.length, start + EVALUATION_BATCH),
        evaluationsToRead: toRead.length,
      })
    }
    const overview = figures()
    this.#keep(key, overview)
    return overview
  }

  /** Drops every kept period (a key or service change). */
  forget(): void {
    this.#cache.clear()
  }

  #notServed(
    request: OverviewRequest,
    period: { firstDay: string; lastDay: string },
  ): ConversationOverview {
    return {
      days: request.days,
      agentId: request.agentId,
      timeZone: request.timeZone,
      firstDay: period.firstDay,
      lastDay: period.lastDay,
      readAt: this.#options.clock.now(),
      calls: 0,
      byOutcome: { completed: 0, failed: 0, live: 0, waiting: 0, other: 0 },
      perDay: [],
      durations: null,
      endReasons: [],
      criteria: [],
      evaluated: 0,
      finished: 0,
      notServed: true,
      previous: null,
    }
  }

  #key(request: OverviewRequest): string {
    const identity = this.#options.accountIdentity()
    const today = localDays(request.timeZone).dayOf(this.#options.clock.now())
    return [identity, request.agentId ?? '*', request.days, request.timeZone, today].join('|')
  }

  #keep(key: string, overview: ConversationOverview): void {
    this.#cache.delete(key)
    this.#cache.set(key, overview)
    if (this.#cache.size > MAX_CACHED) {
      const oldest = this.#cache.keys().next().value
      if (oldest !== undefined) this.#cache.delete(oldest)
    }
  }
}

/**
 * The calls whose evaluations are read, newest first: the current period's, then the period
 * before's, within {@link MAX_EVALUATED_CALLS} together.
 */
function evaluationsToRead(current: OverviewTally, earlier: OverviewTally): string[] {
  const now = current.finishedCalls()
  const then = earlier.finishedCalls()
  const thenShare = Math.min(
    then.length,
    Math.max(MIN_PREVIOUS_EVALUATED, MAX_EVALUATED_CALLS - now.length),
  )
  return [...now.slice(0, MAX_EVALUATED_CALLS - thenShare), ...then.slice(0, thenShare)].map(
    (c) => c.id,
  )
}

function stopIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError('CANCELLED', 'Reading the overview was cancelled.')
}
