import { describe, expect, it } from 'vitest'
import { SANDBOX_AGENTS } from '../conversations/agents.js'
import { probeAudio } from '../testing/audio-probe.js'
import { errorOf, getJson, startTestSandbox, useTestSandbox } from '../testing/sandbox-client.js'

interface Row {
  id: string
  recording_url: string | null
  agent_id: string
  status: string
  transport: string
  created_at: string
  started_at: string | null
  duration_ms: number | null
}
interface Page {
  conversations: Row[]
  next_cursor: string | null
  has_more: boolean
}

const ANCHOR = Date.parse('2026-11-20T12:00:00.000Z')
const COUNT = 300

const t = useTestSandbox(
  {
    conversationCount: COUNT,
    conversationAnchor: ANCHOR,
    liveConversationEveryMs: 0,
    // The budget itself is tested at the end; these tests read a lot.
    limits: { paid: { conversationReadsPerSecond: Infinity, conversationReadBurst: Infinity } },
  },
  { loadEngine: true },
)

const get = <T>(path: string): Promise<T> => getJson<T>(t, path)

async function everyPage(
  query: string,
  limit = 200,
  from: string | null = null,
): Promise<{ rows: Row[]; pages: number }> {
  const rows: Row[] = []
  let cursor: string | null = from
  let pages = 0
  do {
    const page: Page = await get<Page>(
      `/v1/agents/conversations?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`,
    )
    rows.push(...page.conversations)
    pages += 1
    expect(page.has_more).toBe(page.next_cursor !== null)
    cursor = page.next_cursor
  } while (cursor !== null)
  return { rows, pages }
}

function newestFirst(rows: Row[]): boolean {
  return rows.every(
    (row, i) => i === 0 || Date.parse(rows[i - 1]?.created_at ?? '') >= Date.parse(row.created_at),
  )
}

describe('GET /v1/agents/conversations (newer list)', () => {
  it('pages every conversation once, most recent first, 50 by default and at most 200', async () => {
    const first = await get<Page>('/v1/agents/conversations')
    expect(first.conversations).toHaveLength(50)
    expect(first.has_more).toBe(true)
    const { rows, pages } = await everyPage('', 200)
    expect(pages).toBe(2)
    expect(rows).toHaveLength(COUNT + 5)
    expect(new Set(rows.map((row) => row.id)).size).toBe(COUNT + 5)
    expect(newestFirst(rows)).toBe(true)
    expect(rows.map((row) => row.id)).toEqual(
      expect.arrayContaining(Object.values(t.sandbox.seededConversations)),
    )
    const tooMany = await t.call('/v1/agents/conversations?limit=201')
    expect(tooMany.status).toBe(400)
    expect((await errorOf(tooMany)).fields).toHaveProperty('limit')
    const badCursor = await t.call('/v1/agents/conversations?cursor=nope')
    expect((await errorOf(badCursor)).fields).toHaveProperty('cursor')
  })

  it('holds a mix of agents, statuses, durations and end reasons', async () => {
    const { rows } = await everyPage('')
    expect(new Set(rows.map((row) => row.agent_id))).toEqual(
      new Set(SANDBOX_AGENTS.map((agent) => agent.id)),
    )
    const statuses = new Set(rows.map((row) => row.status))
    expect(statuses).toEqual(new Set(['pending', 'active', 'completed', 'failed']))
    const durations = rows.flatMap((row) => (row.duration_ms === null ? [] : [row.duration_ms]))
    expect(Math.min(...durations)).toBeLessThan(60_000)
    expect(Math.max(...durations)).toBeGreaterThanOrEqual(600_000)
    expect(rows.every((row) => Date.parse(row.created_at) < ANCHOR)).toBe(true)
  })

  it('filters by agent, status and start time, across pages', async () => {
    const { rows: all } = await everyPage('')
    const agent = SANDBOX_AGENTS[2]?.id ?? ''
    const byAgent = await everyPage(`&agent_id=${agent}&status=failed`, 7)
    const expected = all.filter((row) => row.agent_id === agent && row.status === 'failed')
    expect(expected.length).toBeGreaterThan(3)
    expect(byAgent.rows.map((row) => row.id)).toEqual(expected.map((row) => row.id))

    const after = '2026-11-10T00:00:00Z'
    const before = '2026-11-15T00:00:00+00:00'
    const window = await everyPage(
      `&started_after=${after}&started_before=${encodeURIComponent(before)}`,
    )
    const inWindow = all.filter(
      (row) =>
        row.started_at !== null &&
        Date.parse(row.started_at) >= Date.parse(after) &&
        Date.parse(row.started_at) < Date.parse(before),
    )
    expect(inWindow.length).toBeGreaterThan(10)
    expect(window.rows.map((row) => row.id)).toEqual(inWindow.map((row) => row.id))

    const long = await everyPage('&duration_min_ms=300000&transport=web')
    expect(long.rows.length).toBeGreaterThan(0)
    expect(long.rows.every((row) => (row.duration_ms ?? 0) >= 300_000)).toBe(true)
    expect(long.rows.every((row) => row.transport === 'web')).toBe(true)

    const maya = await everyPage('&q=maya%20okafor')
    expect(maya.rows.length).toBeGreaterThan(5)
    expect(maya.rows.map((row) => row.id)).toEqual(
      all.filter((row) => row.agent_id === SANDBOX_AGENTS[0]?.id).map((row) => row.id),
    )
    const live = await everyPage('&status=active,pending')
    expect(live.rows.map((row) => row.status).sort()).toEqual(['active', 'pending'])

    const bad = await t.call('/v1/agents/conversations?started_after=yesterday')
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).fields).toHaveProperty('started_after')
  })

  it('keeps its place when a new conversation arrives between two pages', async () => {
    const first = await get<Page>('/v1/agents/conversations?limit=100')
    const started = t.sandbox.startConversation({ startDelayMs: 60_000 })
    const rest = await everyPage('', 200, first.next_cursor)
    const ids = [...first.conversations, ...rest.rows].map((row) => row.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(COUNT + 5)
    const top = await get<Page>('/v1/agents/conversations?limit=1&status=pending')
    expect(top.conversations[0]?.id).toBe(started.id)
  })
})

describe('older list, stats, agents, recordings', () => {
  it('GET /v1/conversations answers every conversation in {conversations}, ignoring the query', async () => {
    const body = await get<Record<string, unknown>>('/v1/conversations?limit=2&status=failed')
    expect(Object.keys(body)).toEqual(['conversations'])
    const rows = body['conversations'] as Row[]
    expect(rows.length).toBeGreaterThanOrEqual(COUNT + 5)
    expect(newestFirst(rows)).toBe(true)
  })

  it('stats count what the list holds, under both paths', async () => {
    const { rows } = await everyPage('')
    const stats = await get<Record<string, number | null>>('/v1/agents/conversations/stats')
    expect(stats).toMatchObject({
      total: rows.length,
      completed: rows.filter((row) => row.status === 'completed').length,
      failed: rows.filter((row) => row.status === 'failed').length,
      active: rows.filter((row) => row.status === 'active').length,
      pending: rows.filter((row) => row.status === 'pending').length,
    })
    expect(stats['avg_duration_ms']).toBeGreaterThan(0)
    expect(stats['avg_cost_cents']).toBeGreaterThan(0)
    expect(await get('/v1/conversations/stats')).toEqual(stats)
  })

  it('GET /v1/agents names the five agents (newer shape: with paging fields)', async () => {
    const body = await get<{ agents: Array<{ id: string; name: string }>; has_more: boolean }>(
      '/v1/agents',
    )
    expect(body.agents.map((agent) => agent.name)).toEqual(SANDBOX_AGENTS.map((a) => a.name))
    expect(body.has_more).toBe(false)
  })

  it('serves a recording as Ogg/Opus bytes, 404 when there is none', async () => {
    // The shortest recorded call keeps the synthesis quick.
    const { rows } = await everyPage('&status=completed&duration_max_ms=40000')
    const short = rows
      .filter((row) => row.recording_url !== null)
      .sort((a, b) => (a.duration_ms ?? 0) - (b.duration_ms ?? 0))[0]
    const response = await t.call(`/v1/agents/conversations/${short?.id ?? ''}/recording`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/ogg')
    const probe = await probeAudio(Buffer.from(await response.arrayBuffer()), 'ogg')
    expect(probe.codec).toBe('opus')
    // As long as the call: the app shows the one next to the other.
    expect(Math.abs(probe.decodedSeconds - (short?.duration_ms ?? 0) / 1000)).toBeLessThan(1)
    const none = await t.call(
      `/v1/agents/conversations/${t.sandbox.seededConversations.failed}/recording`,
    )
    expect(none.status).toBe(404)
    const unknown = await t.call('/v1/agents/conversations/conv_nope/recording')
    expect((await errorOf(unknown)).code).toBe('conversation_not_found')
  })

  it('a generated conversation has a transcript and evaluations on read by id', async () => {
    const page = await get<Page>('/v1/agents/conversations?limit=1&status=completed')
    const id = page.conversations[0]?.id ?? ''
    const { messages } = await get<{ messages: unknown[] }>(`/v1/conversations/${id}/messages`)
    expect(messages.length).toBeGreaterThan(1)
    const { evaluations } = await get<{ evaluations: Array<{ kind: string }> }>(
      `/v1/conversations/${id}/evaluations`,
    )
    expect(new Set(evaluations.map((e) => e.kind))).toEqual(
      new Set(['criterion', 'summary', 'data']),
    )
  })
})

describe('when the deployment does not list', () => {
  it('answers 404 or 405 on list and stats as set at run time, and lists again when served', async () => {
    for (const listing of [404, 405] as const) {
      const patched = await fetch(`${t.sandbox.baseUrl}/sandbox/conversation-feed`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ listing }),
      })
      expect(await patched.json()).toMatchObject({ listing, everyMs: 0 })
      for (const path of [
        '/v1/agents/conversations',
        '/v1/conversations',
        '/v1/agents/conversations/stats',
        '/v1/conversations/stats',
      ])
        expect((await t.call(path)).status, path).toBe(listing)
      // Reads by id are unaffected.
      expect(
        (await t.call(`/v1/conversations/${t.sandbox.seededConversations.failed}`)).status,
      ).toBe(200)
    }
    t.sandbox.setConversationFeed({ listing: 'served' })
    expect((await t.call('/v1/agents/conversations')).status).toBe(200)
  })

  it('PATCH /sandbox/conversation-feed validates its body and sets the pace of new conversations', async () => {
    const patch = (body: unknown): Promise<Response> =>
      fetch(`${t.sandbox.baseUrl}/sandbox/conversation-feed`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    for (const body of [{ listing: 403 }, { everyMs: -1 }, { rate: 1 }])
      expect((await patch(body)).status, JSON.stringify(body)).toBe(400)
    expect(await (await patch({ everyMs: 3_600_000 })).json()).toEqual({
      everyMs: 3_600_000,
      listing: 'served',
    })
    expect(t.sandbox.state().conversationFeed).toEqual({ everyMs: 3_600_000, listing: 'served' })
    t.sandbox.setConversationFeed({ everyMs: 0 })
  })
})

describe('generations and limits', () => {
  it('is the same on every start; older deployments serve only the older list', async () => {
    const options = {
      conversationCount: 40,
      conversationAnchor: ANCHOR,
      liveConversationEveryMs: 0,
    }
    const a = await startTestSandbox({ ...options, shapes: 'older' })
    const b = await startTestSandbox(options)
    try {
      const older = (await (await a.call('/v1/conversations')).json()) as Page
      const newer = (await (await b.call('/v1/agents/conversations?limit=200')).json()) as Page
      expect(older.conversations).toEqual(
        newer.conversations.map((row) => ({
          ...row,
          recording_url: row.recording_url === null ? null : expect.stringContaining('/assets/'),
        })),
      )
      expect((await a.call('/v1/agents/conversations')).status).toBe(404)
      expect(Object.keys((await (await a.call('/v1/agents')).json()) as object)).toEqual(['agents'])
    } finally {
      await Promise.all([a.sandbox.stop(), b.sandbox.stop()])
    }
  })

  it('holds at least 2,000 conversations by default', async () => {
    const d = await startTestSandbox({ liveConversationEveryMs: 0, synthThreads: 0 })
    try {
      expect(d.sandbox.state().conversationCount).toBeGreaterThanOrEqual(2_000)
      const stats = (await (await d.call('/v1/agents/conversations/stats')).json()) as {
        total: number
      }
      expect(stats.total).toBeGreaterThanOrEqual(2_000)
    } finally {
      await d.sandbox.stop()
    }
  })

  it('list reads spend the account conversation-read budget', async () => {
    const s = await startTestSandbox({
      conversationCount: 10,
      liveConversationEveryMs: 0,
      synthThreads: 0,
      limits: { paid: { conversationReadBurst: 3, conversationReadsPerSecond: 0.001 } },
    })
    try {
      const statuses: number[] = []
      for (const path of [
        '/v1/agents/conversations',
        '/v1/agents',
        '/v1/conversations/stats',
        '/v1/agents/conversations',
      ])
        statuses.push((await s.call(path)).status)
      expect(statuses).toEqual([200, 200, 200, 429])
    } finally {
      await s.sandbox.stop()
    }
  })
})
