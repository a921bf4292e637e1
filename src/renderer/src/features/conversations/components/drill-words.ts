import type { InboxFilters } from '../hooks/inbox-filter'

/** The calls a list status stands for, as a lead says them. */
const STATUS_CALLS: Record<string, string> = {
  completed: 'completed calls',
  failed: 'failed calls',
  active: 'live calls',
  pending: 'waiting calls',
}

const oneDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
})
const dayMonth = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' })

function dateOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

/** "on Sun, Nov 22" for one day, "Nov 22 – Nov 28" for a range, '' for none. */
function daysText(from: string, to: string): string {
  if (from === '' && to === '') return ''
  if (from === to) return ` on ${oneDay.format(dateOf(from))}`
  if (to === '') return ` since ${dayMonth.format(dateOf(from))}`
  if (from === '') return ` until ${dayMonth.format(dateOf(to))}`
  return `, ${dayMonth.format(dateOf(from))} – ${dayMonth.format(dateOf(to))}`
}

/**
 * What a chart's part opened in the inbox, in words: "failed calls on Sun, Nov 22",
 * "calls that failed “Booked a slot” by Maya Okafor, Nov 22 – Nov 28".
 */
export function drillText(
  filters: InboxFilters,
  agentName: (agentId: string) => string,
  criterionName: (criterionId: string) => string,
): string {
  const calls =
    filters.criterion !== '' && filters.outcome === 'failed'
      ? `calls that failed “${criterionName(filters.criterion)}”`
      : (STATUS_CALLS[filters.status] ?? 'calls')
  const agent = filters.agentId === '' ? '' : ` by ${agentName(filters.agentId)}`
  return `${calls}${agent}${daysText(filters.from, filters.to)}`
}
