import { describe, expect, it } from 'vitest'
import type { Conversation } from '../../../../shared/domain/conversation'
import type { EvaluationSummary } from '../../../../shared/domain/conversation-inbox'
import { localDays } from './local-days'
import { OverviewTally, periodEnding, quantile } from './overview-tally'

function call(
  id: string,
  startedAt: string | null,
  status: string,
  durationMs: number | null = null,
  endReason: string | null = null,
  agentId = 'agent_a',
): Conversation {
  return {
    id,
    agentId,
    status,
    transport: 'phone',
    createdAt: startedAt,
    startedAt,
    endedAt: null,
    durationMs,
    recordingUrl: null,
    endReason,
    metadata: {},
  }
}

describe('overview tally', () => {
  const local = localDays('America/New_York')
  // 2026-11-27 10:00 in New York (UTC-5).
  const now = Date.parse('2026-11-27T15:00:00Z')

  it('buckets by the local day, so a call at 23:30 local counts on that day, not the next', () => {
    const period = periodEnding(now, 7, local)
    expect(period.firstDay).toBe('2026-11-21')
    expect(period.lastDay).toBe('2026-11-27')
    expect(new Date(period.fromMs).toISOString()).toBe('2026-11-21T05:00:00.000Z')
    const tally = new OverviewTally(period, local)
    // 23:30 in New York on the 25th is 04:30 UTC on the 26th.
    tally.addPage([
      call('c1', '2026-11-26T04:30:00Z', 'completed', 90_000, 'caller_hangup'),
      // 00:10 on the 21st, New York: the period's first minutes.
      call('c2', '2026-11-21T05:10:00Z', 'failed', 20_000, 'inactivity_timeout'),
      // 23:50 on the 20th, New York: before the period.
      call('c3', '2026-11-21T04:50:00Z', 'completed', 60_000, 'caller_hangup'),
      call('c4', null, 'pending'),
      call('c5', '2026-11-27T14:59:00Z', 'active'),
    ])
    const result = tally.result(new Map(), {
      agentId: null,
      timeZone: 'America/New_York',
      readAt: now,
    })
    expect(result.calls).toBe(3)
    expect(result.perDay.map((d) => [d.date, d.calls])).toEqual([
      ['2026-11-21', 1],
      ['2026-11-22', 0],
      ['2026-11-23', 0],
      ['2026-11-24', 0],
      ['2026-11-25', 1],
      ['2026-11-26', 0],
      ['2026-11-27', 1],
    ])
    expect(result.perDay[4]?.byOutcome.completed).toBe(1)
    expect(result.perDay[0]?.byOutcome.failed).toBe(1)
    expect(result.perDay.map((d) => d.medianMs)).toEqual([
      20_000,
      null,
      null,
      null,
      90_000,
      null,
      null,
    ])
    expect(result.perDay[6]?.byOutcome.live).toBe(1)
    expect(result.byOutcome).toEqual({ completed: 1, failed: 1, live: 1, waiting: 0, other: 0 })
    expect(result.endReasons).toEqual([
      { reason: 'caller_hangup', calls: 1 },
      { reason: 'inactivity_timeout', calls: 1 },
    ])
    expect(result.durations).toMatchObject({ calls: 2, medianMs: 20_000, p90Ms: 90_000 })
    expect(result.finished).toBe(2)
  })

  it('puts each length in one bucket (a bound starts the next), long calls from 5 minutes', () => {
    const tally = new OverviewTally(periodEnding(now, 7, local), local)
    // Each bound itself, a millisecond either side, and 0.
    const bounds = [30_000, 60_000, 120_000, 180_000, 300_000, 600_000]
    const lengths = [0, ...bounds.flatMap((b) => [b - 1, b, b + 1]), 3_600_000]
    tally.addPage(lengths.map((ms, i) => call(`c${i}`, '2026-11-26T12:00:00Z', 'completed', ms)))
    const durations = tally.result(new Map(), {
      agentId: null,
      timeZone: 'UTC',
      readAt: now,
    }).durations!
    const edges = [0, ...bounds, Infinity]
    expect(durations.buckets.map((b) => b.calls)).toEqual(
      edges
        .slice(0, -1)
        .map((from, i) => lengths.filter((ms) => ms >= from && ms < edges[i + 1]!).length),
    )
    expect(durations.buckets.reduce((sum, b) => sum + b.calls, 0)).toBe(lengths.length)
    expect(durations.longCalls).toBe(lengths.filter((ms) => ms >= 300_000).length)
    expect(durations.medianMs).toBe(
      quantile(
        [...lengths].sort((a, b) => a - b),
        0.5,
      ),
    )
  })

  it('counts a call listed twice (a page boundary moved) once', () => {
    const tally = new OverviewTally(periodEnding(now, 7, local), local)
    const row = call('c1', '2026-11-26T12:00:00Z', 'completed', 1_000)
    tally.addPage([row])
    tally.addPage([row])
    expect(tally.result(new Map(), { agentId: null, timeZone: 'UTC', readAt: now }).calls).toBe(1)
  })

  it('gives each agent its own criterion rows and counts unknown apart', () => {
    const tally = new OverviewTally(periodEnding(now, 7, local), local)
    tally.addPage([
      call('c1', '2026-11-26T12:00:00Z', 'completed', 1_000, null, 'agent_a'),
      call('c2', '2026-11-26T13:00:00Z', 'completed', 1_000, null, 'agent_a'),
      call('c3', '2026-11-26T14:00:00Z', 'failed', 1_000, null, 'agent_b'),
    ])
    const summary = (result: 'passed' | 'failed' | 'unknown'): EvaluationSummary => ({
      passed: result === 'passed' ? 1 : 0,
      total: 1,
      criteria: [{ id: 'booked', name: 'Booked a slot', result }],
      summary: null,
    })
    const result = tally.result(
      new Map([
        ['c1', summary('passed')],
        ['c2', summary('unknown')],
        ['c3', summary('failed')],
      ]),
      { agentId: null, timeZone: 'UTC', readAt: now },
    )
    expect(result.evaluated).toBe(3)
    expect(result.criteria).toEqual([
      { agentId: 'agent_a', id: 'booked', name: 'Booked a slot', passed: 1, failed: 0, unknown: 1 },
      { agentId: 'agent_b', id: 'booked', name: 'Booked a slot', passed: 0, failed: 1, unknown: 0 },
    ])
  })

  it('keeps a day that DST shortens as one day', () => {
    // Europe/Paris leaves summer time on 2026-10-25: that day has 25 hours.
    const paris = localDays('Europe/Paris')
    const period = periodEnding(Date.parse('2026-10-26T10:00:00Z'), 2, paris)
    expect(period.firstDay).toBe('2026-10-25')
    expect(new Date(period.fromMs).toISOString()).toBe('2026-10-24T22:00:00.000Z')
    expect(new Date(paris.startOf('2026-10-26')).toISOString()).toBe('2026-10-25T23:00:00.000Z')
  })

  it('takes the nearest-rank quantile', () => {
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9)
    expect(quantile([5], 0.5)).toBe(5)
    expect(quantile([], 0.5)).toBe(0)
  })
})
