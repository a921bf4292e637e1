/**
 * Longest wait a `Retry-After` is read as (366 days). Why a bound: the header is the service's
 * word, and a year-9999 date or a 400-digit number would otherwise become an infinite or
 * overflowing delay; anything at least this long is reported as "more than a year".
 */
export const MAX_RETRY_AFTER_MS = 366 * 24 * 60 * 60 * 1000

/** Longer text is not a date VoiceDesk reads (an HTTP-date is at most 33 characters). */
const MAX_HEADER_LENGTH = 64

const DELTA_SECONDS = /^([0-9]+)(?:\.([0-9]+))?$/

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const MONTH = `(${MONTHS.join('|')})`
const TIME = '([0-9]{2}):([0-9]{2}):([0-9]{2})'
/** `Sun, 06 Nov 1994 08:49:37 GMT`, the one format a service should send. */
const IMF_FIXDATE = new RegExp(
  `^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), ([0-9]{2}) ${MONTH} ([0-9]{4}) ${TIME} GMT$`,
)
/** `Sunday, 06-Nov-94 08:49:37 GMT` (obsolete, still to be accepted). */
const RFC_850 = new RegExp(
  `^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), ([0-9]{2})-${MONTH}-([0-9]{2}) ${TIME} GMT$`,
)
/** `Sun Nov  6 08:49:37 1994` (ANSI C's asctime, obsolete). */
const ASCTIME = new RegExp(
  `^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ${MONTH} ([ 0-9][0-9]) ${TIME} ([0-9]{4})$`,
)

interface DateParts {
  year: number
  month: string
  day: string
  hour: string
  minute: string
  second: string
}

/** The parts of an HTTP-date in any of its three formats, or null. */
function dateParts(text: string): DateParts | null {
  let m = IMF_FIXDATE.exec(text)
  if (m !== null) {
    const [, day, month, year, hour, minute, second] = m as unknown as string[]
    return {
      year: Number(year),
      month: month!,
      day: day!,
      hour: hour!,
      minute: minute!,
      second: second!,
    }
  }
  m = RFC_850.exec(text)
  if (m !== null) {
    const [, day, month, yy, hour, minute, second] = m as unknown as string[]
    // Two-digit years: 70-99 are the 1900s, the rest the 2000s (a past date means "now" anyway).
    const short = Number(yy)
    const year = short >= 70 ? 1900 + short : 2000 + short
    return { year, month: month!, day: day!, hour: hour!, minute: minute!, second: second! }
  }
  m = ASCTIME.exec(text)
  if (m !== null) {
    const [, month, day, hour, minute, second, year] = m as unknown as string[]
    return {
      year: Number(year),
      month: month!,
      day: day!.trim(),
      hour: hour!,
      minute: minute!,
      second: second!,
    }
  }
  return null
}

/** Epoch ms of an HTTP-date, or null when it is not one (or names a day that does not exist). */
function httpDate(text: string): number | null {
  const parts = dateParts(text)
  if (parts === null) return null
  const month = MONTHS.indexOf(parts.month)
  const day = Number(parts.day)
  const hour = Number(parts.hour)
  const minute = Number(parts.minute)
  const second = Number(parts.second)
  if (hour > 23 || minute > 59 || second > 60) return null
  const at = Date.UTC(parts.year, month, day, hour, minute, Math.min(second, 59))
  // 31 Feb rolls over into March: not a date.
  if (new Date(at).getUTCDate() !== day) return null
  return at
}

/**
 * Parses `Retry-After` (delta seconds or an HTTP-date) into milliseconds from `now`, from 0 to
 * {@link MAX_RETRY_AFTER_MS}. Anything else (empty, negative, other date formats, non-ASCII digits,
 * words) is no wait at all: undefined, so the caller falls back to its own backoff. Why strict:
 * `Date.parse` reads "-5" or "later 2099" as dates, which would become a wait of years.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (text === '') return undefined
  if (DELTA_SECONDS.test(text)) {
    // 400 digits are Infinity as a number: the bound applies before any arithmetic can overflow.
    const seconds = Number(text)
    if (!Number.isFinite(seconds) || seconds * 1000 >= MAX_RETRY_AFTER_MS) return MAX_RETRY_AFTER_MS
    return Math.round(seconds * 1000)
  }
  if (text.length > MAX_HEADER_LENGTH) return undefined
  const at = httpDate(text)
  if (at === null || !Number.isFinite(now)) return undefined
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - now))
}

const MINUTE_S = 60
const HOUR_S = 60 * MINUTE_S
const DAY_S = 24 * HOUR_S

/**
 * A wait as a user reads it: "45 s", "2 min 30 s", "60 min", "5 h 20 min", "3 days", "more than
 * a year" (from {@link MAX_RETRY_AFTER_MS} on). Minutes up to two hours, so a wait the service
 * gives in seconds reads as it was given.
 */
export function formatWait(ms: number): string {
  if (!(ms < MAX_RETRY_AFTER_MS)) return 'more than a year'
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  if (seconds < MINUTE_S) return `${seconds} s`
  if (seconds < 2 * HOUR_S) {
    const minutes = Math.floor(seconds / MINUTE_S)
    const rest = seconds % MINUTE_S
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`
  }
  if (seconds < 2 * DAY_S) {
    const hours = Math.floor(seconds / HOUR_S)
    const minutes = Math.ceil((seconds % HOUR_S) / MINUTE_S)
    if (minutes === 60) return `${hours + 1} h`
    return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`
  }
  return `${Math.ceil(seconds / DAY_S)} days`
}
