import { describe, expect, it } from 'vitest'
import type { CallRecord } from './call-record'
import { CallStore, MAX_KEPT_CALLS, MAX_KEPT_SUMMARIES } from './call-store'

const call = (n: number, status = 'completed'): CallRecord => ({
  id: `c${n}`,
  agentId: 'a',
  status,
  startedMs: 1_000_000 + n * 1_000,
  durationMs: 60_000,
  endReason: null,
})

describe('CallStore', () => {
  it('keeps at most its ceiling of calls, the newest, and says where its calls then start', async () => {
    const store = new CallStore()
    const count = MAX_KEPT_CALLS + 500
    const calls = Array.from({ length: count }, (_, n) => call(n))
    await store.replaceRange(0, Number.MAX_SAFE_INTEGER, calls)
    expect(store.calls.length).toBeLessThanOrEqual(MAX_KEPT_CALLS)
    expect(store.calls[0]!.id).toBe(`c${count - 1}`)
    const oldestKept = store.calls.at(-1)!.startedMs
    expect(store.coverFromMs).toBeLessThanOrEqual(oldestKept)
    expect(store.coverFromMs).toBeGreaterThan(call(499).startedMs)
    expect(store.covers(0, 2_000_000)).toBe(false)
  })

  it('keeps at most its ceiling of evaluation summaries', () => {
    const store = new CallStore()
    const summary = { passed: 1, total: 1, criteria: [], summary: null }
    for (let n = 0; n < MAX_KEPT_SUMMARIES + 10; n++) store.addSummaries({ [`c${n}`]: summary })
    expect(store.summaries.size).toBe(MAX_KEPT_SUMMARIES)
    expect(store.summary('c0')).toBeUndefined()
  })

  it('replaces a range (a call gone from the list goes), keeps the rest, newest first', async () => {
    const store = new CallStore()
    await store.replaceRange(0, 100_000_000, [call(1), call(2), call(3), call(4)])
    await store.replaceRange(call(3).startedMs, 100_000_000, [call(4, 'failed'), call(5)])
    expect(store.calls.map((c) => c.id)).toEqual(['c5', 'c4', 'c2', 'c1'])
    expect(store.calls[1]!.status).toBe('failed')
  })

  it('refreshes down to the oldest call still live, but not to one live for hours', async () => {
    const store = new CallStore()
    const live = call(2, 'active')
    await store.replaceRange(0, 100_000_000, [call(1), live, call(3)])
    expect(store.refreshBoundary(live.startedMs + 60_000)).toBe(live.startedMs)
    expect(store.refreshBoundary(live.startedMs + 7 * 3_600_000)).toBe(call(3).startedMs)
  })

  it('finds where a refresh stops by walking only the calls that can still change', async () => {
    const minute = 60_000
    const now = 200 * 24 * 3_600_000
    let statusReads = 0
    // A call a minute for 100,000 minutes back; whether each is live is read through a counter.
    const calls = Array.from({ length: 100_000 }, (_, n): CallRecord => {
      const status = n === 120 || n === 20_000 ? 'in-progress' : 'completed'
      return {
        id: `m${n}`,
        agentId: 'a',
        get status() {
          statusReads++
          return status
        },
        startedMs: now - (n + 1) * minute,
        durationMs: 60_000,
        endReason: null,
      }
    })
    const store = new CallStore()
    await store.replaceRange(0, now, calls)
    statusReads = 0
    // Live two hours ago holds the refresh back; the one live for two weeks is stale.
    expect(store.refreshBoundary(now)).toBe(now - 121 * minute)
    // Why it matters: main's loop walked all 100,000 calls at every refresh of a big account.
    expect(statusReads).toBeLessThanOrEqual(6 * 60)
  })
})
