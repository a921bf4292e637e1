/**
 * Calendar days in a named time zone, without a date library: the overview buckets calls by the
 * local day of the person reading it, which is not main's zone in tests and may cross DST.
 */
export interface LocalDays {
  /** The local day (YYYY-MM-DD) an instant falls on. */
  dayOf(ms: number): string
  /** The instant a local day starts (its local midnight). */
  startOf(day: string): number
  /** The local day `n` days after `day` (negative: before). */
  addDays(day: string, n: number): string
  /** The local hour an instant falls in: "YYYY-MM-DD HH:00". */
  hourOf(ms: number): string
}

/** Whether `timeZone` names a zone this runtime knows (an IANA name such as Europe/Paris). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

/** Day arithmetic and bucketing in `timeZone`. */
export function localDays(timeZone: string): LocalDays {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  const parts = (ms: number): number[] => {
    const out: Record<string, number> = {}
    for (const part of format.formatToParts(ms)) out[part.type] = Number(part.value)
    return [out.year!, out.month!, out.day!, out.hour!, out.minute!, out.second!]
  }
  // The zone's offset at an instant: its wall-clock time read as UTC, minus the instant.
  const offsetAt = (ms: number): number => {
    const [y, mo, d, h, mi, s] = parts(ms)
    return Date.UTC(y!, mo! - 1, d, h, mi, s) - (ms - (ms % 1000))
  }
  // Why a small cache: a page of 200 calls falls on a handful of days; formatToParts is the cost.
  const cache = new Map<number, string>()
  const dayOf = (ms: number): string => {
    const hourKey = Math.floor(ms / 900_000)
    const hit = cache.get(hourKey)
    if (hit !== undefined) return hit
    const [y, mo, d] = parts(ms)
    const day = `${pad(y!, 4)}-${pad(mo!)}-${pad(d!)}`
    if (cache.size > 5_000) cache.clear()
    cache.set(hourKey, day)
    return day
  }
  const utcOf = (day: string): number => {
    const [y, m, d] = day.split('-').map(Number)
    return Date.UTC(y!, m! - 1, d)
  }
  return {
    dayOf,
    startOf(day) {
      const wall = utcOf(day)
      // Twice: the offset at the first guess may differ from the offset at midnight across DST.
      let guess = wall - offsetAt(wall)
      guess = wall - offsetAt(guess)
      return guess
    },
    hourOf(ms) {
      const [y, mo, d, h] = parts(ms)
      return `${pad(y!, 4)}-${pad(mo!)}-${pad(d!)} ${pad(h!)}:00`
    },
    addDays(day, n) {
      const date = new Date(utcOf(day) + n * 86_400_000)
      return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
    },
  }
}
