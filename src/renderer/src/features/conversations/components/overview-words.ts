import type {
  OverviewOutcome,
  OverviewSaved,
} from '../../../../../shared/domain/conversation-overview'

const number = new Intl.NumberFormat()
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 })

/** "1 call", "2,010 calls". */
export function callsText(n: number): string {
  return `${number.format(n)} call${n === 1 ? '' : 's'}`
}

/** A count with the locale's grouping. */
export function countText(n: number): string {
  return number.format(n)
}

/** A share as a whole percent ("83%"). */
export function percentText(part: number, whole: number): string {
  return whole === 0 ? '—' : percent.format(part / whole)
}

/** An outcome in words, as the charts' legends and tables say it. */
export const OUTCOME_WORDS: Record<OverviewOutcome, string> = {
  completed: 'Completed',
  failed: 'Failed',
  live: 'Live',
  waiting: 'Waiting',
  other: 'Other',
}

/** The list status an outcome stands for in the inbox's filter ('' when none does). */
export const OUTCOME_STATUS: Record<OverviewOutcome, string> = {
  completed: 'completed',
  failed: 'failed',
  live: 'active',
  waiting: 'pending',
  other: '',
}

/** A call length as people say it: "45 s", "3:05", "1 h 02 min". */
export function lengthText(ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
}

/** A length bound on an axis or a bucket: "30 s", "2 min", "10 min". */
export function boundText(ms: number): string {
  return ms < 60_000 ? `${ms / 1000} s` : `${ms / 60_000} min`
}

function dateOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

const weekdayShort = new Intl.DateTimeFormat(undefined, { weekday: 'short' })
const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' })
const full = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' })

/** An axis label for a local day: "Tue" over a week, "24 Nov" over a month. */
export function dayTick(day: string, days: number): string {
  return days <= 7 ? weekdayShort.format(dateOf(day)) : dayMonth.format(dateOf(day))
}

/** A local day in full, for hover text and tables: "Tuesday 24 November". */
export function dayText(day: string): string {
  return full.format(dateOf(day))
}

/** "24 Nov – 30 Nov": the period's first and last day. */
export function periodText(first: string, last: string): string {
  return `${dayMonth.format(dateOf(first))} – ${dayMonth.format(dateOf(last))}`
}

const savedTime = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
})

/**
 * How far figures counted from the calls saved on this computer reach, said while the newer calls
 * are read: "From your calls saved 27 Nov, 14:02, back to Tuesday 24 November; reading newer ones…".
 */
export function savedText(saved: OverviewSaved): string {
  const from = saved.complete ? '' : `, back to ${dayText(saved.fromDay)} only`
  return `From your calls saved ${savedTime.format(saved.savedAt)}${from}; reading the newer ones…`
}
