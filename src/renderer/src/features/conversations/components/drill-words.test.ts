import { describe, expect, it } from 'vitest'
import { NO_FILTERS } from '../hooks/inbox-filter'
import { drillText } from './drill-words'

const names = (id: string): string => (id === 'agent_1' ? 'Maya Okafor' : id)
const criteria = (id: string): string => (id === 'booked_slot' ? 'Booked a slot' : id)

describe("the words for where a drilled inbox's calls came from", () => {
  it('says the outcome and the one day of a bar', () => {
    const text = drillText(
      { ...NO_FILTERS, status: 'failed', from: '2026-11-22', to: '2026-11-22' },
      names,
      criteria,
    )
    expect(text).toBe(
      `failed calls on ${new Date(2026, 10, 22).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' })}`,
    )
  })

  it('names the criterion failed and the agent over a period', () => {
    const text = drillText(
      {
        ...NO_FILTERS,
        agentId: 'agent_1',
        criterion: 'booked_slot',
        outcome: 'failed',
        from: '2026-11-22',
        to: '2026-11-28',
      },
      names,
      criteria,
    )
    expect(text).toMatch(/^calls that failed “Booked a slot” by Maya Okafor, \S+ \S+ – \S+ \S+$/)
  })

  it('says plain calls when no outcome was chosen', () => {
    expect(
      drillText({ ...NO_FILTERS, from: '2026-11-22', to: '2026-11-28' }, names, criteria),
    ).toMatch(/^calls, /)
  })
})
