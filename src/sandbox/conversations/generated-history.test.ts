import { describe, expect, it } from 'vitest'
import { SANDBOX_AGENTS } from './agents'
import { generateHistory } from './generated-history'
import { startLiveConversation } from './live-conversation'
import type { ConversationRecord } from './conversation-record'

const NOW = Date.parse('2026-11-27T15:00:00Z')

/** The business an agent answers for, as its description names it ("Northside Clinic"). */
const business = (description: string): string => description.split(':')[0]!

function words(record: ConversationRecord): string {
  const messages = record.detail?.().messages ?? record.messages
  return messages.map((m) => `${m.content} ${m.toolName ?? ''}`).join('\n')
}

describe("the sandbox's generated calls belong to their agents", () => {
  it("every agent's history speaks of its own business, never another's", () => {
    const history = generateHistory('acct_1', 400, NOW)
    for (const agent of SANDBOX_AGENTS) {
      const theirs = history.filter((c) => c.agentId === agent.id && c.durationMs !== null)
      expect(theirs.length, agent.name).toBeGreaterThan(10)
      const others = SANDBOX_AGENTS.filter((a) => a.id !== agent.id).map((a) =>
        business(a.description),
      )
      for (const call of theirs) {
        const text = words(call)
        expect(text, `${agent.name} ${call.id}`).toContain(business(agent.description))
        for (const other of others) expect(text, `${agent.name} ${call.id}`).not.toContain(other)
      }
      // The summary the evaluator wrote is about the same business.
      const summary = theirs[0]!.detail?.().evaluations.find((e) => e.kind === 'summary')
      expect(summary?.rationale).toContain(business(agent.description))
    }
  })

  it('a criterion carries a reason only where there is one, never its result restated', () => {
    const history = generateHistory('acct_1', 400, NOW)
    const criteria = history.flatMap(
      (c) => c.detail?.().evaluations.filter((e) => e.kind === 'criterion') ?? [],
    )
    expect(criteria.length).toBeGreaterThan(100)
    for (const e of criteria) {
      if (e.rationale === undefined) continue
      expect(e.rationale, e.name).not.toMatch(/^[^:]+: (yes|no)\.$/)
      expect(e.rationale.startsWith(`${e.name ?? ''}:`), e.rationale).toBe(false)
    }
    // The service's case the app must word: results with no reason at all.
    expect(criteria.some((e) => e.status !== 'unknown' && e.rationale === undefined)).toBe(true)
  })

  it("a live call of the feed reads as its agent's call too", () => {
    const clinic = SANDBOX_AGENTS.find((a) => a.name === 'Theo Lindqvist')!
    const records: ConversationRecord[] = []
    const timers: { fn: () => void }[] = []
    startLiveConversation(
      { put: (r: ConversationRecord) => records.push(r) } as never,
      { after: (_ms: number, fn: () => void) => timers.push({ fn }) } as never,
      () => NOW,
      'acct_1',
      { agentId: clinic.id, turns: 4, initialTurns: 2 },
    )
    // Start, then each turn: the timers run in the order they were armed.
    for (let i = 0; i < timers.length && i < 6; i++) timers[i]!.fn()
    const text = words(records[0]!)
    expect(records[0]!.messages.length).toBeGreaterThan(2)
    expect(text).toContain('Northside Clinic')
    expect(text).not.toContain('Harbour Bistro')
  })
})
