import { describe, expect, it } from 'vitest'
import type {
  ConversationOverview,
  OverviewPrevious,
} from '../../../../../shared/domain/conversation-overview'
import { changes, noCallsBefore } from './overview-comparison'

function overview(over: Partial<ConversationOverview>): ConversationOverview {
  return {
    days: 7,
    agentId: null,
    timeZone: 'UTC',
    firstDay: '2026-11-21',
    lastDay: '2026-11-27',
    readAt: 0,
    calls: 48,
    byOutcome: { completed: 43, failed: 4, live: 1, waiting: 0, other: 0 },
    perDay: [],
    durations: { calls: 47, medianMs: 197_000, p90Ms: 400_000, longCalls: 13, buckets: [] },
    endReasons: [],
    criteria: [{ agentId: 'a', id: 'c', name: 'C', passed: 67, failed: 30, unknown: 3 }],
    evaluated: 47,
    finished: 47,
    notServed: false,
    previous: null,
    ...over,
  }
}

const before: OverviewPrevious = {
  firstDay: '2026-11-14',
  lastDay: '2026-11-20',
  calls: 40,
  medianMs: 209_000,
  checksPassed: 64,
  checksJudged: 100,
  evaluated: 38,
  finished: 38,
}

describe('this period against the one before, in words', () => {
  it('says each direction in words beside its arrow, with both values', () => {
    expect(changes(overview({}), before).map((c) => [c.name, c.direction, c.words])).toEqual([
      ['Calls', 'up', 'up 20%'],
      ['Median length', 'down', '12 s shorter'],
      ['Criteria passed', 'up', 'up 3 points'],
    ])
    expect(changes(overview({}), before)[1]?.values).toBe('3:17, from 3:29')
  })

  it('reads a tie as the same, a period from nothing as up from none, and leaves out what one side lacks', () => {
    const same = changes(overview({ calls: 40, durations: null, criteria: [] }), before)
    expect(same.map((c) => [c.name, c.words])).toEqual([['Calls', 'the same']])
    const fromNone = changes(overview({}), { ...before, calls: 0, checksJudged: 0 })
    expect(fromNone[0]?.words).toBe('up from none')
    expect(fromNone.map((c) => c.name)).toEqual(['Calls', 'Median length'])
  })
})

describe('a period after one with no calls', () => {
  it('says there is nothing to compare with, not "up from none"', () => {
    const empty = { ...before, calls: 0, medianMs: null, checksPassed: 0, checksJudged: 0 }
    expect(noCallsBefore(overview({ days: 30, calls: 194 }), empty)).toBe(
      'No calls in the 30 days before.',
    )
    expect(noCallsBefore(overview({ days: 7 }), empty)).toBe('No calls in the week before.')
    expect(noCallsBefore(overview({}), before)).toBeNull()
  })
})
