// One way to say when a call happened, everywhere on the Conversations screens: the inbox's
// Started column, an opened call's heading and its start and end, the list of opened calls.
// Why no "2 minutes ago": the rows are drawn once a minute at most, and a list where one row
// says "just now" and the next "today 12:59 AM" reads as two formats.

import { dayStart } from '../../../lib/human-time'

const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' })
// "Jul 20, 10:00 AM": no leading zero on the hour, so the inbox's column never cuts the time.
const thisYear = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})
const otherYear = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/**
 * When a call happened, in the user's locale and to the minute: "today 10:05 AM", "yesterday
 * 9:30 PM", "Jul 20, 10:00 AM", with the year when it is not this one ("Jul 20, 2025, 10:00 AM").
 * `nowMs` says what today is; "—" when the moment is unknown.
 */
export function callTime(iso: string | null, nowMs: number): string {
  if (iso === null) return '—'
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return '—'
  const date = new Date(ms)
  const day = dayStart(ms)
  const today = dayStart(nowMs)
  if (day === today) return `today ${clock.format(date)}`
  if (day === dayStart(today - 1)) return `yesterday ${clock.format(date)}`
  return (date.getFullYear() === new Date(nowMs).getFullYear() ? thisYear : otherYear).format(date)
}
