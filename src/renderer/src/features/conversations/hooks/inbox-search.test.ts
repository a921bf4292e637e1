import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Conversation } from '../../../../../shared/domain/conversation'
import type { EvaluationSummary } from '../../../../../shared/domain/conversation-inbox'
import { NO_FILTERS, visibleRows } from './inbox-filter'
import { matchesSearch } from './inbox-search'

function row(id: string, patch: Partial<Conversation> = {}): Conversation {
  return {
    id,
    agentId: 'agent_maya',
    status: 'completed',
    transport: 'web',
    createdAt: '2026-11-20T10:00:00.000Z',
    startedAt: '2026-11-20T10:00:02.000Z',
    endedAt: '2026-11-20T10:03:00.000Z',
    durationMs: 178_000,
    recordingUrl: null,
    endReason: 'caller_hangup',
    metadata: {},
    ...patch,
  }
}

function summary(text: string): EvaluationSummary {
  return { passed: 0, total: 0, criteria: [], summary: text }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('matchesSearch', () => {
  it('finds the needle in the id, agent name, status or summary, whatever their case', () => {
    const conversation = row('Conv_ABC', { status: 'failed' })
    const booked = summary('Booked a TABLE for four')
    expect(matchesSearch(conversation, 'conv_a', 'Maya', booked)).toBe(true)
    expect(matchesSearch(conversation, 'maya', 'Maya', booked)).toBe(true)
    expect(matchesSearch(conversation, 'fail', 'Maya', booked)).toBe(true)
    expect(matchesSearch(conversation, 'a table', 'Maya', booked)).toBe(true)
    expect(matchesSearch(conversation, 'theo', 'Maya', booked)).toBe(false)
    // Across two fields is not within one.
    expect(matchesSearch(conversation, 'mayafailed', 'Maya', booked)).toBe(false)
    expect(matchesSearch(conversation, '', undefined, undefined)).toBe(true)
  })

  it('searches the agent name and summary the row has now, not those it had when first searched', () => {
    const conversation = row('conv_1')
    expect(matchesSearch(conversation, 'booked', 'Maya', summary('Booked a table'))).toBe(true)
    expect(matchesSearch(conversation, 'booked', 'Maya', summary('Caller went silent'))).toBe(false)
    expect(matchesSearch(conversation, 'silent', 'Maya', summary('Caller went silent'))).toBe(true)
    expect(matchesSearch(conversation, 'silent', 'Maya', undefined)).toBe(false)
    // The agent's name read after the row was first searched (it showed as unknown before).
    expect(matchesSearch(conversation, 'theo', undefined, undefined)).toBe(false)
    expect(matchesSearch(conversation, 'theo', 'Theo Lindqvist', undefined)).toBe(true)
  })
})

describe('search over the loaded rows', () => {
  it('lowercases each row once, not again at every keystroke', () => {
    const names = new Map([['agent_maya', 'Maya Okafor']])
    const loaded = Array.from({ length: 500 }, (_, i) => row(`conv_${i}`))
    const summaries = Object.fromEntries(loaded.map((r) => [r.id, summary(`Call ${r.id}`)]))
    expect(visibleRows(loaded, NO_FILTERS, 'c', summaries, names).rows).toHaveLength(500)

    const lowercase = vi.spyOn(String.prototype, 'toLowerCase')
    const typed = visibleRows(loaded, NO_FILTERS, 'co', summaries, names)
    const narrowed = visibleRows(loaded, NO_FILTERS, 'conv_12', summaries, names)
    const lowercased = lowercase.mock.calls.length
    lowercase.mockRestore()

    expect(typed.rows).toHaveLength(500)
    expect(narrowed.rows.map((r) => r.id)).toEqual([
      'conv_12',
      ...Array.from({ length: 10 }, (_, i) => `conv_12${i}`),
    ])
    // The two keystrokes lowercase their own search text, and nothing of the 500 rows.
    expect(lowercased).toBe(2)
  })
})
