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
import { MAX_EVALUATED_CALLS, PAGE_SIZE, pageCalls } from './call-stats'
import { OverviewTally, periodEnding, previousFigures } from './overview-tally'

/**
 * Evaluation reads for the period before (for "this week against last"), at most, taken from the
 * {@link MAX_EVALUATED_CALLS}. Why a small share of the same ceiling: a read by id shares the
 * account's read rate with these, so the comparison may add at most this many reads to a quiet
 * period's and none to a busy one's.
 */
export const PREVIOUS_EVALUATED_SHARE = 100
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
  // Why when kept and not `readAt`: a big account's read can take longer than the freshness
  // itself, and figures that were stale on arrival were never reused.
  readonly #cache = new Map<string, { overview: ConversationOverview; keptAt: number }>()

  constructor(options: OverviewServiceOptions) {
    this.#options = options
  }

  /** The figures of a period read (finished) less than {@link OVERVIEW_FRESH_MS} ago, or null. */
  cached(request: OverviewRequest): ConversationOverview | null {
    const key = this.#key(request)
    const hit = this.#cache.get(key)
    if (hit === undefined) return null
    if (this.#options.clock.now() - hit.keptAt > OVERVIEW_FRESH_MS) {
      this.#cache.delete(key)
      return null
    }
    return hit.overview
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
    const source = {
      list: (q: ConversationListQuery, sig: AbortSignal) => this.#options.inbox.list(q, sig),
      evaluationSummaries: () => Promise.resolve({}),
    }
    const served = await pageCalls(source, query, before.fromMs, signal, (rows) => {
      listed += tally.addPage(rows) + earlierTally.addPage(rows)
      onProgress({ listed, evaluationsRead: 0, evaluationsToRead: 0 })
    })
    stopIfCancelled(signal)
    if (!served) return this.#notServed(request, period)

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
    this.#cache.set(key, { overview, keptAt: this.#options.clock.now() })
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
  const thenShare = Math.min(then.length, PREVIOUS_EVALUATED_SHARE)
  return [...now.slice(0, MAX_EVALUATED_CALLS - thenShare), ...then.slice(0, thenShare)].map(
    (c) => c.id,
  )
}

function stopIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError('CANCELLED', 'Reading the overview was cancelled.')
}
