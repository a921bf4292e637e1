import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../shared/errors'
import { createReadLimiter } from './scheduler'
import type { Harness } from './test/helpers'
import { startHarness } from './test/helpers'

const ANCHOR = Date.parse('2026-11-20T12:00:00.000Z')
const FEW = {
  conversationCount: 120,
  conversationAnchor: ANCHOR,
  liveConversationEveryMs: 0,
  limits: { paid: { conversationReadsPerSecond: Infinity, conversationReadBurst: Infinity } },
}

function listPaths(h: Harness): string[] {
  return h.sandbox
    .requestLog()
    .map((entry) => `${entry.path}${entry.query}`)
    .filter((path) => !path.includes('/v1/agents?') && path !== '/v1/agents')
}

describe('newer deployments', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(FEW)
  })
  afterAll(() => h.stop())

  it('pages the list with the cursor, most recent first, and sends the filters to the service', async () => {
    const first = await h.client.listConversations({ limit: 50 })
    if (!first.served) throw new Error('expected a list')
    expect(first).toMatchObject({ generation: 'newer', hasMore: true })
    expect(first.conversations).toHaveLength(50)
    const seen = [...first.conversations]
    let cursor = first.nextCursor
    while (cursor !== null) {
      const next = await h.client.listConversations({ limit: 50, cursor })
      if (!next.served) throw new Error('expected a list')
      seen.push(...next.conversations)
      cursor = next.nextCursor
    }
    expect(new Set(seen.map((c) => c.id)).size).toBe(125)
    const agentId = seen[0]?.agentId ?? ''
    h.sandbox.clearRequestLog()
    const filtered = await h.client.listConversations({
      agentId,
      status: 'completed',
      startedAfter: '2026-11-01T00:00:00Z',
      limit: 200,
    })
    if (!filtered.served) throw new Error('expected a list')
    const expected = seen.filter(
      (c) =>
        c.agentId === agentId &&
        c.status === 'completed' &&
        Date.parse(c.startedAt ?? '') >= Date.parse('2026-11-01T00:00:00Z'),
    )
    expect(filtered.conversations.map((c) => c.id)).toEqual(expected.map((c) => c.id))
    const [request] = h.sandbox.requestLog()
    expect(request?.path).toBe('/v1/agents/conversations')
    expect(new URLSearchParams(request?.query ?? '').get('agent_id')).toBe(agentId)
    expect(new URLSearchParams(request?.query ?? '').get('status')).toBe('completed')
  })

  it('names the agents and reads the stats', async () => {
    const agents = await h.client.listAgents()
    expect(agents?.map((a) => a.name)).toEqual([
      'Maya Okafor',
      'Theo Lindqvist',
      'Priya Raman',
      'Samuel Achebe',
      'Lucía Ferreira',
    ])
    const stats = await h.client.conversationStats()
    expect(stats).toMatchObject({ total: 125, active: 1, pending: 1 })
    expect((stats?.completed ?? 0) + (stats?.failed ?? 0)).toBe(123)
    expect(stats?.avgDurationMs).toBeGreaterThan(0)
  })

  it('downloads a recording as bytes; null when there is none; NOT_FOUND for an unknown id', async () => {
    const page = await h.client.listConversations({ status: 'completed', limit: 200 })
    if (!page.served) throw new Error('expected a list')
    const short = page.conversations
      .filter((c) => c.recordingUrl !== null)
      .sort((a, b) => (a.durationMs ?? 0) - (b.durationMs ?? 0))[0]
    const recording = await h.client.downloadRecordingBytes(short?.id ?? '')
    expect(recording?.contentType).toBe('audio/ogg')
    expect(recording?.bytes.subarray(0, 4).toString('latin1')).toBe('OggS')
    expect(await h.client.downloadRecordingBytes(h.sandbox.seededConversations.failed)).toBeNull()
    await expect(h.client.downloadRecordingBytes('conv_nope')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('every list, agents, stats and recording read goes through the conversation-read limiter', async () => {
    const readLimiter = createReadLimiter(1000)
    const add = vi.spyOn(readLimiter, 'add')
    const client = h.makeClient({ readLimiter })
    await client.listConversations({ limit: 5 })
    await client.listAgents()
    await client.conversationStats()
    await client.downloadRecordingBytes(h.sandbox.seededConversations.failed)
    expect(add).toHaveBeenCalledTimes(4)
  })
})

describe('older deployments', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ ...FEW, shapes: 'older' })
  })
  afterAll(() => h.stop())

  it('falls back to GET /v1/conversations, filters here, and goes straight there afterwards', async () => {
    h.sandbox.clearRequestLog()
    const all = await h.client.listConversations({ limit: 10 })
    if (!all.served) throw new Error('expected a list')
    expect(all).toMatchObject({ generation: 'older', hasMore: false, nextCursor: null })
    expect(all.conversations).toHaveLength(125)
    expect(listPaths(h)).toEqual(['/v1/agents/conversations?limit=10', '/v1/conversations'])
    h.sandbox.clearRequestLog()
    const failed = await h.client.listConversations({
      status: 'failed',
      startedAfter: '2026-11-10T00:00:00Z',
    })
    if (!failed.served) throw new Error('expected a list')
    expect(failed.conversations.length).toBeGreaterThan(0)
    expect(
      failed.conversations.every(
        (c) =>
          c.status === 'failed' &&
          Date.parse(c.startedAt ?? '') >= Date.parse('2026-11-10T00:00:00Z'),
      ),
    ).toBe(true)
    expect(listPaths(h)).toEqual(['/v1/conversations'])
    const stats = await h.client.conversationStats()
    expect(stats?.total).toBe(125)
    expect((await h.client.listAgents())?.length).toBe(5)
  })
})

describe('deployments that do not list', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(FEW)
  })
  afterAll(() => h.stop())

  for (const listing of [404, 405] as const) {
    it(`answers {served: false} when both endpoints answer ${listing}, not an error`, async () => {
      h.sandbox.setConversationFeed({ listing })
      h.sandbox.clearRequestLog()
      expect(await h.client.listConversations({ status: 'active' })).toEqual({ served: false })
      expect(listPaths(h)).toEqual(['/v1/agents/conversations?status=active', '/v1/conversations'])
      expect(await h.client.conversationStats()).toBeNull()
      // Reads by id still work.
      const conversation = await h.client.getConversation(h.sandbox.seededConversations.failed)
      expect(conversation.status).toBe('failed')
    })
  }

  it('other errors are errors (an invalid key is AUTH_INVALID, not "not served")', async () => {
    h.sandbox.setConversationFeed({ listing: 'served' })
    const client = h.makeClient({
      credential: { kind: 'apiKey', secret: 'sk_not_a_key_of_this_service' },
    })
    const error: unknown = await client.listConversations().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('AUTH_INVALID')
    const bad = await h.client.listConversations({ limit: 500 }).catch((e: unknown) => e)
    expect((bad as AppError).code).toBe('VALIDATION_FAILED')
  })
})
