import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ConversationListResult } from '../../../shared/domain/conversation-list'
import type {
  ConversationOverview,
  OverviewEnded,
} from '../../../shared/domain/conversation-overview'
import type { Conversation } from '../../../shared/domain/conversation'
import type { Result } from '../../../shared/errors'
// The sandbox is the real local service the handlers talk to.
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { APP_SENDER, createTestRuntime } from '../../test-support'
import type { ManualClock } from '../../testing/manual-clock'
import { createManualClock } from '../../testing/manual-clock'
import type { Emit } from '../dispatch'

const KEY = 'plain-test-key-overview_cache_4321'
const DAY = 86_400_000
// Real time, so the sandbox's rate limits and the live call's start agree with main's clock.
const NOW = Date.now()
// The history ends 27 days ago: the 30 days shown hold its last days, the 30 before the rest,
// so most calls are listed (many pages) and few need their evaluations read.
const ANCHOR = NOW - 27 * DAY
/** A zone where it is not near midnight now, so a call started during the test is on today. */
const ZONE =
  ['UTC', 'Asia/Tokyo', 'America/Los_Angeles'].find((zone) => {
    const hour = Number(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(NOW),
    )
    return hour >= 2 && hour <= 21
  }) ?? 'UTC'

let sandbox: Sandbox
// The sandbox's timers (the live call's turns and its end) move only when the test says.
const sandboxTimers: ManualClock = createManualClock(NOW)
let cleanups: (() => Promise<void>)[] = []

beforeAll(async () => {
  sandbox = await startSandbox({
    synthThreads: 0,
    warmUp: false,
    keys: { paid: KEY },
    conversationCount: 800,
    conversationAnchor: ANCHOR,
    liveConversationEveryMs: 0,
    clock: sandboxTimers,
    now: () => Date.now(),
  })
})
afterAll(async () => {
  await sandbox.stop()
})
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

/**
 * Main's runtime on `userDataDir` (a fresh one when not given), signed in to the sandbox, its
 * clock at `at` (default: the test's start).
 */
async function start(userDataDir?: string, at = NOW) {
  const clock = createManualClock(at)
  const env = await createTestRuntime({
    clock,
    ...(userDataDir === undefined ? {} : { userDataDir }),
  })
  const sent: { channel: string; payload: unknown }[] = []
  const waiting = new Set<() => void>()
  const emit: Emit = (channel, payload) => {
    sent.push({ channel, payload })
    for (const check of [...waiting]) check()
  }
  const until = <T>(find: () => T | undefined): Promise<T> =>
    new Promise((resolve) => {
      const check = (): void => {
        const found = find()
        if (found === undefined) return
        waiting.delete(check)
        resolve(found)
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
  type Started =
    | { ready: true; overview: ConversationOverview }
    | { ready: false; jobId: string; saved: ConversationOverview | null }
  const open = async (input: object) => {
    const started = await call<Started>('conversations:overview', input)
    if (started.ready) throw new Error('expected a read')
    const end = await until(
      () =>
        sent.find(
          (s) =>
            s.channel === 'conversations:overviewEnded' &&
            (s.payload as OverviewEnded).jobId === started.jobId,
        )?.payload as OverviewEnded | undefined,
    )
    if (!end.ok) throw new Error(end.error.message)
    return { saved: started.saved, overview: end.overview }
  }
  return { ...env, call, open, sent, until }
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

/** The figures counted straight from the list for the overview's days. */
function expectFigures(o: ConversationOverview, all: Conversation[]): void {
  const days = new Set(o.perDay.map((d) => d.date))
  const those = all.filter((c) => c.startedAt !== null && days.has(dayIn(Date.parse(c.startedAt))))
  expect(o.calls).toBe(those.length)
  for (const outcome of ['completed', 'failed'] as const) {
    expect(o.byOutcome[outcome], outcome).toBe(those.filter((c) => c.status === outcome).length)
  }
  expect(o.byOutcome.live).toBe(those.filter((c) => c.status === 'active').length)
  for (const day of o.perDay) {
    const on = those.filter((c) => dayIn(Date.parse(c.startedAt!)) === day.date)
    expect(day.calls, day.date).toBe(on.length)
  }
  const finished = those.filter((c) => c.status === 'completed' || c.status === 'failed')
  expect(o.finished).toBe(finished.length)
  const durations = finished.flatMap((c) => (c.durationMs === null ? [] : [c.durationMs]))
  durations.sort((a, b) => a - b)
  expect(o.durations?.medianMs).toBe(durations[Math.ceil(durations.length / 2) - 1])
  const reasons = new Map<string | null, number>()
  for (const c of finished) reasons.set(c.endReason, (reasons.get(c.endReason) ?? 0) + 1)
  expect(new Map(o.endReasons.map((r) => [r.reason, r.calls]))).toEqual(reasons)
}

/** List pages asked for since the log was cleared (not the reads of single calls). */
function listRequests(): number {
  return sandbox
    .requestLog({ pathPrefix: '/v1/agents/conversations' })
    .filter((e) => e.path.split('?')[0] === '/v1/agents/conversations').length
}

describe('the overview keeps the calls on disk and reads only what changed', () => {
  it(
    'paints from the saved calls at the next start, then reads the newest page only, a live call updated',
    { timeout: 240_000 },
    async () => {
      const first = await start()
      // A call is live while the overview is first read.
      const live = sandbox.startConversation({ turns: 5, turnIntervalMs: 1_000, startDelayMs: 0 })
      sandboxTimers.advance(1_500)
      const input = { days: 30, agentId: null, timeZone: ZONE }
      sandbox.clearRequestLog()
      const before = await first.open(input)
      const firstReads = listRequests()
      expect(firstReads).toBeGreaterThanOrEqual(4)
      expect(before.saved).toBeNull()
      expectFigures(before.overview, await everyCall(first.call))
      expect(before.overview.byOutcome.live).toBeGreaterThanOrEqual(1)

      // The cache is the user's only: one file, 0600, named by a hash (no address, no key).
      const folder = join(first.userDataDir, 'conversation-cache')
      const files = await readdir(folder)
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/^[0-9a-f]{40}\.ndjson$/)
      expect((await stat(join(folder, files[0]!))).mode & 0o777).toBe(0o600)
      expect(await readFile(join(folder, files[0]!), 'utf8')).not.toContain(KEY)
      await first.runtime.dispose()

      // The live call ends before the app starts again.
      sandboxTimers.advance(live.endsInMs + live.evaluationsInMs)
      const second = await start(first.userDataDir)
      cleanups.push(second.cleanup)
      sandbox.clearRequestLog()
      const after = await second.open(input)
      const secondReads = listRequests()
      // What the first start read is painted at once, saying how far it reaches.
      expect(after.saved).not.toBeNull()
      expect(after.saved?.saved).toMatchObject({ complete: true })
      expect(after.saved?.calls).toBe(before.overview.calls)
      expect(after.saved?.byOutcome).toEqual(before.overview.byOutcome)
      // Then only the newest page is read, not the whole two months again.
      expect(secondReads).toBeLessThanOrEqual(2)
      expect(secondReads).toBeLessThan(firstReads / 2)
      const all = await everyCall(second.call)
      expect(all.find((c) => c.id === live.id)?.status).toBe('completed')
      expectFigures(after.overview, all)
      expect(after.overview.byOutcome.completed).toBe(before.overview.byOutcome.completed + 1)
      // The evaluations read at the first start are not read again.
      const evaluationReads = sandbox
        .requestLog({ pathPrefix: '/v1/agents/conversations/' })
        .filter((e) => e.path.includes('/evaluations')).length
      expect(evaluationReads).toBeLessThanOrEqual(1)
    },
  )

  it('discards a damaged cache file and reads the list again, without an error', async () => {
    const first = await start()
    const input = { days: 7, agentId: null, timeZone: ZONE }
    await first.open(input)
    const folder = join(first.userDataDir, 'conversation-cache')
    const [name] = await readdir(folder)
    const path = join(folder, name!)
    const text = await readFile(path, 'utf8')
    await first.runtime.dispose()
    const damages = [text.slice(0, Math.floor(text.length / 2)), '{"format":1}\n', 'not json', '']
    for (const damage of damages) {
      await writeFile(path, damage)
      const next = await start(first.userDataDir)
      sandbox.clearRequestLog()
      const { saved, overview } = await next.open(input)
      expect(saved, JSON.stringify(damage.slice(0, 40))).toBeNull()
      expect(listRequests()).toBeGreaterThanOrEqual(1)
      expectFigures(overview, await everyCall(next.call))
      await next.runtime.dispose()
    }
    // The file read again is whole once more: the next start paints from it.
    const last = await start(first.userDataDir)
    cleanups.push(last.cleanup)
    const { saved } = await last.open(input)
    expect(saved?.saved).toMatchObject({ complete: true })
  }, 240_000)
})

describe('the saved calls are read at start, not when Conversations is opened', () => {
  it('has them in memory once the window shows: the overview paints from them at once', async () => {
    const first = await start()
    const input = { days: 7, agentId: null, timeZone: ZONE }
    const { overview } = await first.open(input)
    await first.runtime.dispose()

    const second = await start(first.userDataDir)
    cleanups.push(second.cleanup)
    await second.runtime.windowShown()
    // The file is gone: figures painted now can only come from what was read ahead.
    await rm(join(first.userDataDir, 'conversation-cache'), { recursive: true, force: true })
    const { saved } = await second.open(input)
    expect(saved?.saved).toMatchObject({ complete: true })
    expect(saved?.calls).toBe(overview.calls)
    expect(saved?.byOutcome).toEqual(overview.byOutcome)
  }, 240_000)

  it('paints a period from the figures counted before a read of another period changed them', async () => {
    const first = await start()
    const month = { days: 30, agentId: null, timeZone: ZONE }
    const counted = (await first.open(month)).overview
    await first.runtime.dispose()

    const second = await start(first.userDataDir)
    cleanups.push(second.cleanup)
    await second.runtime.windowShown()
    // A call made since: the week's read lists it, which changes the saved calls.
    const call = sandbox.startConversation({ turns: 2, turnIntervalMs: 1_000, startDelayMs: 0 })
    sandboxTimers.advance(call.endsInMs + 1_000)
    await second.open({ days: 7, agentId: null, timeZone: ZONE })

    // The month paints at once from what was counted at start, not from a new count of it,
    const { saved, overview } = await second.open(month)
    expect(saved?.calls).toBe(counted.calls)
    // ...while the read brings the new call (saved-figures.test.ts: the new count is kept).
    expect(overview.calls).toBe(counted.calls + 1)
  }, 240_000)
})

describe('a finished call without evaluations', () => {
  /** Evaluation reads of `id` since the log was cleared. */
  const evaluationReadsOf = (id: string): number =>
    sandbox
      .requestLog({ pathPrefix: '/v1/' })
      .filter((e) => e.path.split('?')[0]!.endsWith(`/${id}/evaluations`)).length

  /** A call that ends now and is not scored for a month: for main, a call without evaluations. */
  const endUnscoredCall = (): ReturnType<typeof sandbox.startConversation> => {
    const call = sandbox.startConversation({
      turns: 2,
      turnIntervalMs: 1_000,
      startDelayMs: 0,
      evaluationDelayMs: 30 * DAY,
    })
    sandboxTimers.advance(call.endsInMs + 1_000)
    return call
  }

  it('is asked for once, not at every open nor at the next start', async () => {
    // A call that ends now and is never scored; main looks at it two hours later (long after
    // any evaluation would have come).
    const call = endUnscoredCall()
    const later = NOW + 2 * 3_600_000
    const input = { days: 7, agentId: null, timeZone: ZONE }
    const first = await start(undefined, later)
    sandbox.clearRequestLog()
    const opened = await first.open(input)
    expect(opened.overview.byOutcome.completed).toBeGreaterThanOrEqual(1)
    expect(evaluationReadsOf(call.id)).toBe(1)

    sandbox.clearRequestLog()
    await first.open({ ...input, refresh: true })
    expect(evaluationReadsOf(call.id)).toBe(0)
    await first.runtime.dispose()

    const second = await start(first.userDataDir, later)
    cleanups.push(second.cleanup)
    sandbox.clearRequestLog()
    await second.open(input)
    expect(evaluationReadsOf(call.id)).toBe(0)
  }, 240_000)

  it('is asked for again while it may still be scored (it finished moments ago)', async () => {
    const call = endUnscoredCall()
    const input = { days: 7, agentId: null, timeZone: ZONE }
    const env = await start()
    cleanups.push(env.cleanup)
    await env.open(input)
    sandbox.clearRequestLog()
    await env.open({ ...input, refresh: true })
    expect(evaluationReadsOf(call.id)).toBe(1)
  }, 240_000)
})

describe('forgetting the key takes the account’s calls off this computer', () => {
  it('deletes the saved calls and the downloaded recordings', async () => {
    const env = await start()
    cleanups.push(env.cleanup)
    await env.open({ days: 7, agentId: null, timeZone: ZONE })
    const finished = (await everyCall(env.call)).find(
      (c) => c.status === 'completed' && c.recordingUrl !== null,
    )
    expect(finished).toBeDefined()
    await env.call('conversations:prepareRecording', { id: finished!.id })
    const calls = join(env.userDataDir, 'conversation-cache')
    const recordings = join(env.userDataDir, 'cache', 'recordings')
    expect(await readdir(calls)).toHaveLength(1)
    expect(await readdir(recordings)).not.toHaveLength(0)

    const status = await env.call<{ credential: string }>('account:forget', undefined)
    expect(status.credential).toBe('none')
    await expect(readdir(calls)).rejects.toMatchObject({ code: 'ENOENT' })
    await expect(readdir(recordings)).rejects.toMatchObject({ code: 'ENOENT' })
  }, 240_000)
})
