import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EvaluationSummary } from '../../../shared/domain/conversation-inbox'
import type { ConversationListResult } from '../../../shared/domain/conversation-list'
import type {
  ConversationOverview,
  OverviewEnded,
  OverviewProgress,
} from '../../../shared/domain/conversation-overview'
import type { Conversation } from '../../../shared/domain/conversation'
import type { Result } from '../../../shared/errors'
// The sandbox is the real local service the handlers talk to.
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { APP_SENDER, createTestRuntime } from '../../test-support'
import { createManualClock } from '../../testing/manual-clock'
import type { Emit } from '../dispatch'

const KEY = 'plain-test-key-overview_handlers_8765'
// Friday 2026-11-27, 10:00 in New York: the generated calls end just before it.
const ANCHOR = Date.parse('2026-11-27T15:00:00Z')
const ZONE = 'America/New_York'

let sandbox: Sandbox
let cleanups: (() => Promise<void>)[] = []

beforeAll(async () => {
  sandbox = await startSandbox({
    synthThreads: 0,
    warmUp: false,
    keys: { paid: KEY },
    conversationCount: 300,
    conversationAnchor: ANCHOR,
    liveConversationEveryMs: 0,
  })
})
afterAll(async () => {
  await sandbox.stop()
})
afterEach(async () => {
  sandbox.setConversationFeed({ listing: 'served' })
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

interface Sent {
  channel: string
  payload: unknown
}

async function setup() {
  const clock = createManualClock(ANCHOR + 60_000)
  const env = await createTestRuntime({ clock })
  cleanups.push(env.cleanup)
  const sent: Sent[] = []
  const waiting = new Set<() => void>()
  const emit: Emit = (channel, payload) => {
    sent.push({ channel, payload })
    for (const check of [...waiting]) check()
  }
  const ended = (jobId: string): Promise<OverviewEnded> =>
    new Promise((resolve) => {
      const check = (): void => {
        const found = sent.find(
          (s) =>
            s.channel === 'conversations:overviewEnded' &&
            (s.payload as OverviewEnded).jobId === jobId,
        )
        if (found === undefined) return
        waiting.delete(check)
        resolve(found.payload as OverviewEnded)
      }
      waiting.add(check)
      check()
    })
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const result = (await env.runtime.dispatch(channel, input, APP_SENDER, emit)) as Result<T>
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
    return result.data
  }
  await call('account:setBaseUrl', { baseUrl: sandbox.baseUrl })
  await call('account:setApiKey', { apiKey: KEY })
  type Started = { ready: true; overview: ConversationOverview } | { ready: false; jobId: string }
  const overview = async (input: object): Promise<ConversationOverview> => {
    const started = await call<Started>('conversations:overview', input)
    if (started.ready) return started.overview
    const end = await ended(started.jobId)
    if (!end.ok) throw new Error(end.error.message)
    return end.overview
  }
  return { ...env, clock, sent, call, ended, overview }
}

/** Every call of the account, straight from the list, to count against. */
async function everyCall(call: <T>(c: string, i: unknown) => Promise<T>): Promise<Conversation[]> {
  const all: Conversation[] = []
  let cursor: string | null = null
  do {
    const page: ConversationListResult = await call<ConversationListResult>('conversations:list', {
      limit: 200,
      ...(cursor === null ? {} : { cursor }),
    })
    if (!page.served) throw new Error('not served')
    all.push(...page.conversations)
    cursor = page.hasMore ? page.nextCursor : null
  } while (cursor !== null)
  return all
}

const dayIn = (ms: number): string =>
  new Date(ms).toLocaleDateString('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })

describe('conversations:overview through the dispatcher', () => {
  // Each finished call's evaluations are one read under the account's read rate: tens of seconds.
  it(
    "counts a week by New York's days, outcomes, durations and pass rates as the list does",
    { timeout: 120_000 },
    async () => {
      const { call, overview, sent } = await setup()
      const result = await overview({ days: 7, agentId: null, timeZone: ZONE })
      const all = await everyCall(call)
      const days = result.perDay.map((d) => d.date)
      expect(days).toHaveLength(7)
      expect(days.at(-1)).toBe('2026-11-27')
      const inPeriod = all.filter(
        (c) => c.startedAt !== null && days.includes(dayIn(Date.parse(c.startedAt))),
      )
      expect(inPeriod.length).toBeGreaterThan(50)
      expect(result.calls).toBe(inPeriod.length)
      for (const day of result.perDay) {
        const those = inPeriod.filter((c) => dayIn(Date.parse(c.startedAt!)) === day.date)
        expect(day.calls, day.date).toBe(those.length)
        expect(day.byOutcome.completed).toBe(those.filter((c) => c.status === 'completed').length)
        expect(day.byOutcome.failed).toBe(those.filter((c) => c.status === 'failed').length)
      }
      const finished = inPeriod.filter((c) => c.status === 'completed' || c.status === 'failed')
      expect(result.finished).toBe(finished.length)
      const reasons = new Map<string | null, number>()
      for (const c of finished) reasons.set(c.endReason, (reasons.get(c.endReason) ?? 0) + 1)
      expect(new Map(result.endReasons.map((r) => [r.reason, r.calls]))).toEqual(reasons)
      const durations = finished.flatMap((c) => (c.durationMs === null ? [] : [c.durationMs]))
      durations.sort((a, b) => a - b)
      expect(result.durations?.calls).toBe(durations.length)
      expect(result.durations?.medianMs).toBe(durations[Math.ceil(durations.length / 2) - 1])

      // Pass rates: every finished call of the week evaluated, counted per agent and criterion.
      expect(result.evaluated).toBe(finished.length)
      const summaries: Record<string, EvaluationSummary> = {}
      for (let i = 0; i < finished.length; i += 200) {
        Object.assign(
          summaries,
          await call('conversations:evaluationSummaries', {
            ids: finished.slice(i, i + 200).map((c) => c.id),
          }),
        )
      }
      for (const row of result.criteria) {
        let passed = 0
        let total = 0
        for (const c of finished.filter((f) => f.agentId === row.agentId)) {
          const criterion = summaries[c.id]?.criteria.find((k) => k.id === row.id)
          if (criterion === undefined) continue
          total++
          if (criterion.result === 'passed') passed++
        }
        expect(row.passed, `${row.agentId} ${row.id}`).toBe(passed)
        expect(row.passed + row.failed + row.unknown).toBe(total)
      }
      expect(
        sent.some(
          (s) =>
            s.channel === 'conversations:overviewProgress' &&
            (s.payload as OverviewProgress).listed > 0,
        ),
      ).toBe(true)
    },
  )

  it(
    'counts the week before as the list does, for this week against last',
    { timeout: 120_000 },
    async () => {
      const { call, overview } = await setup()
      const result = await overview({ days: 7, agentId: null, timeZone: ZONE })
      const previous = result.previous
      if (previous === null) throw new Error('no previous period')
      expect([previous.firstDay, previous.lastDay]).toEqual(['2026-11-14', '2026-11-20'])
      const days = new Set<string>()
      for (let ms = Date.parse('2026-11-14T17:00:00Z'); days.size < 7; ms += 86_400_000)
        days.add(dayIn(ms))
      const all = await everyCall(call)
      const those = all.filter(
        (c) => c.startedAt !== null && days.has(dayIn(Date.parse(c.startedAt))),
      )
      expect(those.length).toBeGreaterThan(30)
      expect(previous.calls).toBe(those.length)
      const finished = those.filter((c) => c.status === 'completed' || c.status === 'failed')
      expect(previous.finished).toBe(finished.length)
      const durations = finished.flatMap((c) => (c.durationMs === null ? [] : [c.durationMs]))
      durations.sort((a, b) => a - b)
      expect(previous.medianMs).toBe(durations[Math.ceil(durations.length / 2) - 1])
      // Every finished call of the week before is evaluated (fewer than the share kept for it).
      expect(previous.evaluated).toBe(finished.length)
      const summaries: Record<string, EvaluationSummary> = await call(
        'conversations:evaluationSummaries',
        { ids: finished.map((c) => c.id) },
      )
      let passed = 0
      let judged = 0
      for (const c of finished) {
        for (const criterion of summaries[c.id]?.criteria ?? []) {
          judged++
          if (criterion.result === 'passed') passed++
        }
      }
      expect(judged).toBeGreaterThan(0)
      expect([previous.checksPassed, previous.checksJudged]).toEqual([passed, judged])
    },
  )

  it('keeps one agent apart, and answers the same period again at once for two minutes', async () => {
    const { call, overview, clock } = await setup()
    const agents = await call<{ id: string }[]>('conversations:agents', undefined)
    const agentId = agents[2]!.id
    const result = await overview({ days: 30, agentId, timeZone: ZONE })
    expect(result.calls).toBeGreaterThan(0)
    expect(new Set(result.criteria.map((c) => c.agentId))).toEqual(new Set([agentId]))
    const again = await call<{ ready: boolean }>('conversations:overview', {
      days: 30,
      agentId,
      timeZone: ZONE,
    })
    expect(again.ready).toBe(true)
    clock.advance(121_000)
    const later = await call<{ ready: boolean }>('conversations:overview', {
      days: 30,
      agentId,
      timeZone: ZONE,
    })
    expect(later.ready).toBe(false)
  })

  it('reuses figures for two minutes from when the read ended, however long it took', async () => {
    const { call, sent, clock, ended } = await setup()
    const started = await call<{ ready: false; jobId: string }>('conversations:overview', {
      days: 7,
      agentId: null,
      timeZone: ZONE,
    })
    // The read takes longer than the two minutes: the clock moves on while the list is paged.
    let moved = false
    const watch = setInterval(() => {
      if (!moved && sent.some((s) => s.channel === 'conversations:overviewProgress')) {
        moved = true
        clock.advance(150_000)
      }
    }, 0)
    const end = await ended(started.jobId)
    clearInterval(watch)
    expect(end.ok).toBe(true)
    expect(moved).toBe(true)
    const again = await call<{ ready: boolean }>('conversations:overview', {
      days: 7,
      agentId: null,
      timeZone: ZONE,
    })
    expect(again.ready).toBe(true)
  }, 120_000)

  it('stops when cancelled, and says so', async () => {
    const { call, ended } = await setup()
    const started = await call<{ ready: false; jobId: string }>('conversations:overview', {
      days: 30,
      agentId: null,
      timeZone: ZONE,
    })
    await call('jobs:cancel', { jobId: started.jobId })
    const end = await ended(started.jobId)
    expect(end).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
  })

  it('refuses an unknown time zone or period before any read', async () => {
    const { env } = { env: await setup() }
    sandbox.clearRequestLog()
    for (const input of [
      { days: 7, agentId: null, timeZone: 'Mars/Olympus' },
      { days: 9, agentId: null, timeZone: ZONE },
    ]) {
      const result = await env.runtime.dispatch(
        'conversations:overview',
        input,
        APP_SENDER,
        () => {},
      )
      expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
    }
    expect(sandbox.requestLog({ pathPrefix: '/v1' })).toEqual([])
  })

  it('says the list is not served instead of showing zeros as figures', async () => {
    const { overview } = await setup()
    sandbox.setConversationFeed({ listing: 404 })
    const result = await overview({ days: 7, agentId: null, timeZone: ZONE, refresh: true })
    expect(result.notServed).toBe(true)
  })
})
