/**
 * Requests the inbox's live polling spends while 20 conversations are live. A sandbox holding the
 * default 2,000 finished conversations starts 20 live ones that finish one after another; the
 * core InboxPoller polls them through the real upstream client (with the account's conversation-
 * read limiter) for the whole run. From the sandbox's request log it prints:
 *   - requests per second spent (mean over the run and the busiest one-second window), against
 *     the conversation read limits (free 5/s burst 30, paid 20/s burst 60), and the same for the
 *     stretch while live conversations remain (from the start until the last one ends) and for
 *     the stretch after they have all finished;
 *   - reads that went to conversations after they had finished: evaluation reads per finished
 *     conversation (expected 1) and any other read (target 0).
 *
 *   npx tsx bench/conversations-live-requests.ts [--seconds 40] [--live 20] [--smoke]
 */
import { parseArgs } from 'node:util'
import { benchArgs, sized } from './support/smoke'
import { systemClock } from '../src/main/core/clock'
import { InboxPoller } from '../src/main/core/conversations/inbox-poller'
import { createUpstreamClient } from '../src/main/core/upstream/upstream-client'
import { startSandbox } from '../src/sandbox/index'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    seconds: { type: 'string', default: sized('40', '3') },
    live: { type: 'string', default: sized('20', '3') },
  },
})
const seconds = Number(values.seconds)
const liveCount = Number(values.live)

const sandbox = await startSandbox({ synthThreads: 0, warmUp: false, liveConversationEveryMs: 0 })
const client = createUpstreamClient({
  baseUrl: sandbox.baseUrl,
  credential: { kind: 'apiKey', secret: sandbox.keys.paid },
  // The free plan's budget, the app's default before it knows the plan.
  readsPerSecond: 5,
})

// 20 live conversations: pending about a second, then one turn a second; the first ends after
// about 6 s, the last after about 6 + 19 s; evaluations 2 s after each end.
const live = Array.from({ length: liveCount }, (_, n) =>
  sandbox.startConversation({
    turns: 5 + n,
    turnIntervalMs: 1_000,
    startDelayMs: 500,
    evaluationDelayMs: 2_000,
    outcome: n % 5 === 4 ? 'failed' : 'completed',
  }),
)
const liveIds = new Set(live.map((c) => c.id))

let evaluationsDelivered = 0
let errors = 0
const poller = new InboxPoller({
  client: () => client,
  clock: systemClock,
  events: {
    onChange: () => undefined,
    onEvaluations: (id) => {
      if (liveIds.has(id)) evaluationsDelivered += 1
    },
    onNotServed: () => console.log('the sandbox did not list conversations'),
    onError: (error) => {
      errors += 1
      console.log(`poll error: ${error.code} ${error.message}`)
    },
  },
})
sandbox.clearRequestLog()
const startedAt = Date.now()
poller.start()
await new Promise((resolve) => setTimeout(resolve, seconds * 1_000))
poller.stop()
const log = sandbox.requestLog().filter((entry) => entry.path.startsWith('/v1/'))

// When each live conversation ended, from the service itself (read after the run, not logged).
const endedAt = new Map<string, number>()
for (const id of liveIds) {
  const response = await fetch(`${sandbox.baseUrl}/v1/conversations/${id}`, {
    headers: { Authorization: `Bearer ${sandbox.keys.paid}` },
  })
  const body = (await response.json()) as { ended_at: string | null }
  if (body.ended_at !== null) endedAt.set(id, Date.parse(body.ended_at))
}

const times = log.map((entry) => Date.parse(entry.time))
/** Most requests that arrived within any one second. */
function busiestSecond(at: number[]): number {
  let most = 0
  for (const t of at) most = Math.max(most, at.filter((u) => u >= t && u < t + 1_000).length)
  return most
}
const busiest = busiestSecond(times)
const byIdPattern = /^\/v1\/(?:agents\/)?conversations\/([^/]+)(\/[a-z]+)?$/
let evaluationReads = 0
let otherReadsAfterEnd = 0
for (const entry of log) {
  const match = byIdPattern.exec(entry.path)
  const id = match?.[1]
  if (id === undefined || id === 'stats') continue
  const ended = endedAt.get(id)
  if (ended === undefined || Date.parse(entry.time) < ended) continue
  if (match?.[2] === '/evaluations') evaluationReads += 1
  else otherReadsAfterEnd += 1
}
const endedAtRun = Date.now()
const elapsed = (endedAtRun - startedAt) / 1_000
const limited = log.filter((entry) => entry.status === 429).length
// The stretch while conversations are live ends when the last of them ends.
const lastEnd = Math.min(endedAtRun, Math.max(startedAt, ...endedAt.values()))
const whileLive = times.filter((t) => t < lastEnd)
const afterAll = times.filter((t) => t >= lastEnd)
const listReadsAfterAll = log.filter(
  (entry) => entry.path.endsWith('/conversations') && Date.parse(entry.time) >= lastEnd,
).length
const liveSeconds = (lastEnd - startedAt) / 1_000
const afterSeconds = (endedAtRun - lastEnd) / 1_000
const FREE = { perSecond: 5, burst: 30 }
console.log(
  `live conversations: ${liveCount}, finished during the run: ${endedAt.size}, run ${elapsed.toFixed(1)} s`,
)
console.log(
  `requests: ${log.length}, ${(log.length / elapsed).toFixed(2)} req/s mean, ${busiest} in the busiest second (limit: free 5/s burst 30, paid 20/s burst 60); 429s: ${limited}; poll errors: ${errors}`,
)
console.log(
  `while live (${liveSeconds.toFixed(1)} s, until the last one ended): ${whileLive.length} requests, ${(whileLive.length / Math.max(liveSeconds, 0.001)).toFixed(2)} req/s, ${busiestSecond(whileLive)} in the busiest second`,
)
console.log(
  `after all had finished (${afterSeconds.toFixed(1)} s): ${afterAll.length} requests, ${(afterAll.length / Math.max(afterSeconds, 0.001)).toFixed(2)} req/s, of which ${listReadsAfterAll} list polls (the rest: evaluation reads of the last to finish)`,
)
const within =
  busiest <= FREE.burst && whileLive.length / Math.max(liveSeconds, 0.001) <= FREE.perSecond
console.log(
  `within the free plan's conversation read limit (${FREE.perSecond}/s, burst ${FREE.burst}), the lowest: ${within && limited === 0 ? 'yes' : 'NO'}`,
)
console.log(
  `list reads: ${log.filter((e) => e.path.endsWith('/conversations')).length}, reads by id: ${log.filter((e) => byIdPattern.test(e.path)).length}`,
)
console.log(
  `evaluation reads per finished conversation: ${(evaluationReads / Math.max(1, endedAt.size)).toFixed(2)} (${evaluationReads} for ${endedAt.size}; evaluations delivered: ${evaluationsDelivered})`,
)
console.log(`other reads of conversations after they finished: ${otherReadsAfterEnd} (target 0)`)
client.close()
await sandbox.stop()
