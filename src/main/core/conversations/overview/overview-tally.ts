import type { Conversation } from '../../../../shared/domain/conversation'
import type { EvaluationSummary } from '../../../../shared/domain/conversation-inbox'
import type {
  ConversationOverview,
  DurationBucket,
  OverviewCriterion,
  OverviewOutcome,
  OverviewPrevious,
} from '../../../../shared/domain/conversation-overview'
import { LONG_CALL_MS } from '../../../../shared/domain/conversation-overview'
import type { CallRecord } from './call-record'
import { toCallRecord } from './call-record'
import type { LocalDays } from './local-days'

/** Upper bounds of the duration histogram's buckets; the last bucket is open-ended. */
const BUCKET_BOUNDS_MS = [30_000, 60_000, 120_000, 180_000, 300_000, 600_000]

/** A finished call counted: its id, agent and when it ended (start plus duration, epoch ms). */
export interface FinishedCall {
  id: string
  agentId: string | null
  finishedMs: number
}

/** The period an overview covers: local days from `firstDay` to `lastDay`, both included. */
export interface OverviewPeriodBounds {
  days: number
  firstDay: string
  lastDay: string
  /** Start of `firstDay` and end of `lastDay` (exclusive), epoch ms. */
  fromMs: number
  toMs: number
}

/** The last `days` local days up to and including the day of `nowMs`. */
export function periodEnding(nowMs: number, days: number, local: LocalDays): OverviewPeriodBounds {
  const lastDay = local.dayOf(nowMs)
  const firstDay = local.addDays(lastDay, -(days - 1))
  return {
    days,
    firstDay,
    lastDay,
    fromMs: local.startOf(firstDay),
    toMs: local.startOf(local.addDays(lastDay, 1)),
  }
}

/** How the overview groups a list status. */
export function outcomeOf(status: string): OverviewOutcome {
  if (status === 'completed') return 'completed'
  if (status === 'failed') return 'failed'
  if (status === 'active') return 'live'
  if (status === 'pending') return 'waiting'
  return 'other'
}

function noOutcomes(): Record<OverviewOutcome, number> {
  return { completed: 0, failed: 0, live: 0, waiting: 0, other: 0 }
}

/** The value at quantile `q` (0..1) of sorted numbers (nearest rank). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.ceil(q * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

/**
 * Counts a period's calls page by page (so no step holds main for long), then its evaluations.
 * A call counts when it started inside the period; calls outside it (an older list that ignores
 * the date filter) are left out here, not trusted to the service.
 */
export class OverviewTally {
  readonly #period: OverviewPeriodBounds
  readonly #local: LocalDays
  readonly #perDay = new Map<string, Record<OverviewOutcome, number>>()
  readonly #byOutcome = noOutcomes()
  readonly #durations: number[] = []
  readonly #dayDurations = new Map<string, number[]>()
  readonly #endReasons = new Map<string | null, number>()
  readonly #finished: FinishedCall[] = []
  readonly #seen = new Set<string>()
  readonly #groupOf: ((call: CallRecord, startedMs: number) => string) | undefined
  readonly #groups = new Map<string, Record<OverviewOutcome, number>>()
  #calls = 0

  /** `groupOf`, when given, also counts the calls by the key it gives each (an hour, an agent). */
  constructor(
    period: OverviewPeriodBounds,
    local: LocalDays,
    groupOf?: (call: CallRecord, startedMs: number) => string,
  ) {
    this.#period = period
    this.#local = local
    this.#groupOf = groupOf
    for (let day = period.firstDay; day <= period.lastDay; day = local.addDays(day, 1)) {
      this.#perDay.set(day, noOutcomes())
    }
  }

  /** Adds one page of the list; returns how many of its calls fell in the period. */
  addPage(conversations: readonly Conversation[]): number {
    const rows: CallRecord[] = []
    for (const c of conversations) {
      const row = toCallRecord(c)
      if (row !== null) rows.push(row)
    }
    return this.addCalls(rows, 0, rows.length)
  }

  /**
   * Adds calls `from` up to `to` of `calls`; returns how many of them fell in the period.
   * `unique`: the caller knows no call comes twice (the kept calls), so none is looked up.
   */
  addCalls(calls: readonly CallRecord[], from: number, to: number, unique = false): number {
    let counted = 0
    for (let i = from; i < to; i++) {
      const c = calls[i]!
      if (!unique && this.#seen.has(c.id)) continue
      const started = c.startedMs
      if (!(started >= this.#period.fromMs && started < this.#period.toMs)) continue
      const date = this.#local.dayOf(started)
      const day = this.#perDay.get(date)
      if (day === undefined) continue
      if (!unique) this.#seen.add(c.id)
      counted++
      this.#calls++
      const outcome = outcomeOf(c.status)
      day[outcome]++
      if (this.#groupOf !== undefined) {
        const key = this.#groupOf(c, started)
        let group = this.#groups.get(key)
        if (group === undefined) this.#groups.set(key, (group = noOutcomes()))
        group[outcome]++
      }
      this.#byOutcome[outcome]++
      if (c.durationMs !== null && (outcome === 'completed' || outcome === 'failed')) {
        this.#durations.push(c.durationMs)
        const dayDurations = this.#dayDurations.get(date)
        if (dayDurations === undefined) this.#dayDurations.set(date, [c.durationMs])
        else dayDurations.push(c.durationMs)
      }
      if (outcome === 'completed' || outcome === 'failed') {
        this.#endReasons.set(c.endReason, (this.#endReasons.get(c.endReason) ?? 0) + 1)
        this.#finished.push({
          id: c.id,
          agentId: c.agentId,
          finishedMs: started + (c.durationMs ?? 0),
        })
      }
    }
    return counted
  }

  /** The calls counted by `groupOf`'s keys, in key order (empty without `groupOf`). */
  groups(): { key: string; calls: number; byOutcome: Record<OverviewOutcome, number> }[] {
    return [...this.#groups]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, byOutcome]) => ({
        key,
        calls: Object.values(byOutcome).reduce((a, b) => a + b, 0),
        byOutcome: { ...byOutcome },
      }))
  }

  /** Finished calls counted so far, newest first as the list gave them. */
  finishedCalls(): readonly FinishedCall[] {
    return this.#finished
  }

  /** The figures, with the evaluations read (by call id) folded in per agent and criterion. */
  result(
    summaries: ReadonlyMap<string, EvaluationSummary>,
    meta: { agentId: string | null; timeZone: string; readAt: number },
  ): ConversationOverview {
    const criteria = new Map<string, OverviewCriterion>()
    let evaluated = 0
    for (const call of this.#finished) {
      const summary = summaries.get(call.id)
      if (summary === undefined) continue
      evaluated++
      for (const criterion of summary.criteria) {
        const key = `${call.agentId ?? ''}|${criterion.id}`
        let row = criteria.get(key)
        if (row === undefined) {
          row = {
            agentId: call.agentId,
            id: criterion.id,
            name: criterion.name,
            passed: 0,
            failed: 0,
            unknown: 0,
          }
          criteria.set(key, row)
        }
        row[criterion.result]++
      }
    }
    // Why a typed array: it sorts numbers natively, several times faster than a compare function
    // over a month of a busy account's durations, and this runs in main's turn.
    const sorted = Float64Array.from(this.#durations).sort()
    return {
      days: this.#period.days,
      agentId: meta.agentId,
      timeZone: meta.timeZone,
      firstDay: this.#period.firstDay,
      lastDay: this.#period.lastDay,
      readAt: meta.readAt,
      calls: this.#calls,
      byOutcome: { ...this.#byOutcome },
      perDay: [...this.#perDay].map(([date, byOutcome]) => ({
        date,
        calls: Object.values(byOutcome).reduce((a, b) => a + b, 0),
        byOutcome: { ...byOutcome },
        medianMs: medianOf(this.#dayDurations.get(date)),
      })),
      durations:
        sorted.length === 0
          ? null
          : {
              calls: sorted.length,
              medianMs: quantile(sorted, 0.5),
              p90Ms: quantile(sorted, 0.9),
              longCalls: sorted.length - firstAtLeast(sorted, LONG_CALL_MS),
              buckets: buckets(sorted),
            },
      endReasons: [...this.#endReasons]
        .map(([reason, calls]) => ({ reason, calls }))
        .sort((a, b) => b.calls - a.calls),
      criteria: [...criteria.values()],
      evaluated,
      finished: this.#finished.length,
      notServed: false,
      previous: null,
    }
  }
}

/** The figures of a period in the few numbers "this period against the last" compares. */
export function previousFigures(o: ConversationOverview): OverviewPrevious {
  let checksPassed = 0
  let checksJudged = 0
  for (const c of o.criteria) {
    checksPassed += c.passed
    checksJudged += c.passed + c.failed + c.unknown
  }
  return {
    firstDay: o.firstDay,
    lastDay: o.lastDay,
    calls: o.calls,
    medianMs: o.durations?.medianMs ?? null,
    checksPassed,
    checksJudged,
    evaluated: o.evaluated,
    finished: o.finished,
  }
}

function medianOf(durations: number[] | undefined): number | null {
  if (durations === undefined || durations.length === 0) return null
  return quantile(Float64Array.from(durations).sort(), 0.5)
}

/** The index of the first value of `sorted` that is at least `bound` (its length if none). */
function firstAtLeast(sorted: Float64Array, bound: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (sorted[mid]! < bound) low = mid + 1
    else high = mid
  }
  return low
}

/** Calls per length bucket, each counted between two binary searches of the sorted lengths. */
function buckets(sorted: Float64Array): DurationBucket[] {
  const out: DurationBucket[] = []
  let from = 0
  let start = 0
  for (const bound of [...BUCKET_BOUNDS_MS, null]) {
    const end = bound === null ? sorted.length : firstAtLeast(sorted, bound)
    out.push({ fromMs: from, toMs: bound, calls: end - start })
    start = end
    if (bound !== null) from = bound
  }
  return out
}

/** The figures of a period when the service does not list conversations: nothing to count. */
export function notServedOverview(
  request: { days: ConversationOverview['days']; agentId: string | null; timeZone: string },
  period: { firstDay: string; lastDay: string },
  nowMs: number,
): ConversationOverview {
  return {
    days: request.days,
    agentId: request.agentId,
    timeZone: request.timeZone,
    firstDay: period.firstDay,
    lastDay: period.lastDay,
    readAt: nowMs,
    calls: 0,
    byOutcome: noOutcomes(),
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
