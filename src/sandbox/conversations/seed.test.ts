import { describe, expect, it } from 'vitest'
import { SEEDED_CONVERSATION_IDS, seedConversations } from './seed'

const NOW = Date.parse('2026-11-27T15:00:00Z')

function seeded(id: string) {
  const record = seedConversations('acct_1', NOW).find((c) => c.id === id)
  if (record === undefined) throw new Error(`no ${id}`)
  return record
}

describe('the seeded calls tell one story each', () => {
  it('the completed call books after the name, offers after checking, and its summary says so', () => {
    const call = seeded(SEEDED_CONVERSATION_IDS.completed)
    const order = call.messages.map((m) => (m.role === 'tool' ? `tool:${m.toolName}` : m.content))
    const nameGiven = order.findIndex((line) => line?.includes('the name is Jordan Lee'))
    const booked = order.indexOf('tool:book_slot')
    const checked = order.indexOf('tool:check_availability')
    const offered = order.findIndex((line) => line?.includes('I have a table for four'))
    expect(nameGiven).toBeGreaterThan(0)
    expect(booked).toBeGreaterThan(nameGiven)
    expect(offered).toBeGreaterThan(checked)
    // The agent asks for the number of guests before any tool looks for a table for four.
    expect(order.findIndex((line) => line?.includes('How many guests'))).toBeLessThan(checked)
    const summary = call.evaluations.find((e) => e.kind === 'summary')?.rationale ?? ''
    expect(summary).toContain('booked a table for four on Friday at 19:30')
    expect(order.some((line) => line?.includes('window'))).toBe(summary.includes('window'))
  })

  it('the call that timed out ends on the agent noticing the silence, as its summary says', () => {
    const call = seeded(SEEDED_CONVERSATION_IDS.failed)
    expect(call.endReason).toBe('inactivity_timeout')
    expect(call.messages.at(-1)?.content).toMatch(/still there/)
    expect(call.messages.some((m) => m.role === 'tool')).toBe(false)
    const summary = call.evaluations.find((e) => e.kind === 'summary')?.rationale ?? ''
    expect(summary).toMatch(/stopped responding; no booking/)
    expect(call.durationMs).toBe(Date.parse(call.endedAt!) - Date.parse(call.startedAt!))
  })

  it('the failed call collected nothing its reason says was never given', () => {
    const call = seeded(SEEDED_CONVERSATION_IDS.failed)
    const booked = call.evaluations.find((e) => e.criterionId === 'booked_slot')
    expect(booked?.rationale).toMatch(/before giving the party size/)
    // The caller never said how many or when: those fields are empty, and nothing was booked.
    expect(call.evaluations.find((e) => e.kind === 'data')?.data).toEqual({
      intent: 'book',
      party_size: null,
      time: null,
      booked: false,
    })
    const said = call.messages.map((m) => m.content ?? '').join(' ')
    expect(said).not.toMatch(/four|seven thirty/i)
  })

  it('the completed call collected what its transcript says', () => {
    const call = seeded(SEEDED_CONVERSATION_IDS.completed)
    expect(call.evaluations.find((e) => e.kind === 'data')?.data).toEqual({
      intent: 'book',
      party_size: 4,
      time: '19:30',
      booked: true,
    })
  })
})
