import { mulberry32 } from '../faults/prng.js'
import type { Timers } from '../server/timers.js'
import { SANDBOX_AGENTS } from './agents.js'
import type { ConversationStore } from './conversation-store.js'
import { startLiveConversation, type StartConversationOptions } from './live-conversation.js'

/** Default pace of the feed: one new conversation every 30 seconds. */
export const DEFAULT_FEED_EVERY_MS = 30_000

/** What `startLiveConversation` is given; a test may watch it. */
export type FeedStart = (options: StartConversationOptions) => void

/**
 * Starts new conversations of the demo account on its own, one every `everyMs` (0: off), on the
 * sandbox's timers so `stop()` clears them. Each is a live conversation (pending, active with a
 * growing transcript, then completed or failed, then evaluations) taken by one of the five agents,
 * chosen by a seeded PRNG.
 */
export class ConversationFeed {
  private everyMs = 0
  private generation = 0
  private readonly rng: () => number

  constructor(
    private readonly timers: Pick<Timers, 'after'>,
    private readonly start: FeedStart,
    seed = 1,
  ) {
    this.rng = mulberry32(seed * 104_729)
  }

  /** Builds a feed that starts conversations in `store` for `accountId`. */
  static forStore(
    store: ConversationStore,
    timers: Timers,
    now: () => number,
    accountId: string,
    seed = 1,
  ): ConversationFeed {
    return new ConversationFeed(
      timers,
      (options) => void startLiveConversation(store, timers, now, accountId, options),
      seed,
    )
  }

  /** The pace in force (0: off). */
  current(): number {
    return this.everyMs
  }

  /** Sets the pace: the next conversation starts `everyMs` from now; 0 stops the feed. */
  setEveryMs(everyMs: number): void {
    this.everyMs = everyMs
    // Why a generation: Timers cannot cancel one timer, so a timer armed under an older pace
    // checks this and does nothing.
    this.generation += 1
    if (everyMs > 0) this.arm(this.generation)
  }

  private arm(generation: number): void {
    this.timers.after(this.everyMs, () => {
      if (generation !== this.generation) return
      this.start(this.nextOptions())
      this.arm(generation)
    })
  }

  private nextOptions(): StartConversationOptions {
    const rng = this.rng
    const agent = SANDBOX_AGENTS[Math.floor(rng() * SANDBOX_AGENTS.length)] ?? SANDBOX_AGENTS[0]
    const failed = rng() < 0.15
    return {
      ...(agent ? { agentId: agent.id } : {}),
      transport: rng() < 0.6 ? 'phone' : 'web',
      turns: 4 + Math.floor(rng() * 12),
      turnIntervalMs: 2_000 + Math.floor(rng() * 3_000),
      startDelayMs: 1_000 + Math.floor(rng() * 4_000),
      outcome: failed ? 'failed' : 'completed',
      evaluationDelayMs: 3_000,
    }
  }
}
