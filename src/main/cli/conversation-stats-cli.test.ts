import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox/index'
import { startSandbox } from '../../sandbox/index'
import type { Conversation } from '../../shared/domain/conversation'
import { summarizeEvaluations } from '../../shared/domain/conversation-inbox'
import type { UpstreamClient } from '../core/upstream/upstream-client'
import { createUpstreamClient } from '../core/upstream/upstream-client'
import { runCliCaptured } from '../testing/captured-cli'

// What docs/cli.md promises about `conversation stats`: the overview's figures, counted here
// again straight from the sandbox's list for the same range, agent and criteria.

const ANCHOR = Date.parse('2026-11-20T12:00:00.000Z')
const ZONE = 'America/New_York'

let sandbox: Sandbox
let client: UpstreamClient
let all: Conversation[]
let zoneBefore: string | undefined

beforeAll(async () => {
  // Days and hours are the system's time zone: one that is not UTC, so a call late in the
  // evening counts on its local day.
  zoneBefore = process.env.TZ
  process.env.TZ = ZONE
  sandbox = await startSandbox({
    synthThreads: 0,
    conversationCount: 250,
    conversationAnchor: ANCHOR,
    liveConversationEveryMs: 0,
    limits: { paid: { conversationReadsPerSecond: Infinity, conversationReadBurst: Infinity } },
  })
  client = createUpstreamClient({
    baseUrl: sandbox.baseUrl,
    credential: { kind: 'apiKey', secret: sandbox.keys.paid },
    readsPerSecond: 1000,
  })
  all = []
  let cursor: string | undefined
  for (;;) {
    const page = await client.listConversations({ limit: 200, ...(cursor ? { cursor } : {}) })
    if (!page.served) throw new Error('expected a list')
    all.push(...page.conversations)
    if (page.nextCursor === null) break
    cursor = page.nextCursor
  }
})
afterAll(async () => {
  if (zoneBefore === undefined) delete process.env.TZ
  else process.env.TZ = zoneBefore
  client.close()
  await sandbox.stop()
})

async function cli(args: string[]) {
  const run = await runCliCaptured(args, {
    env: {
      VOICEDESK_BASE_URL: sandbox.baseUrl,
      VOICEDESK_API_KEY: sandbox.keys.paid,
      VOICEDESK_PLAN: 'paid',
    },
  })
  expect(`${run.stdout}${run.stderr}`).not.toContain(sandbox.keys.paid)
  return run
}

const dayIn = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })

interface StatsJson {
  calls: number
  byOutcome: Record<string, number>
  durations: { medianMs: number; p90Ms: number } | null
  endReasons: { reason: string | null; calls: number }[]
  criteria: { agentId: string; id: string; passed: number; failed: number; unknown: number }[]
  evaluated: number
  finished: number
  groups: { group: string; calls: number; byOutcome: Record<string, number> }[]
}

const nearestRank = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1]!

describe('voicedesk conversation stats', () => {
  it('counts ten New York days as the list does: every day (none left out), outcomes, lengths, end reasons and pass rates', async () => {
    const r = await cli([
      'conversation',
      'stats',
      '--since',
      '2026-11-08',
      '--until',
      '2026-11-17',
      '--json',
    ])
    expect(r.code).toBe(0)
    const stats = JSON.parse(r.stdout) as StatsJson
    const days = Array.from({ length: 10 }, (_, i) => `2026-11-${String(8 + i).padStart(2, '0')}`)
    expect(stats.groups.map((g) => g.group)).toEqual(days)
    const those = all.filter((c) => c.startedAt !== null && days.includes(dayIn(c.startedAt)))
    expect(those.length).toBeGreaterThan(40)
    expect(stats.calls).toBe(those.length)
    for (const group of stats.groups) {
      const onDay = those.filter((c) => dayIn(c.startedAt!) === group.group)
      expect(group.calls, group.group).toBe(onDay.length)
      expect(group.byOutcome.failed).toBe(onDay.filter((c) => c.status === 'failed').length)
    }
    const finished = those.filter((c) => c.status === 'completed' || c.status === 'failed')
    expect([stats.finished, stats.evaluated]).toEqual([finished.length, finished.length])
    const lengths = finished.flatMap((c) => (c.durationMs === null ? [] : [c.durationMs]))
    lengths.sort((a, b) => a - b)
    expect(stats.durations).toEqual({
      medianMs: nearestRank(lengths, 0.5),
      p90Ms: nearestRank(lengths, 0.9),
    })
    const reasons = new Map<string | null, number>()
    for (const c of finished) reasons.set(c.endReason, (reasons.get(c.endReason) ?? 0) + 1)
    expect(new Map(stats.endReasons.map((e) => [e.reason, e.calls]))).toEqual(reasons)
    const counted = new Map<string, { passed: number; judged: number }>()
    for (const c of finished) {
      const summary = summarizeEvaluations(await client.listEvaluations(c.id))
      for (const k of summary.criteria) {
        const key = `${c.agentId}|${k.id}`
        const row = counted.get(key) ?? { passed: 0, judged: 0 }
        row.judged++
        if (k.result === 'passed') row.passed++
        counted.set(key, row)
      }
    }
    expect(
      new Map(
        stats.criteria.map((k) => [
          `${k.agentId}|${k.id}`,
          { passed: k.passed, judged: k.passed + k.failed + k.unknown },
        ]),
      ),
    ).toEqual(counted)
  })

  it('keeps one agent, named as the app shows it, and groups by agent and by hour', async () => {
    const priya = await cli([
      'conversation',
      'stats',
      '--agent',
      'Priya Raman',
      '--since',
      '2026-11-01',
      '--until',
      '2026-11-19',
      '--by',
      'agent',
      '--json',
    ])
    expect(priya.code).toBe(0)
    const stats = JSON.parse(priya.stdout) as StatsJson
    const agentId = 'agent_01jsandboxcourier00000000'
    const theirs = all.filter(
      (c) =>
        c.agentId === agentId &&
        c.startedAt !== null &&
        dayIn(c.startedAt) >= '2026-11-01' &&
        dayIn(c.startedAt) <= '2026-11-19',
    )
    expect(theirs.length).toBeGreaterThan(5)
    expect(stats.groups).toEqual([
      expect.objectContaining({ group: agentId, agentName: 'Priya Raman', calls: theirs.length }),
    ])
    expect(new Set(stats.criteria.map((k) => k.agentId))).toEqual(new Set([agentId]))

    const hours = JSON.parse(
      (
        await cli([
          'conversation',
          'stats',
          '--since',
          '2026-11-15',
          '--until',
          '2026-11-15',
          '--by',
          'hour',
          '--json',
        ])
      ).stdout,
    ) as StatsJson
    const onDay = all.filter((c) => c.startedAt !== null && dayIn(c.startedAt) === '2026-11-15')
    expect(hours.groups.reduce((sum, g) => sum + g.calls, 0)).toBe(onDay.length)
    for (const g of hours.groups) expect(g.group).toMatch(/^2026-11-15 \d{2}:00$/)
  })

  it('reads as words without --json, and refuses a grouping it does not know', async () => {
    const r = await cli(['conversation', 'stats', '--since', '2026-11-08', '--until', '2026-11-17'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      /^Calls started 2026-11-08 to 2026-11-17 \(America\/New_York\), all agents\n/,
    )
    expect(r.stdout).toContain('Why calls ended:')
    expect(r.stdout).toContain('The caller hung up')
    expect(r.stdout).not.toMatch(/caller_hangup|inactivity_timeout/)
    const bad = await cli(['conversation', 'stats', '--by', 'week'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--by must be one of day, hour, agent.')
  })
})
