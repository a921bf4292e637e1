import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Harness } from './test/helpers'
import { startHarness } from './test/helpers'
import { createReadLimiter } from './scheduler'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.stop())

describe('reads a user waits for go ahead of the overview’s evaluation reads', () => {
  it('a call read by id and a list page start before evaluation reads queued earlier', async () => {
    // One read at a time, held until every read below is queued: the order they then start in is
    // the limiter's choice alone, not the network's.
    const readLimiter = createReadLimiter(1000, 1)
    readLimiter.pause()
    const client = h.makeClient({ readLimiter })
    const { completed, failed, long } = h.sandbox.seededConversations
    h.sandbox.clearRequestLog()
    const background = [completed, failed, long].map((id) =>
      client.listEvaluations(id, { background: true }),
    )
    const opened = client.getConversation(completed)
    const page = client.listConversations({ limit: 5 })
    expect(readLimiter.size).toBe(5)
    readLimiter.start()
    await Promise.all([...background, opened, page])

    const paths = h.sandbox.requestLog().map((e) => e.path.split('?')[0]!)
    const firstEvaluation = paths.findIndex((p) => p.endsWith('/evaluations'))
    const byId = paths.findIndex((p) => p.endsWith(`/${completed}`))
    const list = paths.findIndex((p) => p === '/v1/agents/conversations')
    expect(firstEvaluation).toBeGreaterThanOrEqual(0)
    expect(byId).toBeGreaterThanOrEqual(0)
    expect(list).toBeGreaterThanOrEqual(0)
    expect(byId).toBeLessThan(firstEvaluation)
    expect(list).toBeLessThan(firstEvaluation)
    // Each evaluation was still read, after them.
    expect(paths.filter((p) => p.endsWith('/evaluations'))).toHaveLength(3)
  })
})
