import { describe, expect, it } from 'vitest'
import type { ConversationEvaluation } from './conversation'
import { summarizeEvaluations, verdictTone } from './conversation-inbox'

function row(overrides: Partial<ConversationEvaluation>): ConversationEvaluation {
  return {
    id: 'ev_1',
    conversationId: 'conv_1',
    kind: 'criterion',
    criterionId: null,
    name: null,
    status: null,
    passed: null,
    score: null,
    rationale: null,
    data: null,
    createdAt: null,
    ...overrides,
  }
}

describe('summarizeEvaluations', () => {
  it('counts passed criteria, keeps the summary text, and names criteria in words', () => {
    const summary = summarizeEvaluations([
      row({ id: 'a', criterionId: 'greeting', name: 'Greets by business name', passed: true }),
      row({ id: 'b', criterionId: 'party_size_confirmed', status: 'failure' }),
      row({ id: 'c', criterionId: null, name: '  ', status: 'unknown' }),
      row({ id: 'd', kind: 'summary', rationale: 'Booked a table.' }),
      row({ id: 'e', kind: 'data', data: { party_size: 4 } }),
    ])
    expect(summary).toEqual({
      passed: 1,
      total: 3,
      criteria: [
        { id: 'greeting', name: 'Greets by business name', result: 'passed' },
        { id: 'party_size_confirmed', name: 'Party size confirmed', result: 'failed' },
        { id: 'c', name: 'Unnamed criterion', result: 'unknown' },
      ],
      summary: 'Booked a table.',
    })
  })
})

describe('the tone of a result', () => {
  it('is the same rule everywhere: red on any failure, green when all passed, else amber', () => {
    expect(verdictTone(['passed', 'passed'])).toBe('ok')
    expect(verdictTone(['passed', 'unknown', 'unknown'])).toBe('warning')
    // The reviewer's case: one passed, one unclear, one failed read amber in the list, red beside it.
    expect(verdictTone(['passed', 'unknown', 'failed'])).toBe('danger')
    expect(verdictTone(['unknown'])).toBe('warning')
  })
})
