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
import type { Clock } from '../clock'
import type { JobTicket, StartJobOptions } from '../jobs/job-registry'
import { JobRegistry } from '../jobs/job-registry'
import type { ManualClock } from '../../testing/manual-clock'
import { createManualClock } from '../../testing/manual-clock'
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

/**
 * The followers' view of the clock the sandbox also runs on: their waits are the only timers
 * main arms here, so a test knows when a follower has done all it can and is waiting for time.
 */
interface FollowerClock extends Clock {
  /** How many follower waits are armed and not yet run or cancelled. */
  readonly waiting: number
  /** Resolves with the earliest due time once a follower is waiting (at once if one is). */
  nextWait(): Promise<number>
}

function followerClock(base: ManualClock): FollowerClock {
  const armed = new Map<symbol, number>()
  let wake: (() => void) | null = null
  const earliest = (): number => Math.min(...armed.values())
  return {
    get waiting() {
      return armed.size
    },
    now: () => base.now(),
    setTimer(run, ms, options) {
      const id = Symbol('wait')
      armed.set(id, base.now() + ms)
      const cancel = base.setTimer(
        () => {
          armed.delete(id)
          run()
        },
        ms,
        options,
      )
      wake?.()
      return () => {
        armed.delete(id)
        cancel()
      }
    },
    nextWait: () =>
      armed.size > 0
        ? Promise.resolve(earliest())
        : new Promise((resolve) => {
            wake = () => {
              wake = null
              resolve(earliest())
            }
          }),
  }
}

/** The real registry, remembering each job's outcome so a test can wait for its end. */
class ObservedJobs extends JobRegistry {
  readonly ended = new Map<string, Promise<unknown>>()
  override start<P, T>(options: StartJobOptions<P, T>): JobTicket<T> {
    const ticket = super.start(options)
    this.ended.set(
      ticket.id,
      ticket.done.catch(() => undefined),
    )
    return ticket
  }
}

const tempDir = useTempDirs('vd-convsvc-')
let h: Harness
let dir: string
let jobs: ObservedJobs
let service: ConversationService
// Time for the sandbox (live conversations, read limits) and the followers: it moves only in
// `follow()`, to a follower's next wake-up, so every read happens at a known moment.
const clock = createManualClock()
let followers: FollowerClock

let client: UpstreamClient

async function makeService(reader = client): Promise<ConversationService> {
  followers = followerClock(clock)
  return ConversationService.create({
    userDataDir: dir,
    client: () => reader,
    readRaw: (id, signal) => client.readRawConversation(id, signal ? { signal } : {}),
    jobs,
    logger: h.logger,
    timing: FAST,
    clock: followers,
  })
}

function ended(jobId: string | null): Promise<unknown> {
  const end = jobId === null ? undefined : jobs.ended.get(jobId)
  if (end === undefined) throw new Error(`No follow job ${String(jobId)} was started.`)
  return end
}

/**
 * Lets the follow of `jobId` run until `until()` holds (by default, until its job ends): each time
 * the follower waits, time jumps to its wake-up, firing the sandbox's own timers due on the way.
 */
async function follow(jobId: string | null, until?: () => boolean): Promise<void> {
  let over = false
  const end = ended(jobId).then(() => {
    over = true
    return null
  })
  for (;;) {
    if (until?.() === true) return
    const due = await Promise.race([followers.nextWait(), end])
    // One turn of the event loop lets a job that has just returned finish settling (promise
    // callbacks only), so time never moves past a job's end to fire a wait it left behind.
    await new Promise((resolve) => setImmediate(resolve))
    if (over || due === null) {
      if (until === undefined || until()) return
      throw new Error('The follow ended before the awaited state.')
    }
    clock.advance(due - clock.now())
  }
}

async function finished(jobId: string | null): Promise<void> {
  await follow(jobId)
  expect(jobs.running().some((j) => j.id === jobId)).toBe(false)
}

beforeAll(async () => {
  h = await startHarness({ warmUp: false, clock })
  // The tests poll twenty times faster than the app: lift the client's read rate to match.
  client = h.makeClient({ readsPerSecond: 100 })
})
afterAll(() => h.stop())

describe('ConversationService', () => {
  beforeAll(async () => {
    dir = await tempDir()
  })
  beforeEach(() => {
    jobs = new ObservedJobs()
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

    // Polling has stopped: the job is over and no wait is armed that could lead to another read,
    // so however far time moves, nothing reads the conversation any more.
    expect(followers.waiting).toBe(0)
    h.sandbox.clearRequestLog()
    clock.advance(60_000)
    expect(followers.waiting).toBe(0)
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
      await follow(jobId, () => out.states.some((s) => s.phase === 'reconnecting'))
      const reconnecting = out.states.find((s) => s.phase === 'reconnecting')
      expect(reconnecting?.error?.code).toBe('RATE_LIMITED')
      expect(reconnecting?.nextReadAt).not.toBeNull()
      await follow(jobId, () => out.states.at(-1)?.phase === 'following')
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
    // Hidden: the state says so and the follower waits the hidden interval before its next read.
    const wakeUp = await followers.nextWait()
    expect(out.states.some((s) => s.slowed)).toBe(true)
    expect(wakeUp - clock.now()).toBe(FAST.hiddenMs)
    h.sandbox.clearRequestLog()
    const shownAt = clock.now()
    service.setHidden(7, false)
    // Shown: it reads at once (no time passes) and then waits only the visible interval.
    const next = await followers.nextWait()
    expect(clock.now()).toBe(shownAt)
    expect(h.sandbox.requestLog({ pathPrefix: `/v1/conversations/${id}` }).length).toBeGreaterThan(
      0,
    )
    expect(next - clock.now()).toBe(FAST.visibleMs)
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
