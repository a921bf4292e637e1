import { describe, expect, it } from 'vitest'
import type { Conversation, ConversationEvaluation } from '../../../shared/domain/conversation'
import type {
  ConversationListQuery,
  ConversationListResult,
} from '../../../shared/domain/conversation-list'
import { AppError } from '../../../shared/errors'
import { createManualClock } from '../../testing/manual-clock'
import type { InboxClient } from './inbox-poller'
import { InboxPoller } from './inbox-poller'

const T0 = Date.parse('2026-11-20T12:00:00.000Z')

function conversation(id: string, status: string, startedAt: number | null): Conversation {
  return {
    id,
    agentId: 'agent_1',
    status,
    transport: 'web',
    createdAt: new Date(T0).toISOString(),
    startedAt: startedAt === null ? null : new Date(startedAt).toISOString(),
    endedAt: null,
    durationMs: null,
    recordingUrl: null,
    endReason: null,
    metadata: {},
  }
}

const evaluation: ConversationEvaluation = {
  id: 'eval_1',
  conversationId: null,
  kind: 'criterion',
  criterionId: 'booked_slot',
  name: 'Booked a slot',
  status: 'success',
  passed: true,
  score: 1,
  rationale: null,
  data: null,
  createdAt: null,
}

/** An in-memory service: conversations by id, an evaluations table, and a log of every call. */
function fakeService(generation: 'newer' | 'older' | 'none' = 'newer') {
  const rows = new Map<string, Conversation>()
  const evaluations = new Map<string, ConversationEvaluation[]>()
  const calls: string[] = []
  const client: InboxClient = {
    listConversations(query: ConversationListQuery = {}): Promise<ConversationListResult> {
      calls.push(`list ${JSON.stringify(query)}`)
      if (generation === 'none') return Promise.resolve({ served: false })
      const all = [...rows.values()]
      const match = (c: Conversation): boolean =>
        generation === 'older' ||
        ((query.status === undefined || c.status === query.status) &&
          (query.startedAfter === undefined ||
            (c.startedAt !== null && c.startedAt >= query.startedAfter)))
      return Promise.resolve({
        served: true,
        generation,
        conversations: all.filter(match),
        nextCursor: null,
        hasMore: false,
      })
    },
    getConversation(id: string) {
      calls.push(`get ${id}`)
      const row = rows.get(id)
      return row ? Promise.resolve(row) : Promise.reject(new AppError('NOT_FOUND', id))
    },
    listEvaluations(id: string) {
      calls.push(`evaluations ${id}`)
      return Promise.resolve(evaluations.get(id) ?? [])
    },
  }
  return { rows, evaluations, calls, client }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
}

function setup(generation: 'newer' | 'older' | 'none' = 'newer') {
  const service = fakeService(generation)
  const clock = createManualClock(T0)
  const changes: Array<[string, string]> = []
  const evaluated: Array<[string, number, number]> = []
  const errors: AppError[] = []
  let notServed = 0
  const poller = new InboxPoller({
    client: () => service.client,
    clock,
    timing: { intervalMs: 2_000, evaluationDelaysMs: [5_000, 15_000] },
    events: {
      onChange: (c) => changes.push([c.id, c.status]),
      onEvaluations: (id, list) => evaluated.push([id, list.length, clock.now() - T0]),
      onNotServed: () => (notServed += 1),
      onError: (error) => errors.push(error),
    },
  })
  const step = async (ms: number): Promise<void> => {
    for (let done = 0; done < ms; done += 1_000) {
      clock.advance(1_000)
      await flush()
    }
  }
  /** Starts the poller and lets its first poll (due at once) run. */
  const start = async (): Promise<void> => {
    poller.start()
    clock.advance(0)
    await flush()
  }
  return {
    service,
    clock,
    poller,
    changes,
    evaluated,
    errors,
    start,
    step,
    notServed: () => notServed,
  }
}

/** A started poller whose service holds one conversation, `id`, in `status`. */
async function startedWith(id: string, status: string, startedAt: number | null) {
  const t = setup()
  t.service.rows.set(id, conversation(id, status, startedAt))
  await t.start()
  return t
}

describe('InboxPoller', () => {
  it('polls the list of live conversations (two reads per interval) and reports what changes', async () => {
    const t = setup()
    t.service.rows.set('c1', conversation('c1', 'active', T0 - 10_000))
    t.service.rows.set('c2', conversation('c2', 'pending', null))
    t.service.rows.set('old', conversation('old', 'completed', T0 - 90_000))
    await t.start()
    expect(t.changes).toEqual([
      ['c2', 'pending'],
      ['c1', 'active'],
    ])
    t.service.rows.set('c2', conversation('c2', 'active', T0 + 1_000))
    await t.step(10_000)
    expect(t.changes.at(-1)).toEqual(['c2', 'active'])
    expect(t.changes).toHaveLength(3)
    // 6 polls in 10 s (at 0, 2, 4, 6, 8, 10 s), two list reads each, nothing read by id.
    expect(t.service.calls.filter((c) => c.startsWith('list'))).toHaveLength(12)
    expect(t.service.calls.every((c) => c.startsWith('list'))).toBe(true)
    expect(t.poller.live().map((c) => c.id)).toEqual(['c2', 'c1'])
  })

  it('a finished conversation is found in one list read, reported final, and its evaluations read once', async () => {
    const t = await startedWith('c1', 'active', T0 - 10_000)
    t.service.rows.set('c1', { ...conversation('c1', 'completed', T0 - 10_000), durationMs: 9 })
    t.service.evaluations.set('c1', [evaluation])
    await t.step(2_000)
    expect(t.changes).toEqual([
      ['c1', 'active'],
      ['c1', 'completed'],
    ])
    await t.step(60_000)
    expect(t.evaluated).toEqual([['c1', 1, 7_000]])
    const aboutC1 = t.service.calls.filter((c) => !c.startsWith('list'))
    expect(aboutC1).toEqual(['evaluations c1'])
    expect(t.service.calls.filter((c) => c.includes('startedAfter'))).toHaveLength(1)
    expect(t.poller.live()).toEqual([])
  })

  it('reads evaluations again (bounded) while the service has written none yet', async () => {
    const t = await startedWith('c1', 'active', T0)
    t.service.rows.set('c1', conversation('c1', 'failed', T0))
    await t.step(2_000)
    await t.step(5_000)
    expect(t.evaluated).toEqual([])
    t.service.evaluations.set('c1', [evaluation, evaluation])
    await t.step(15_000)
    expect(t.evaluated).toEqual([['c1', 2, 22_000]])
    await t.step(60_000)
    expect(t.service.calls.filter((c) => c === 'evaluations c1')).toHaveLength(2)
  })

  it('a conversation that becomes active between the two reads of a poll is not taken for finished', async () => {
    const t = await startedWith('c1', 'pending', null)
    const list = t.service.client.listConversations
    t.service.client.listConversations = async (query) => {
      const page = await list(query)
      // Right after the first read of the next poll, it starts.
      t.service.rows.set('c1', conversation('c1', 'active', T0))
      return page
    }
    await t.step(2_000)
    expect(t.changes).toEqual([
      ['c1', 'pending'],
      ['c1', 'active'],
    ])
    expect(t.service.calls.filter((c) => !c.startsWith('list'))).toEqual([])
  })

  it('a pending conversation that ends without starting is read by id once', async () => {
    const t = await startedWith('p1', 'pending', null)
    t.service.rows.set('p1', conversation('p1', 'failed', null))
    await t.step(30_000)
    expect(t.changes.at(-1)).toEqual(['p1', 'failed'])
    expect(t.service.calls.filter((c) => c === 'get p1')).toHaveLength(1)
  })

  it('on the older list: one unfiltered read per interval', async () => {
    const t = setup('older')
    t.service.rows.set('c1', conversation('c1', 'active', T0))
    t.service.rows.set('done', conversation('done', 'completed', T0 - 60_000))
    await t.start()
    t.service.rows.set('c1', conversation('c1', 'completed', T0))
    await t.step(4_000)
    expect(t.changes).toEqual([
      ['c1', 'active'],
      ['c1', 'completed'],
    ])
    // First poll: the first filtered read answers with the whole older list; later polls read once.
    expect(t.service.calls.filter((c) => c.startsWith('list'))).toEqual([
      'list {"status":"pending","limit":200}',
      'list {"limit":200}',
      'list {"limit":200}',
    ])
  })

  it('stops and says so when the deployment does not list', async () => {
    const t = setup('none')
    await t.start()
    await t.step(20_000)
    expect(t.notServed()).toBe(1)
    expect(t.service.calls).toHaveLength(1)
    expect(t.clock.pendingTimers()).toBe(0)
  })

  it('backs off after failures and recovers; stop() cancels everything', async () => {
    const t = setup()
    const list = t.service.client.listConversations
    let failing = true
    t.service.client.listConversations = (query) =>
      failing ? Promise.reject(new AppError('NETWORK', 'down')) : list(query)
    await t.start()
    await t.step(14_000)
    // Failures at 0, 4 (2x2), 12 (4+8) s.
    expect(t.errors).toHaveLength(3)
    failing = false
    await t.step(16_000)
    expect(t.errors).toHaveLength(3)
    t.poller.stop()
    expect(t.clock.pendingTimers()).toBe(0)
  })
})
