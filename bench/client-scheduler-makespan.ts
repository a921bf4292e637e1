/**
 * Bench 2: a batch of N synthesis requests through the account-wide scheduler against the sandbox
 * with a fixed service time S. Prints makespan / theoretical minimum, where the minimum is
 * max((N-1)/r + S, ceil(N/c)*S) for rate r and in-flight limit c, and the number of 429 answers.
 * Target: ratio at most 1.10 with zero 429s.
 *
 *   npx tsx bench/client-scheduler-makespan.ts [--plan paid|free] [--requests 200] [--service-ms 250] [--smoke]
 */
import { parseArgs } from 'node:util'
import { benchArgs, sized } from './support/smoke'
import { PLAN_LIMITS } from '../src/shared/domain/account'
import { startSandbox } from '../src/sandbox/index'
import { createUpstreamClient } from '../src/main/core/upstream/upstream-client'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    plan: { type: 'string', default: 'paid' },
    requests: { type: 'string', default: sized('200', '3') },
    'service-ms': { type: 'string', default: sized('250', '20') },
  },
})
const plan = values.plan === 'free' ? 'free' : 'paid'
const n = Number(values.requests)
const serviceMs = Number(values['service-ms'])
const limits = PLAN_LIMITS[plan]

const sandbox = await startSandbox({ serviceTimeMs: serviceMs })
const client = createUpstreamClient({
  baseUrl: sandbox.baseUrl,
  credential: { kind: 'apiKey', secret: sandbox.keys[plan] },
  limits,
})
try {
  const input = 'One line of the batch, the same each time so synthesis is cached.'
  // Warm the sandbox's synthesis cache outside the measured batch (then let its window pass).
  await client.synthesize({ input, voiceId: 'george', format: 'mp3' })
  await new Promise((resolve) => setTimeout(resolve, sized(2500, 1100)))
  sandbox.clearRequestLog()

  const started = performance.now()
  await Promise.all(
    Array.from({ length: n }, () => client.synthesize({ input, voiceId: 'george', format: 'mp3' })),
  )
  const makespan = (performance.now() - started) / 1000

  const r = limits.requestsPerSecond
  const c = limits.maxInFlight
  const s = serviceMs / 1000
  const minimum = Math.max((n - 1) / r + s, Math.ceil(n / c) * s)
  const log = sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })
  const tooMany = log.filter((e) => e.status === 429).length
  const stats = client.scheduler.stats()
  console.log(`plan ${plan}: r=${r}/s, c=${c}, N=${n}, S=${serviceMs} ms`)
  console.log(`makespan ${makespan.toFixed(2)} s, theoretical minimum ${minimum.toFixed(2)} s`)
  console.log(`ratio ${(makespan / minimum).toFixed(3)} (target <= 1.10)`)
  console.log(
    `429 answers: ${tooMany}; requests sent ${log.length}; max in flight ${stats.maxInFlightSeen}; scheduler saw ${stats.rateLimited} 429s`,
  )
  console.log(`target: ${makespan / minimum <= 1.1 && tooMany === 0 ? 'met' : 'NOT met'}`)
} finally {
  client.close()
  await sandbox.stop()
}
