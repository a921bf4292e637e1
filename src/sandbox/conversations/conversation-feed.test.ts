import { describe, expect, it } from 'vitest'
import type { Timers } from '../server/timers.js'
import { SANDBOX_AGENTS } from './agents.js'
import { ConversationFeed } from './conversation-feed.js'
import { ConversationStore } from './conversation-store.js'
import type { StartConversationOptions } from './live-conversation.js'

/** Timers that run only when the test moves time, in due order. */
function manualTimers(): { timers: Timers; now: () => number; advance(ms: number): void } {
  let now = 0
  let queue: Array<{ due: number; seq: number; fn: () => void }> = []
  let seq = 0
  const timers = {
    after(ms: number, fn: () => void) {
      queue.push({ due: now + Math.max(0, ms), seq: seq++, fn })
    },
  } as unknown as Timers
  return {
    timers,
    now: () => now,
    advance(ms) {
      const target = now + ms
      for (;;) {
        queue.sort((a, b) => a.due - b.due || a.seq - b.seq)
        const next = queue[0]
        if (!next || next.due > target) break
        queue = queue.slice(1)
        now = next.due
        next.fn()
      }
      now = target
    },
  }
}

describe('ConversationFeed', () => {
  it('starts one conversation per interval, with varied agents, and stops at 0', () => {
    const clock = manualTimers()
    const started: StartConversationOptions[] = []
    const feed = new ConversationFeed(clock.timers, (options) => started.push(options))
    feed.setEveryMs(30_000)
    clock.advance(29_999)
    expect(started).toHaveLength(0)
    clock.advance(1)
    expect(started).toHaveLength(1)
    clock.advance(30_000 * 19)
    expect(started).toHaveLength(20)
    expect(new Set(started.map((options) => options.agentId)).size).toBeGreaterThan(2)
    expect(started.every((o) => SANDBOX_AGENTS.some((a) => a.id === o.agentId))).toBe(true)
    expect(new Set(started.map((o) => o.outcome))).toEqual(new Set(['completed', 'failed']))
    feed.setEveryMs(0)
    clock.advance(300_000)
    expect(started).toHaveLength(20)
    expect(feed.current()).toBe(0)
  })

  it('a new pace replaces the old one at once (no timer of the old pace fires)', () => {
    const clock = manualTimers()
    const times: number[] = []
    const feed = new ConversationFeed(clock.timers, () => times.push(clock.now()))
    feed.setEveryMs(30_000)
    clock.advance(10_000)
    feed.setEveryMs(5_000)
    clock.advance(30_000)
    expect(times).toEqual([15_000, 20_000, 25_000, 30_000, 35_000, 40_000])
  })

  it('the same seed gives the same conversations', () => {
    const run = (): StartConversationOptions[] => {
      const clock = manualTimers()
      const started: StartConversationOptions[] = []
      new ConversationFeed(clock.timers, (o) => started.push(o), 7).setEveryMs(1_000)
      clock.advance(10_000)
      return started
    }
    expect(run()).toEqual(run())
  })

  it('fed conversations run live: pending, active, then final with evaluations of their agent', () => {
    const clock = manualTimers()
    const store = new ConversationStore()
    const feed = ConversationFeed.forStore(store, clock.timers, clock.now, 'acct_sandbox_paid', 3)
    feed.setEveryMs(1_000)
    clock.advance(1_000)
    feed.setEveryMs(0)
    const [record] = store.listNewestFirst('acct_sandbox_paid')
    expect(record?.status).toBe('pending')
    clock.advance(5_000)
    expect(record?.status).toBe('active')
    clock.advance(120_000)
    expect(['completed', 'failed']).toContain(record?.status)
    const agent = SANDBOX_AGENTS.find((a) => a.id === record?.agentId)
    const criteria = record?.evaluations.filter((e) => e.kind === 'criterion') ?? []
    expect(criteria.map((e) => e.criterionId)).toEqual(agent?.criteria.map((c) => c.id))
  })
})
