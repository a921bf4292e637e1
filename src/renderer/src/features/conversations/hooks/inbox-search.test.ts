import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Conversation } from '../../../../../shared/domain/conversation'
import type { EvaluationSummary } from '../../../../../shared/domain/conversation-inbox'
import { evaluatedRows, NO_FILTERS } from './inbox-filter'
import { InboxSearchIndex, matchesSearch, searchRows } from './inbox-search'

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

const names = new Map([['agent_maya', 'Maya Okafor']])

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
    expect(matchesSearch(conversation, '', undefined, undefined)).toBe(true)
  })
})

describe('searchRows', () => {
  const loaded = [
    row('conv_1', { status: 'failed' }),
    row('conv_2', { agentId: null }),
    row('CONV_3', { agentId: 'agent_theo' }),
  ]
  const summaries = {
    conv_1: summary('Booked a TABLE\nfor four'),
    conv_2: summary('Caller went silent'),
  }
  const search = (text: string, from = evaluatedRows(loaded, NO_FILTERS, summaries, names)) =>
    searchRows(from, text).map((r) => r.id)

  it('finds the text in the id, agent name, status or summary, whatever their case', () => {
    expect(search('conv_3')).toEqual(['CONV_3'])
    expect(search('maya okafor')).toEqual(['conv_1'])
    expect(search(' FAILED ')).toEqual(['conv_1'])
    expect(search('a table')).toEqual(['conv_1'])
    expect(search('silent')).toEqual(['conv_2'])
    expect(search('')).toEqual(['conv_1', 'conv_2', 'CONV_3'])
  })

  it('matches a line break within one field, never across two', () => {
    expect(search('table\nfor')).toEqual(['conv_1'])
    expect(search('okafor\nfailed')).toEqual([])
    expect(search('conv_1\nmaya')).toEqual([])
  })

  it('searches the agent names and summaries the rows have now, not those of a search before', () => {
    expect(search('silent')).toEqual(['conv_2'])
    const reread = { ...summaries, conv_2: summary('Asked for a refund') }
    const now = evaluatedRows(loaded, NO_FILTERS, reread, new Map([['agent_theo', 'Theo']]))
    expect(search('silent', now)).toEqual([])
    expect(search('refund', now)).toEqual(['conv_2'])
    expect(search('theo', now)).toEqual(['CONV_3'])
  })
})

describe('search over the loaded rows', () => {
  it('without evaluation filters takes the loaded rows as they are, looking nothing up', () => {
    const loaded = [row('conv_1'), row('conv_2')]
    expect(evaluatedRows(loaded, NO_FILTERS, {}, names).rows).toBe(loaded)
  })

  it('lowercases each row once, not again at every keystroke', () => {
    const loaded = Array.from({ length: 500 }, (_, i) => row(`conv_${i}`))
    const summaries = Object.fromEntries(loaded.map((r) => [r.id, summary(`Call ${r.id}`)]))
    const evaluated = evaluatedRows(loaded, NO_FILTERS, summaries, names)
    const index = new InboxSearchIndex()
    expect(index.search(evaluated, 'c')).toHaveLength(500)

    const lowercase = vi.spyOn(String.prototype, 'toLowerCase')
    const typed = index.search(evaluated, 'co')
    const narrowed = index.search(evaluated, 'conv_12')
    const lowercased = lowercase.mock.calls.length
    lowercase.mockRestore()

    expect(typed).toHaveLength(500)
    expect(narrowed.map((r) => r.id)).toEqual([
      'conv_12',
      ...Array.from({ length: 10 }, (_, i) => `conv_12${i}`),
    ])
    // The two keystrokes lowercase their own search text, and nothing of the 500 rows.
    expect(lowercased).toBe(2)
  })

  it('makes again only the text of a row whose summary arrived, not those of every row', () => {
    const loaded = Array.from({ length: 500 }, (_, i) => row(`conv_${i}`))
    const index = new InboxSearchIndex()
    const before = evaluatedRows(loaded, NO_FILTERS, {}, names)
    expect(index.search(before, 'refund')).toEqual([])

    // One evaluation read: the summaries object (and so the rows searched) is a new one.
    const after = evaluatedRows(
      loaded,
      NO_FILTERS,
      { conv_7: summary('Asked for a REFUND') },
      names,
    )
    const lowercase = vi.spyOn(String.prototype, 'toLowerCase')
    const found = index.search(after, 'refund')
    const lowercased = lowercase.mock.calls.length
    lowercase.mockRestore()

    expect(found.map((r) => r.id)).toEqual(['conv_7'])
    // The search text, and the one row whose summary is new.
    expect(lowercased).toBe(2)
  })

  it('keeps its earlier searches when summaries arrive: only the rows whose summary changed are tested', () => {
    const loaded = Array.from({ length: 1_000 }, (_, i) => row(`conv_${i}`))
    const index = new InboxSearchIndex()
    const first = { conv_3: summary('Asked for a refund') }
    expect(index.search(evaluatedRows(loaded, NO_FILTERS, first, names), 'refund')).toHaveLength(1)
    expect(index.search(evaluatedRows(loaded, NO_FILTERS, first, names), 'ref')).toHaveLength(1)

    // The rows on screen get their summaries: one more refund, and conv_3's read again as other.
    const arrived = {
      conv_3: summary('Booked a table'),
      conv_7: summary('Wants a REFUND'),
      conv_8: summary('Booked'),
    }
    const after = evaluatedRows(loaded, NO_FILTERS, arrived, names)
    const includes = vi.spyOn(String.prototype, 'includes')
    const found = index.search(after, 'refund')
    const back = index.search(after, 'ref')
    const tested = includes.mock.calls.length
    includes.mockRestore()

    expect(found.map((r) => r.id)).toEqual(['conv_7'])
    expect(back.map((r) => r.id)).toEqual(['conv_7'])
    expect(index.search(after, 'booked').map((r) => r.id)).toEqual(['conv_3', 'conv_8'])
    // The three rows whose summary changed, against the two kept searches (and a few checks of
    // the needles themselves), not the 1,000 rows again.
    expect(tested).toBeLessThan(20)
  })

  it('tests only the rows an earlier search found when the text grows, and remembers Backspace', () => {
    const loaded = Array.from({ length: 1_000 }, (_, i) =>
      row(`conv_${i}`, { agentId: i % 10 === 0 ? 'agent_theo' : 'agent_maya' }),
    )
    const evaluated = evaluatedRows(
      loaded,
      NO_FILTERS,
      {},
      new Map([...names, ['agent_theo', 'Theo Lindqvist']]),
    )
    const index = new InboxSearchIndex()
    expect(index.search(evaluated, 'theo')).toHaveLength(100)

    const includes = vi.spyOn(String.prototype, 'includes')
    const narrowed = index.search(evaluated, 'theo l')
    const tested = includes.mock.calls.length
    const back = index.search(evaluated, 'theo')
    const testedAfterBackspace = includes.mock.calls.length - tested
    includes.mockRestore()

    expect(narrowed).toHaveLength(100)
    expect(back).toHaveLength(100)
    // The 100 rows "theo" found (and a few checks of the needle itself), not the 1,000.
    expect(tested).toBeLessThan(110)
    expect(testedAfterBackspace).toBeLessThan(10)
  })

  it('finds a status by the word the inbox shows ("live")', () => {
    const loaded = [row('conv_1', { status: 'active' }), row('conv_2')]
    const evaluated = evaluatedRows(loaded, NO_FILTERS, {}, names)
    expect(searchRows(evaluated, 'live').map((r) => r.id)).toEqual(['conv_1'])
  })
})
