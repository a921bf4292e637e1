import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type {
  ConversationEvent,
  RecentConversations,
  WatchState,
} from '../../../shared/domain/conversation-watch'
import { applyConversationEvent } from '../../../shared/domain/conversation-watch'
import { AppError } from '../../../shared/errors'
import { JobRegistry } from '../jobs/job-registry'
import { useTempDirs } from '../../testing/temp-dir'
import type { UpstreamClient } from '../upstream/upstream-client'
import type { Harness } from '../upstream/test/helpers'
import { startHarness } from '../upstream/test/helpers'
import { conversationEventId } from './conversation-events'
import { ConversationService } from './conversation-service'
import { RecentConversationStore } from './recent-conversations'

const FAST = {
  visibleMs: 50,
  hiddenMs: 400,
  backoffBaseMs: 50,
  backoffMaxMs: 2_000,
  evaluationWindowMs: 5_000,
  evaluationFirstDelayMs: 50,
  evaluationMaxDelayMs: 200,
}

interface Sink {
  events: ConversationEvent[]
  states: WatchState[]
  lists: RecentConversations[]
  event(e: ConversationEvent): void
  state(s: WatchState): void
  recentChanged(l: RecentConversations): void
}

function sink(): Sink {
  const s: Sink = {
    events: [],
    states: [],
    lists: [],
    event: (e) => s.events.push(e),
    state: (st) => s.states.push(st),
    recentChanged: (l) => s.lists.push(l),
  }
  return s
}

const tempDir = useTempDirs('vd-convsvc-')
let h: Harness
let dir: string
let jobs: JobRegistry
let service: ConversationService

let client: UpstreamClient

async function makeService(reader = client): Promise<ConversationService> {
  return ConversationService.create({
    userDataDir: dir,
    client: () => reader,
    readRaw: (id, signal) => client.readRawConversation(id, signal ? { signal } : {}),
    jobs,
    logger: h.logger,
    timing: FAST,
  })
}

async function finished(jobId: string | null): Promise<void> {
  expect(jobId).not.toBeNull()
  while (jobs.running().some((j) => j.id === jobId)) await new Promise((r) => setTimeout(r, 20))
}

beforeAll(async () => {
  h = await startHarness({ warmUp: false })
  // The tests poll twenty times faster than the app: lift the client's read rate to match.
  client = h.makeClient({ readsPerSecond: 100 })
})
afterAll(() => h.stop())

describe('ConversationService', () => {
  beforeAll(async () => {
    dir = await tempDir()
  })
  beforeEach(() => {
    jobs = new JobRegistry()
  })
  afterEach(async () => {
    await service.dispose()
  })

  it('follows a live conversation: started, each turn once, ended, evaluations, then no more reads', async () => {
    service = await makeService()
    const started = h.sandbox.startConversation({
      turns: 5,
      turnIntervalMs: 120,
      startDelayMs: 100,
      evaluationDelayMs: 300,
    })
    const out = sink()
    const { snapshot, jobId } = await service.open(1, started.id, out)
    expect(snapshot.conversation.status).toBe('pending')
    expect(snapshot.messages).toEqual([])
    await finished(jobId)

    const types = out.events.map((e) => e.type)
    expect(types[0]).toBe('conversation.started')
    expect(types.filter((t) => t === 'message.created')).toHaveLength(5)
    expect(types.slice(-2)).toEqual(['conversation.ended', 'evaluation.completed'])
    // Every event id is unique and stable per fact.
    expect(new Set(out.events.map((e) => e.id)).size).toBe(out.events.length)
    const firstMessage = out.events.find((e) => e.type === 'message.created')
    expect(firstMessage?.id).toBe(conversationEventId('message.created', started.id, 'msg_1'))
    expect(out.states.at(-1)).toMatchObject({
      phase: 'done',
      evaluations: 'received',
      status: 'completed',
    })

    // Folding the events over the first snapshot gives what the service now holds.
    const folded = out.events.reduce(applyConversationEvent, snapshot)
    expect(folded.conversation.status).toBe('completed')
    expect(folded.messages.map((m) => m.id)).toEqual(['msg_1', 'msg_2', 'msg_3', 'msg_4', 'msg_5'])
    expect(folded.evaluations.length).toBeGreaterThan(0)
    // Re-applying every event changes nothing (idempotent).
    expect(out.events.reduce(applyConversationEvent, folded)).toEqual(folded)

    // Polling has stopped: nothing reads the conversation any more.
    h.sandbox.clearRequestLog()
    await new Promise((r) => setTimeout(r, 400))
    expect(h.sandbox.requestLog({ pathPrefix: `/v1/conversations/${started.id}` })).toEqual([])
    // Re-opening a finished follow answers from memory.
    const again = await service.open(1, started.id, sink())
    expect(again.jobId).toBeNull()
    expect(again.snapshot.messages).toHaveLength(5)
    expect(h.sandbox.requestLog()).toEqual([])

    // The local list has it, with its final status and duration.
    const entry = service.recent.list().items.find((i) => i.id === started.id)
    expect(entry).toMatchObject({ status: 'completed' })
    expect(entry?.durationMs).toBeGreaterThan(0)
  })

  it('reports an unknown id clearly and follows nothing', async () => {
    service = await makeService()
    const error = await service.open(1, 'conv_doesnotexist', sink()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('NOT_FOUND')
    expect((error as AppError).message).toMatch(
      /^No conversation with id conv_doesnotexist\. Check the id/,
    )
    expect((error as AppError).details?.requestId).toMatch(/^req_/)
    expect(jobs.running()).toEqual([])
  })

  it('shows why a failed conversation ended', async () => {
    service = await makeService()
    const started = h.sandbox.startConversation({
      turns: 2,
      turnIntervalMs: 100,
      startDelayMs: 50,
      outcome: 'failed',
      endReason: 'max_duration_reached',
      evaluationDelayMs: 100,
    })
    const out = sink()
    const { jobId } = await service.open(1, started.id, out)
    await finished(jobId)
    const ended = out.events.find((e) => e.type === 'conversation.ended')
    expect(ended?.data).toMatchObject({
      status: 'failed',
      end_reason: 'max_duration_reached',
      recording_url: null,
    })
  })

  it('backs off on 429 with a visible reconnecting state, then recovers', async () => {
    const strict = h.makeClient({ retry: { maxAttempts: 1 }, readsPerSecond: 100 })
    service = await makeService(strict)
    h.sandbox.setAccount('paid', {
      limits: { conversationReadsPerSecond: 2, conversationReadBurst: 3 },
    })
    try {
      const out = sink()
      const { jobId } = await service.open(1, h.sandbox.seededConversations.active, out)
      while (!out.states.some((s) => s.phase === 'reconnecting'))
        await new Promise((r) => setTimeout(r, 20))
      const reconnecting = out.states.find((s) => s.phase === 'reconnecting')
      expect(reconnecting?.error?.code).toBe('RATE_LIMITED')
      expect(reconnecting?.nextReadAt).not.toBeNull()
      while (out.states.at(-1)?.phase !== 'following') await new Promise((r) => setTimeout(r, 20))
      expect(service.close(1, h.sandbox.seededConversations.active)).toBe(true)
      await finished(jobId)
    } finally {
      h.sandbox.setAccount('paid', {
        limits: { conversationReadsPerSecond: 20, conversationReadBurst: 60 },
      })
    }
  })

  it('slows down while the window is hidden and reads at once when it is shown', async () => {
    service = await makeService()
    service.setHidden(7, true)
    const out = sink()
    const id = h.sandbox.seededConversations.active
    const { jobId } = await service.open(7, id, out)
    expect(
      out.states.some((s) => s.slowed) ||
        (await new Promise<boolean>((r) =>
          setTimeout(() => r(out.states.some((s) => s.slowed)), 100),
        )),
    ).toBe(true)
    h.sandbox.clearRequestLog()
    service.setHidden(7, false)
    while (h.sandbox.requestLog({ pathPrefix: `/v1/conversations/${id}` }).length === 0) {
      await new Promise((r) => setTimeout(r, 10))
    }
    jobs.cancelOwnedBy(7)
    await finished(jobId)
    // A cancelled follow is forgotten: opening again reads afresh.
    h.sandbox.clearRequestLog()
    const reopened = await service.open(7, id, sink())
    expect(h.sandbox.requestLog({ pathPrefix: `/v1/conversations/${id}` }).length).toBeGreaterThan(
      0,
    )
    service.close(7, id)
    await finished(reopened.jobId)
  })

  it('exports JSON exactly as received, and Markdown and text from the transcript', async () => {
    service = await makeService()
    const id = h.sandbox.seededConversations.completed
    const headers = { Authorization: `Bearer ${h.sandbox.keys.paid}` }
    const wire = async (suffix: string): Promise<unknown> =>
      (await fetch(`${h.sandbox.baseUrl}/v1/conversations/${id}${suffix}`, { headers })).json()
    await service.open(2, id, sink())
    const target = join(dir, 'export.json')
    await service.exportTo(2, id, 'json', target)
    const exported = JSON.parse(await readFile(target, 'utf8')) as Record<string, unknown>
    expect(exported.conversation).toEqual(await wire(''))
    expect(exported.messages).toEqual(
      ((await wire('/messages')) as { messages: unknown[] }).messages,
    )
    expect(exported.evaluations).toEqual(
      ((await wire('/evaluations')) as { evaluations: unknown[] }).evaluations,
    )

    const md = await service.exportContent(2, id, 'markdown')
    expect(md).toContain(`# Conversation ${id}`)
    expect(md).toContain('Tool call: check_availability')
    expect(md).toContain('"party_size": 4')
    expect(md).toMatch(/\*\*\[0:00\] Agent:\*\* Hello, thanks for calling/)
    const text = await service.exportContent(2, id, 'text')
    expect(text).toContain('End reason: caller_hangup')
    expect(text).toMatch(/\[0:04\] Caller: Hi, I would like to book/)
    // Only the final files exist: no temporary leftovers.
    expect((await readdir(dir)).filter((n) => n.endsWith('.partial'))).toEqual([])
  })

  it('downloads the recording once into the cache and reads it back in chunks', async () => {
    service = await makeService()
    const id = h.sandbox.seededConversations.completed
    await service.open(3, id, sink())
    const [a, b] = await Promise.all([
      service.prepareRecording(3, id),
      service.prepareRecording(3, id),
    ])
    expect(a).toEqual(b)
    expect(a.mimeType).toBe('audio/mpeg')
    const chunk = await service.recordings.read(id, 0)
    expect(chunk.byteLength).toBe(Math.min(a.totalBytes, 2 * 1024 * 1024))
    expect(h.sandbox.requestLog({ pathPrefix: `/assets/recordings/${id}` })).toHaveLength(1)
    await expect(
      service.prepareRecording(3, h.sandbox.seededConversations.failed),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})

describe('RecentConversationStore', () => {
  let folder: string
  beforeAll(async () => {
    folder = await tempDir()
  })

  it('persists entries, most recently opened first, and removes them', async () => {
    const store = await RecentConversationStore.open(folder)
    const base = {
      agentId: 'agent_1',
      transport: 'web',
      createdAt: null,
      endedAt: null,
      recordingUrl: null,
      endReason: null,
      metadata: {},
    }
    await store.record(
      {
        ...base,
        id: 'conv_a',
        status: 'active',
        startedAt: '2026-01-01T00:00:00Z',
        durationMs: null,
      },
      { opened: true },
    )
    await store.record(
      { ...base, id: 'conv_b', status: 'pending', startedAt: null, durationMs: null },
      { opened: true },
    )
    await store.record(
      {
        ...base,
        id: 'conv_a',
        status: 'completed',
        startedAt: '2026-01-01T00:00:00Z',
        durationMs: 5000,
      },
      { opened: false },
    )
    const reopened = await RecentConversationStore.open(folder)
    expect(reopened.list().items.map((i) => [i.id, i.status, i.durationMs])).toEqual([
      ['conv_b', 'pending', null],
      ['conv_a', 'completed', 5000],
    ])
    expect(await reopened.remove('conv_b')).toBe(true)
    expect((await RecentConversationStore.open(folder)).list().items.map((i) => i.id)).toEqual([
      'conv_a',
    ])
  })

  it('sets a corrupt file aside with a notice', async () => {
    await writeFile(
      join(folder, 'conversations.json'),
      '{"version": 1, "conversations": [{"id": 3}]}',
    )
    const store = await RecentConversationStore.open(folder)
    expect(store.list().items).toEqual([])
    expect(store.list().notice).toMatch(/could not be read/)
    expect((await readdir(folder)).some((n) => n.startsWith('conversations.json.corrupt-'))).toBe(
      true,
    )
  })
})
