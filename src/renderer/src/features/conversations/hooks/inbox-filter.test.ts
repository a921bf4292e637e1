import { describe, expect, it } from 'vitest'
import type { Conversation } from '../../../../../shared/domain/conversation'
import type { EvaluationSummary } from '../../../../../shared/domain/conversation-inbox'
import type { InboxFilters, InboxPage } from './inbox-filter'
import {
  applyLiveChange,
  matchesEvaluation,
  moveFocus,
  NO_FILTERS,
  toServerFilters,
  uniqueRows,
  visibleRows,
} from './inbox-filter'

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

function summary(
  results: ('passed' | 'failed' | 'unknown')[],
  text = 'Booked a table',
): EvaluationSummary {
  const criteria = results.map((result, i) => ({ id: `c${i}`, name: `Criterion ${i}`, result }))
  return {
    passed: results.filter((r) => r === 'passed').length,
    total: results.length,
    criteria,
    summary: text,
  }
}

const filters = (patch: Partial<InboxFilters>): InboxFilters => ({ ...NO_FILTERS, ...patch })
const names = new Map([
  ['agent_maya', 'Maya Okafor'],
  ['agent_theo', 'Theo Lindqvist'],
])

describe('toServerFilters', () => {
  it('sends only what is set, with the date range as whole local days', () => {
    expect(toServerFilters(NO_FILTERS)).toEqual({})
    const out = toServerFilters(
      filters({ agentId: 'agent_theo', status: 'failed', from: '2026-11-02', to: '2026-11-03' }),
    )
    expect(out.agentId).toBe('agent_theo')
    expect(out.status).toBe('failed')
    expect(out.startedAfter).toBe(new Date(2026, 10, 2).toISOString())
    // "to" is inclusive: the bound is the next midnight.
    expect(out.startedBefore).toBe(new Date(2026, 10, 4).toISOString())
  })

  it('ignores a day that is not a date', () => {
    expect(toServerFilters(filters({ from: '2026-13-45x' }))).toEqual({})
  })
})

describe('matchesEvaluation', () => {
  const done = row('conv_a')
  // Each case: the criteria's results, the filter, and whether the row matches (null: cannot tell).
  it.each([
    ['all passed, outcome passed', summary(['passed', 'passed']), { outcome: 'passed' }, true],
    ['one failed, outcome passed', summary(['passed', 'failed']), { outcome: 'passed' }, false],
    ['one failed, outcome failed', summary(['passed', 'failed']), { outcome: 'failed' }, true],
    ['one unknown, outcome failed', summary(['passed', 'unknown']), { outcome: 'failed' }, false],
    ['no criteria, not evaluated', summary([]), { outcome: 'unevaluated' }, true],
    ['not read yet', undefined, { outcome: 'passed' }, null],
    // One criterion: its own result counts, not the others'.
    [
      'its criterion passed',
      summary(['failed', 'passed']),
      { criterion: 'c1', outcome: 'passed' },
      true,
    ],
    [
      'its criterion failed',
      summary(['failed', 'passed']),
      { criterion: 'c0', outcome: 'passed' },
      false,
    ],
    ['a criterion it lacks', summary(['failed', 'passed']), { criterion: 'c9' }, false],
    ['a criterion it has', summary(['failed', 'passed']), { criterion: 'c0' }, true],
  ] as const)(
    'decides by all criteria or one, or says it cannot tell yet: %s',
    (_, evaluation, patch, expected) => {
      expect(matchesEvaluation(done, evaluation, filters(patch))).toBe(expected)
    },
  )

  it('treats a running conversation as not evaluated without asking for its evaluations', () => {
    const live = row('conv_live', { status: 'active', endedAt: null, durationMs: null })
    expect(matchesEvaluation(live, undefined, filters({ outcome: 'unevaluated' }))).toBe(true)
    expect(matchesEvaluation(live, undefined, filters({ outcome: 'passed' }))).toBe(false)
    expect(matchesEvaluation(live, undefined, NO_FILTERS)).toBe(true)
  })
})

describe('visibleRows', () => {
  const loaded = [
    row('conv_1', { agentId: 'agent_maya' }),
    row('conv_2', { agentId: 'agent_theo', status: 'failed' }),
    row('conv_3', { agentId: 'agent_theo' }),
  ]
  const summaries = {
    conv_1: summary(['passed', 'passed'], 'Booked a table for four'),
    conv_2: summary(['failed'], 'Caller went silent'),
  }

  it('searches agent names, statuses and summaries, not only ids', () => {
    const find = (text: string) =>
      visibleRows(loaded, NO_FILTERS, text, summaries, names).rows.map((r) => r.id)
    expect(find('')).toEqual(['conv_1', 'conv_2', 'conv_3'])
    expect(find('theo')).toEqual(['conv_2', 'conv_3'])
    expect(find('  TABLE ')).toEqual(['conv_1'])
    expect(find('failed')).toEqual(['conv_2'])
    expect(find('conv_3')).toEqual(['conv_3'])
    expect(find('nobody')).toEqual([])
  })

  it('counts rows whose evaluations are still being read instead of guessing', () => {
    const result = visibleRows(loaded, filters({ outcome: 'failed' }), '', summaries, names)
    expect(result.rows.map((r) => r.id)).toEqual(['conv_2'])
    expect(result.awaitingEvaluations).toBe(1)
  })
})

describe('applyLiveChange', () => {
  const pages: InboxPage[] = [
    { conversations: [row('conv_2'), row('conv_1')], nextCursor: 'c', hasMore: true },
    { conversations: [row('conv_0')], nextCursor: null, hasMore: false },
  ]

  it('replaces a loaded row in place', () => {
    const changed = row('conv_0', { status: 'failed' })
    const next = applyLiveChange(pages, changed, {})
    expect(next[1]?.conversations[0]).toBe(changed)
    expect(next[0]).toBe(pages[0])
  })

  it('puts a new matching conversation first and ignores one the filters leave out', () => {
    const fresh = row('conv_9', { status: 'active', agentId: 'agent_theo' })
    expect(applyLiveChange(pages, fresh, {})[0]?.conversations.map((c) => c.id)).toEqual([
      'conv_9',
      'conv_2',
      'conv_1',
    ])
    expect(applyLiveChange(pages, fresh, { agentId: 'agent_maya' })).toBe(pages)
  })

  it('drops a loaded row that no longer matches (a status filter, once it finishes)', () => {
    const live: InboxPage[] = [
      { conversations: [row('conv_5', { status: 'active' })], nextCursor: null, hasMore: false },
    ]
    const next = applyLiveChange(live, row('conv_5', { status: 'completed' }), { status: 'active' })
    expect(next[0]?.conversations).toEqual([])
  })
})

describe('moveFocus', () => {
  const ids = ['a', 'b', 'c']
  it('moves by one, stops at both ends, and starts at the first row', () => {
    expect(moveFocus(ids, null, 1)).toBe('a')
    expect(moveFocus(ids, null, -1)).toBe('a')
    expect(moveFocus(ids, 'a', 1)).toBe('b')
    expect(moveFocus(ids, 'c', 1)).toBe('c')
    expect(moveFocus(ids, 'a', -1)).toBe('a')
    expect(moveFocus(ids, 'gone', 1)).toBe('a')
    expect(moveFocus([], 'a', 1)).toBeNull()
  })
})

describe('uniqueRows', () => {
  it('keeps the rows of the pages in order, each once, and skips pages the service did not serve', () => {
    const page = (ids: string[]) => ({
      conversations: ids.map((id) => row(id)),
      nextCursor: null,
      hasMore: false,
    })
    const rows = uniqueRows([page(['conv_live', 'conv_a']), null, page(['conv_b', 'conv_live'])])
    expect(rows.map((r) => r.id)).toEqual(['conv_live', 'conv_a', 'conv_b'])
    expect(uniqueRows([])).toEqual([])
  })
})
