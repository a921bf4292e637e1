import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OverviewEnded, OverviewProgress } from '../../../shared/domain/conversation-overview'
import type { Result } from '../../../shared/errors'
// The sandbox is the real local service the handlers talk to.
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { APP_SENDER, createTestRuntime } from '../../test-support'
import { createManualClock } from '../../testing/manual-clock'
import type { Emit } from '../dispatch'

const KEY = 'plain-test-key-overview_priority_4321'
// Friday 2026-11-27, 10:00 in New York: the generated calls end just before it.
const ANCHOR = Date.parse('2026-11-27T15:00:00Z')
const ZONE = 'America/New_York'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({
    synthThreads: 0,
    warmUp: false,
    keys: { paid: KEY },
    conversationCount: 120,
    conversationAnchor: ANCHOR,
    liveConversationEveryMs: 0,
  })
})
afterAll(async () => {
  await sandbox.stop()
})

describe('the overview’s evaluation reads through the dispatcher', () => {
  it('a call opened while the overview reads evaluations is read first', async () => {
    const env = await createTestRuntime({ clock: createManualClock(ANCHOR + 60_000) })
    try {
      const limiter = env.runtime.services.upstream.readLimiter
      let jobId = ''
      let ended: (end: OverviewEnded) => void = () => {}
      const end = new Promise<OverviewEnded>((resolve) => (ended = resolve))
      let counted: () => void = () => {}
      const evaluationsNext = new Promise<void>((resolve) => (counted = resolve))
      const emit: Emit = (channel, payload) => {
        if (channel === 'conversations:overviewEnded') ended(payload as OverviewEnded)
        if (channel !== 'conversations:overviewProgress') return
        const progress = payload as OverviewProgress
        // The counts are sent just before the evaluations are asked for: hold the reads from
        // here (synchronously, before the first is queued), one at a time, so the order they
        // start in is the limiter's choice alone.
        if (progress.counted !== undefined && progress.evaluationsToRead > 0) {
          limiter.pause()
          limiter.concurrency = 1
          counted()
        }
      }
      const call = async <T>(channel: string, input: unknown): Promise<T> => {
        const result = (await env.runtime.dispatch(channel, input, APP_SENDER, emit)) as Result<T>
        if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
        return result.data
      }
      await call('account:setBaseUrl', { baseUrl: sandbox.baseUrl })
      await call('account:setApiKey', { apiKey: KEY })

      const started = await call<{ ready: false; jobId: string }>('conversations:overview', {
        days: 7,
        agentId: null,
        timeZone: ZONE,
      })
      jobId = started.jobId
      await evaluationsNext
      // The overview's first batch of evaluation reads waits in the held limiter.
      while (limiter.size === 0) await new Promise((resolve) => limiter.once('add', resolve))
      const queuedEvaluations = limiter.size

      const { completed } = sandbox.seededConversations
      sandbox.clearRequestLog()
      const queued = new Promise((resolve) => limiter.once('add', resolve))
      const opened = call('conversations:open', { id: completed })
      await queued
      expect(limiter.size).toBe(queuedEvaluations + 1)
      limiter.start()
      await opened

      const paths = sandbox.requestLog().map((e) => e.path.split('?')[0]!)
      const byId = paths.findIndex((p) => p.endsWith(`/${completed}`))
      const firstEvaluation = paths.findIndex(
        (p) => p.endsWith('/evaluations') && !p.includes(completed),
      )
      expect(byId).toBe(0)
      // The overview's reads went on after it (its evaluations were still read).
      expect(firstEvaluation).toBeGreaterThan(byId)

      await call('jobs:cancel', { jobId })
      await end
    } finally {
      await env.cleanup()
    }
  }, 120_000)
})
