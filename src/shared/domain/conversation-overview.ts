import type { AppErrorData } from '../errors'

/** Periods the overview offers, in days ending today. */
export const OVERVIEW_PERIODS = [7, 30] as const
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number]

/** How a call ended up, as the overview counts it (the list's status in groups a person reads). */
export type OverviewOutcome = 'completed' | 'failed' | 'live' | 'waiting' | 'other'

/** Outcomes in the order the charts stack them. */
export const OVERVIEW_OUTCOMES: readonly OverviewOutcome[] = [
  'completed',
  'failed',
  'live',
  'waiting',
  'other',
]

/** Calls started on one local calendar day, by outcome. */
export interface OverviewDay {
  /** Local calendar day, YYYY-MM-DD, in the overview's time zone. */
  date: string
  calls: number
  byOutcome: Record<OverviewOutcome, number>
  /** Median length of the day's finished calls; null when none has a length. */
  medianMs: number | null
}

/** One bucket of the duration histogram: calls lasting from `fromMs` up to (not including) `toMs`. */
export interface DurationBucket {
  fromMs: number
  /** Null for the last, open-ended bucket. */
  toMs: number | null
  calls: number
}

/** Durations of the calls that have one (finished calls that were answered). */
export interface OverviewDurations {
  /** Calls with a duration. */
  calls: number
  medianMs: number
  p90Ms: number
  /** Calls of at least {@link LONG_CALL_MS}. */
  longCalls: number
  buckets: DurationBucket[]
}

/** A call of this length or longer counts as a long call. */
export const LONG_CALL_MS = 5 * 60_000

/** How one criterion of one agent came out over the evaluated calls. */
export interface OverviewCriterion {
  agentId: string | null
  id: string
  name: string
  passed: number
  failed: number
  unknown: number
}

/** Why calls ended, by the service's end reason (null: not given). */
export interface OverviewEndReason {
  reason: string | null
  calls: number
}

/**
 * The period just before the overview's, of the same length, counted the same way: what "this
 * week against last" compares with.
 */
export interface OverviewPrevious {
  /** Its first and last local day (YYYY-MM-DD). */
  firstDay: string
  lastDay: string
  calls: number
  /** Median length of its finished calls; null when none has one. */
  medianMs: number | null
  /** Criteria checks passed, and judged, over its evaluated calls. */
  checksPassed: number
  checksJudged: number
  /** Its finished calls whose evaluations were read, of `finished`. */
  evaluated: number
  finished: number
}

/**
 * A period of calls at a glance, computed in main from the whole list (paged) and the evaluations
 * of its finished calls. Every figure is for calls started in the period.
 */
export interface ConversationOverview {
  days: number
  /** Null: every agent. */
  agentId: string | null
  timeZone: string
  /** The period's first and last local day (YYYY-MM-DD). */
  firstDay: string
  lastDay: string
  /** When the figures were read (epoch ms). */
  readAt: number
  calls: number
  byOutcome: Record<OverviewOutcome, number>
  perDay: OverviewDay[]
  /** Null when no call of the period has a duration. */
  durations: OverviewDurations | null
  endReasons: OverviewEndReason[]
  criteria: OverviewCriterion[]
  /** Finished calls whose evaluations were read, of `finished`. */
  evaluated: number
  finished: number
  /** True when the list is not served by this deployment (there is nothing to count). */
  notServed: boolean
  /** The period before, for the comparison; null when the list is not served. */
  previous: OverviewPrevious | null
  /**
   * Set when the figures are counted from the calls saved on this computer, shown while the list
   * is read again: when they were read, and from which local day they reach (`complete`: the
   * whole period).
   */
  saved?: OverviewSaved
}

/** How far figures counted from the saved calls reach. */
export interface OverviewSaved {
  /** When the saved calls were read (epoch ms). */
  savedAt: number
  /** The first local day (YYYY-MM-DD) of the period the saved calls cover. */
  fromDay: string
  complete: boolean
}

/** Progress of reading a period: calls listed so far, evaluations read of those to read. */
export interface OverviewProgress {
  jobId: string
  listed: number
  evaluationsRead: number
  evaluationsToRead: number
  /**
   * Sent once, when the list is counted and before the evaluations are read: every figure but the
   * pass rates, so the charts appear while those are still read.
   */
  counted?: ConversationOverview
}

/** How reading an overview ended. */
export type OverviewEnded =
  | { jobId: string; ok: true; overview: ConversationOverview }
  | { jobId: string; ok: false; error: AppErrorData }
