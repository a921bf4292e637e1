/**
 * The Conversations overview with a big history: a sandbox holding 100,000 finished calls over 30
 * days, read by main's real runtime through the dispatcher as the app's window asks for it. Prints:
 *   - the first read of "Last 7 days" (this week and the one before paged, then the newest
 *     calls' evaluations): seconds to the counted figures and to the finished ones, with how long
 *     a cheap IPC call (`app:getInfo`) waited for main meanwhile (p50, p99, max);
 *   - the same period asked again (main's copy): ms to answer;
 *   - "Last 30 days" for one agent, read afresh, with the same IPC probe;
 *   - the app's next start (a new runtime on the same data folder): ms until the figures counted
 *     from the calls saved on disk answer, then the refresh (newest pages only), with the probe;
 * What it does not measure: the window's paint and frames (those run in the renderer).
 *
 *   npx tsx bench/conversations-overview.ts [--calls 100000] [--smoke]
 */
import { parseArgs } from 'node:util'
import type {
  ConversationOverview,
  OverviewEnded,
  OverviewProgress,
} from '../src/shared/domain/conversation-overview'
import { benchArgs, sized } from './support/smoke'
import { startMainBench } from './support/main-bench'

const { values } = parseArgs({
  args: benchArgs(),
  options: { calls: { type: 'string', default: sized('100000', '300') } },
})
const calls = Number(values.calls)
const zone = 'UTC'

type Started =
  | { ready: true; overview: ConversationOverview }
  | { ready: false; jobId: string; saved: ConversationOverview | null }
const ended = new Map<string, (e: OverviewEnded) => void>()
const counted = new Map<string, number>()
const early = new Map<string, OverviewEnded>()
let startedAt = 0

const bench = await startMainBench({
  everyMs: 20,
  // The sandbox pages its 100,000 calls on its own thread: in the app that is the service's work.
  sandboxThread: true,
  sandbox: { conversationCount: calls, liveConversationEveryMs: 0 },
  onEvent: (channel, payload) => {
    if (channel === 'conversations:overviewProgress') {
      const p = payload as OverviewProgress
      if (p.counted !== undefined) counted.set(p.jobId, performance.now() - startedAt)
    }
    if (channel === 'conversations:overviewEnded') {
      const e = payload as OverviewEnded
      const settle = ended.get(e.jobId)
      if (settle === undefined) early.set(e.jobId, e)
      else settle(e)
    }
  },
})

/** One overview read as the window does it: started, then its end event. */
async function overview(
  input: object,
): Promise<{ overview: ConversationOverview; cached: boolean }> {
  startedAt = performance.now()
  const started = await bench.call<Started>('conversations:overview', { timeZone: zone, ...input })
  if (started.ready) return { overview: started.overview, cached: true }
  if (started.saved !== null) {
    const saved = started.saved
    console.log(
      `  saved figures answered after ${(performance.now() - startedAt).toFixed(1)} ms: ${saved.calls} calls this period${saved.saved?.complete === true ? ' (the whole period)' : ''}`,
    )
  }
  const end = await new Promise<OverviewEnded>((resolve) => {
    const already = early.get(started.jobId)
    if (already !== undefined) resolve(already)
    else ended.set(started.jobId, resolve)
  })
  if (!end.ok) throw new Error(end.error.message)
  const countedMs = counted.get(started.jobId)
  console.log(
    `  counted figures after ${((countedMs ?? 0) / 1000).toFixed(2)} s; ${end.overview.calls} calls this period, ${end.overview.previous?.calls ?? 0} the one before; results of ${end.overview.evaluated} of ${end.overview.finished}`,
  )
  return { overview: end.overview, cached: false }
}

try {
  // The sandbox's key is a paid account's: its read allowance, as the app's Account would set.
  await bench.call('account:setPlan', { plan: 'paid' })
  console.log(`conversations-overview: ${calls.toLocaleString('en')} calls in the sandbox`)
  await bench.probe('first read, last 7 days', () => overview({ days: 7, agentId: null }))
  const again = performance.now()
  const second = await overview({ days: 7, agentId: null })
  console.log(
    `same period again (main's copy): ${(performance.now() - again).toFixed(1)} ms, cached ${second.cached}`,
  )
  const agents = await bench.call<{ id: string }[]>('conversations:agents', undefined)
  await bench.probe('last 30 days, one agent', () =>
    overview({ days: 30, agentId: agents[0]?.id ?? null, refresh: true }),
  )
  // The app's next start: the calls saved on disk paint first, then only the newest pages are read.
  await bench.restart()
  await bench.probe('next start, last 7 days', () => overview({ days: 7, agentId: null }))
} finally {
  await bench.dispose()
}
