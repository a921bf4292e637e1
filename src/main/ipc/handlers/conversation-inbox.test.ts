import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  BatchExportEnded,
  BatchExportProgress,
  EvaluationSummary,
  InboxUpdate,
} from '../../../shared/domain/conversation-inbox'
import type {
  Agent,
  ConversationListResult,
  ConversationStats,
} from '../../../shared/domain/conversation-list'
import type { Result } from '../../../shared/errors'
// The sandbox is the real local service the handlers talk to.
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { APP_SENDER, createTestRuntime } from '../../test-support'
import type { ManualClock } from '../../testing/manual-clock'
import { createManualClock, nextTimerArmed } from '../../testing/manual-clock'
import { createTestPlatform } from '../../testing/test-platform'
import type { Emit } from '../dispatch'

const KEY = 'plain-test-key-inbox_handlers_4321'

let sandbox: Sandbox
let cleanups: (() => Promise<void>)[] = []

beforeAll(async () => {
  sandbox = await startSandbox({
    synthThreads: 0,
    warmUp: false,
    keys: { paid: KEY },
    conversationCount: 120,
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
  const clock: ManualClock = createManualClock(Date.now())
  const { ports, recorder } = createTestPlatform({ unansweredDialogs: 'cancel' })
  const env = await createTestRuntime({ platform: ports, clock })
  cleanups.push(env.cleanup)
  const sent: Sent[] = []
  const checks = new Set<() => void>()
  const emit: Emit = (channel, payload) => {
    sent.push({ channel, payload })
    for (const check of [...checks]) check()
  }
  /** Resolves with the first event sent to the window, before or after this call, that matches. */
  const sentWhere = (match: (event: Sent) => boolean): Promise<Sent> =>
    new Promise((resolve) => {
      const check = (): void => {
        const found = sent.find(match)
        if (found === undefined) return
        checks.delete(check)
        resolve(found)
      }
      checks.add(check)
      check()
    })
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const result = (await env.runtime.dispatch(channel, input, APP_SENDER, emit)) as Result<T>
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
    return result.data
  }
  const raw = (channel: string, input: unknown) =>
    env.runtime.dispatch(channel, input, APP_SENDER, emit)
  await call('account:setBaseUrl', { baseUrl: sandbox.baseUrl })
  await call('account:setApiKey', { apiKey: KEY })
  return { ...env, clock, recorder, sent, sentWhere, call, raw }
}

describe('conversations:list, agents and stats through the dispatcher', () => {
  it('pages the list by cursor with the filters applied by the service', async () => {
    const { call } = await setup()
    const agents = await call<Agent[] | null>('conversations:agents', undefined)
    expect(agents?.map((a) => a.name)).toContain('Maya Okafor')
    expect(agents).toHaveLength(5)
    const agent = agents?.[1] as Agent

    const first = await call<ConversationListResult>('conversations:list', {
      agentId: agent.id,
      status: 'completed',
      limit: 10,
    })
    if (!first.served) throw new Error('not served')
    expect(first.conversations).toHaveLength(10)
    expect(first.hasMore).toBe(true)
    for (const row of first.conversations) {
      expect(row.agentId).toBe(agent.id)
      expect(row.status).toBe('completed')
    }
    const second = await call<ConversationListResult>('conversations:list', {
      agentId: agent.id,
      status: 'completed',
      limit: 10,
      cursor: first.nextCursor,
    })
    if (!second.served) throw new Error('not served')
    const firstIds = new Set(first.conversations.map((c) => c.id))
    expect(second.conversations.some((c) => firstIds.has(c.id))).toBe(false)

    const stats = await call<ConversationStats | null>('conversations:stats', undefined)
    expect(stats?.total).toBeGreaterThanOrEqual(120)
  })

  it('refuses a bad date or an oversized page before any request', async () => {
    const { raw } = await setup()
    sandbox.clearRequestLog()
    expect(await raw('conversations:list', { startedAfter: 'yesterday-ish' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    })
    expect(await raw('conversations:list', { limit: 500 })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    })
    expect(sandbox.requestLog({ pathPrefix: '/v1' })).toEqual([])
  })

  it('says the list is not served when the deployment answers 404 or 405', async () => {
    const { call } = await setup()
    for (const listing of [404, 405] as const) {
      sandbox.setConversationFeed({ listing })
      expect(await call('conversations:list', {})).toEqual({ served: false })
      expect(await call('conversations:stats', undefined)).toBeNull()
    }
  })
})

describe('conversations:evaluationSummaries', () => {
  it('reads each finished conversation once, then answers from memory', async () => {
    const { call } = await setup()
    const page = await call<ConversationListResult>('conversations:list', {
      status: 'completed',
      limit: 5,
    })
    if (!page.served) throw new Error('not served')
    const ids = page.conversations.map((c) => c.id)
    sandbox.clearRequestLog()
    const summaries = await call<Record<string, EvaluationSummary>>(
      'conversations:evaluationSummaries',
      { ids },
    )
    expect(Object.keys(summaries).sort()).toEqual([...ids].sort())
    for (const summary of Object.values(summaries)) {
      expect(summary.total).toBeGreaterThanOrEqual(2)
      expect(summary.passed).toBeLessThanOrEqual(summary.total)
      expect(summary.passed).toBe(summary.criteria.filter((c) => c.result === 'passed').length)
      expect(summary.summary).not.toBeNull()
    }
    const reads = sandbox.requestLog({ pathPrefix: '/v1' }).length
    expect(reads).toBe(ids.length)
    await call('conversations:evaluationSummaries', { ids })
    expect(sandbox.requestLog({ pathPrefix: '/v1' })).toHaveLength(reads)
  })

  it('leaves out a conversation the service does not know', async () => {
    const { call } = await setup()
    expect(
      await call('conversations:evaluationSummaries', { ids: ['conv_does_not_exist_0000'] }),
    ).toEqual({})
  })
})

describe('conversations:watchInbox', () => {
  it('reports a live conversation, stops polling when told, and when the window closes', async () => {
    const { call, clock, sentWhere, runtime } = await setup()
    // Stays pending for the whole test: the sandbox starts it an hour from now.
    const live = sandbox.startConversation({ startDelayMs: 3_600_000 })
    await call('conversations:watchInbox', { watching: true })
    // The first poll is due at once on main's clock; after it, the poller arms the next one.
    const nextPollArmed = nextTimerArmed(clock)
    clock.advance(0)
    await sentWhere(
      (s) =>
        s.channel === 'conversations:inbox' &&
        (s.payload as InboxUpdate).kind === 'changed' &&
        (s.payload as { conversation: { id: string } }).conversation.id === live.id,
    )
    expect(runtime.services.inbox.watching(APP_SENDER.webContentsId)).toBe(true)
    await nextPollArmed

    await call('conversations:watchInbox', { watching: false })
    expect(runtime.services.inbox.watching(APP_SENDER.webContentsId)).toBe(false)
    // Stopped: the next poll the poller had armed is cancelled, so moving time reads nothing.
    expect(clock.pendingTimers()).toBe(0)
    sandbox.clearRequestLog()
    clock.advance(60_000)
    await new Promise((resolve) => setImmediate(resolve))
    expect(sandbox.requestLog({ pathPrefix: '/v1' })).toEqual([])

    await call('conversations:watchInbox', { watching: true })
    runtime.windowClosed(APP_SENDER.webContentsId)
    expect(runtime.services.inbox.watching(APP_SENDER.webContentsId)).toBe(false)
  })

  it('tells the window when the list is not served', async () => {
    const { call, sentWhere, clock } = await setup()
    sandbox.setConversationFeed({ listing: 405 })
    await call('conversations:watchInbox', { watching: true })
    clock.advance(0)
    await sentWhere(
      (s) => s.channel === 'conversations:inbox' && (s.payload as InboxUpdate).kind === 'notServed',
    )
  })
})

describe('conversations:exportBatch', () => {
  it('asks for a folder, reports progress and writes the CSV and JSONL there', async () => {
    const { call, recorder, sent, sentWhere } = await setup()
    const folder = await mkdtemp(join(tmpdir(), 'voicedesk-batch-'))
    cleanups.push(() => rm(folder, { recursive: true, force: true }))
    const page = await call<ConversationListResult>('conversations:list', { limit: 4 })
    if (!page.served) throw new Error('not served')
    const ids = page.conversations.map((c) => c.id)

    expect(await call('conversations:exportBatch', { ids })).toBeNull()
    recorder.answerNextOpen([folder])
    const started = await call<{ jobId: string; folder: string }>('conversations:exportBatch', {
      ids,
    })
    expect(started.folder).toBe(folder)
    const ended = (await sentWhere((s) => s.channel === 'conversations:exportEnded'))
      .payload as BatchExportEnded
    if (!ended.ok) throw new Error(ended.error.message)
    expect(ended.jobId).toBe(started.jobId)
    expect(ended.result.conversations).toBe(4)
    const progress = sent
      .filter((s) => s.channel === 'conversations:exportProgress')
      .map((s) => s.payload as BatchExportProgress)
    expect(progress.at(-1)).toEqual({ jobId: started.jobId, done: 4, total: 4 })
    const files = (await readdir(folder)).sort()
    expect(files).toHaveLength(2)
    const csv = await readFile(ended.result.csvPath, 'utf8')
    expect(csv.trim().split('\n')).toHaveLength(1 + 4)
    const jsonl = await readFile(ended.result.jsonlPath, 'utf8')
    expect(jsonl.trim().split('\n')).toHaveLength(4)
  })

  it('exports every call a filter matches, found in main past the rows a window loads', async () => {
    const { call, recorder, sent, sentWhere } = await setup()
    const folder = await mkdtemp(join(tmpdir(), 'voicedesk-batch-filter-'))
    cleanups.push(() => rm(folder, { recursive: true, force: true }))
    const agents = await call<Agent[]>('conversations:agents', undefined)
    const filter = { agentId: agents[3]!.id, status: 'completed' }
    // What the list says matches, page by page (small pages: more than one).
    const expected: string[] = []
    let cursor: string | null = null
    do {
      const page: ConversationListResult = await call<ConversationListResult>(
        'conversations:list',
        { ...filter, limit: 5, ...(cursor === null ? {} : { cursor }) },
      )
      if (!page.served) throw new Error('not served')
      expected.push(...page.conversations.map((c) => c.id))
      cursor = page.hasMore ? page.nextCursor : null
    } while (cursor !== null)
    expect(expected.length).toBeGreaterThan(5)

    recorder.answerNextOpen([folder])
    await call('conversations:exportBatch', { filter })
    const ended = (await sentWhere((s) => s.channel === 'conversations:exportEnded'))
      .payload as BatchExportEnded
    if (!ended.ok) throw new Error(ended.error.message)
    expect(ended.result.conversations).toBe(expected.length)
    const csv = await readFile(ended.result.csvPath, 'utf8')
    const ids = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0])
    expect(ids).toEqual(expected)
    const jsonl = await readFile(ended.result.jsonlPath, 'utf8')
    // The key never reaches a file the user may share.
    expect(csv + jsonl).not.toContain(KEY)
    expect(
      sent.some(
        (s) =>
          s.channel === 'conversations:exportProgress' &&
          (s.payload as BatchExportProgress).listing === true,
      ),
    ).toBe(true)
  })

  it('shows the files an export wrote in their folder, and no other path', async () => {
    const { call, raw, recorder, sentWhere } = await setup()
    const folder = await mkdtemp(join(tmpdir(), 'voicedesk-batch-'))
    cleanups.push(() => rm(folder, { recursive: true, force: true }))
    const page = await call<ConversationListResult>('conversations:list', { limit: 2 })
    if (!page.served) throw new Error('not served')
    const csvBefore = join(folder, 'calls.csv')
    // Nothing exported yet: a path the page names is refused, even inside the folder.
    expect(await raw('conversations:revealExport', { path: csvBefore })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    })

    recorder.answerNextOpen([folder])
    await call('conversations:exportBatch', { ids: page.conversations.map((c) => c.id) })
    const ended = (await sentWhere((s) => s.channel === 'conversations:exportEnded'))
      .payload as BatchExportEnded
    if (!ended.ok) throw new Error(ended.error.message)

    await call('conversations:revealExport', { path: ended.result.csvPath })
    expect(recorder.revealed).toEqual([ended.result.csvPath])
    const other = await raw('conversations:revealExport', { path: join(folder, 'other.csv') })
    expect(other).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
    expect(recorder.revealed).toEqual([ended.result.csvPath])
  })

  it('refuses an empty selection with words the user can act on', async () => {
    const { raw } = await setup()
    const result = await raw('conversations:exportBatch', { ids: [] })
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        details: { fields: { ids: 'Select at least one conversation to export.' } },
      },
    })
  })
})
