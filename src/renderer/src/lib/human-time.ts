const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Midnight (local time) of the day `ms` falls on. */
export function dayStart(ms: number): number {
  const date = new Date(ms)
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()
}

function clockTime(date: Date): string {
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
}

/**
 * A past moment as a person says it, in the user's locale and without seconds: "just now",
 * "2 minutes ago", "today 14:05", "yesterday 09:30", "12 March, 14:05", and with the year when it
 * is not this one. A future moment reads "today 14:05" and so on, never "ago".
 */
export function humanTime(iso: string, nowMs: number): string {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return iso
  const date = new Date(ms)
  const ago = nowMs - ms
  if (ago >= 0 && ago < MINUTE) return 'just now'
  if (ago >= 0 && ago < HOUR) {
    const minutes = Math.floor(ago / MINUTE)
    return `${minutes} minute${minutes === 1 ? '' : 's'} ago`
  }
  const days = Math.round((dayStart(ms) - dayStart(nowMs)) / (24 * HOUR))
  if (days === 0) return `today ${clockTime(date)}`
  if (days === -1) return `yesterday ${clockTime(date)}`
  if (days === 1) return `tomorrow ${clockTime(date)}`
  const sameYear = date.getFullYear() === new Date(nowMs).getFullYear()
  const day = date.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  })
  return `${day}, ${clockTime(date)}`
}

/**
 * A moment known to be past (a check that happened, a save): as {@link humanTime}, except that a
 * moment ahead of `nowMs` reads "just now". Why: `nowMs` is re-read only now and then, and the
 * moment comes from main's clock, so a check that just ended can look a few seconds in the future.
 */
export function humanPastTime(iso: string, nowMs: number): string {
  const ms = Date.parse(iso)
  return humanTime(iso, Number.isNaN(ms) ? nowMs : Math.max(nowMs, ms))
}
