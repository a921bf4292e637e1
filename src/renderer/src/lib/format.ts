/** "in 42 min", "in 1 h 5 min", "2 min ago": a short relative time for expiries and checks. */
export function formatRelative(targetMs: number, nowMs: number): string {
  const deltaMin = Math.round((targetMs - nowMs) / 60_000)
  const abs = Math.abs(deltaMin)
  const text =
    abs < 1
      ? 'less than a minute'
      : abs < 60
        ? `${abs} min`
        : `${Math.floor(abs / 60)} h ${abs % 60} min`
  if (abs < 1) return targetMs >= nowMs ? `in ${text}` : 'just now'
  return deltaMin >= 0 ? `in ${text}` : `${text} ago`
}

/** A local date and time with seconds, for "verified at" and token expiry. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  })
}

/**
 * When something happened, as a person says it: "today at 12:28", "yesterday at 09:05", else the
 * day in words ("12 March 2026"), in the user's locale. No seconds: nobody needs them to know when.
 */
export function formatDay(iso: string, nowMs: number, locale?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const time = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
  const startOfToday = new Date(nowMs)
  startOfToday.setHours(0, 0, 0, 0)
  const dayMs = 24 * 60 * 60 * 1000
  const t = date.getTime()
  if (t >= startOfToday.getTime() && t < startOfToday.getTime() + dayMs) return `today at ${time}`
  if (t >= startOfToday.getTime() - dayMs && t < startOfToday.getTime())
    return `yesterday at ${time}`
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' })
}

/**
 * A time as a clock reads it: `m:ss`, or `h:mm:ss` from an hour up. Seconds are cut down (a
 * playing position) unless `round` is given (a length, where 0:09.6 reads better as 0:10).
 */
export function formatClock(seconds: number, round: (n: number) => number = Math.floor): string {
  const s = Math.max(0, round(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const r = s % 60
  return h > 0
    ? `${h}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}`
    : `${m}:${String(r).padStart(2, '0')}`
}

/**
 * A length as a person says it, to the nearest second: "less than a second", "1 second",
 * "3 seconds", "1 minute 5 seconds", "2 minutes".
 */
export function secondsInWords(seconds: number): string {
  const whole = Math.round(Math.max(0, seconds))
  if (whole === 0) return 'less than a second'
  const m = Math.floor(whole / 60)
  const s = whole % 60
  const unit = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`
  if (m === 0) return unit(s, 'second')
  return s === 0 ? unit(m, 'minute') : `${unit(m, 'minute')} ${unit(s, 'second')}`
}
