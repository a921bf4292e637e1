import type { Conversation, ConversationEvaluation } from '../../../shared/domain/conversation'
import { isFinalConversationStatus } from '../../../shared/domain/conversation'
import type {
  ConversationListGeneration,
  ConversationListQuery,
  ConversationListResult,
} from '../../../shared/domain/conversation-list'
import { AppError } from '../../../shared/errors'
import type { Clock } from '../clock'
import type { UpstreamClient } from '../upstream/upstream-client'

/** The client calls the poller makes. */
export type InboxClient = Pick<
  UpstreamClient,
  'listConversations' | 'getConversation' | 'listEvaluations'
>

/** Pace of the poller, in milliseconds. */
export interface InboxTiming {
  /** Between two polls of the list of live conversations. */
  intervalMs: number
  /** Longest pause after failed polls (the pause doubles from `intervalMs`). */
  backoffMaxMs: number
  /**
   * Waits before reading a finished conversation's evaluations: the first from when it was seen
   * finished, each further one (only while the service has written none yet) from the read before.
   */
  evaluationDelaysMs: number[]
}

/** Two list reads every 2 s (pending, active): 1 read/s, a fifth of the free plan's 5/s. */
export const DEFAULT_INBOX_TIMING: InboxTiming = {
  intervalMs: 2_000,
  backoffMaxMs: 30_000,
  evaluationDelaysMs: [5_000, 15_000, 45_000],
}

/** What the poller tells its owner. */
export interface InboxPollerEvents {
  /** A live conversation appeared or changed, or one finished (final status). */
  onChange(conversation: Conversation): void
  /** A finished conversation's evaluations (read once; empty if none were written in time). */
  onEvaluations(id: string, evaluations: ConversationEvaluation[]): void
  /** The deployment does not list conversations: polling stops; fall back to pasted ids. */
  onNotServed(): void
  /** A poll failed; the poller carries on after a longer pause. */
  onError(error: AppError): void
}

// Why pending first: a status only moves forward (pending, active, final), so a conversation that
// becomes active between the two reads is seen twice (the later row wins), never missed.
const LIVE_STATUSES = ['pending', 'active'] as const
const MAX_PAGES = 10

function changed(before: Conversation | undefined, after: Conversation): boolean {
  return (
    before === undefined ||
    before.status !== after.status ||
    before.startedAt !== after.startedAt ||
    before.endedAt !== after.endedAt ||
    before.durationMs !== after.durationMs
  )
}

function asAppError(error: unknown): AppError {
  return error instanceof AppError
    ? error
    : new AppError('INTERNAL', error instanceof Error ? error.message : String(error))
}

/**
 * Keeps the inbox's live conversations current by polling the list, not each conversation: two
 * filtered list reads per interval (pending, active) on the newer endpoint, one unfiltered read
 * on the older. A conversation that leaves the live set is looked up in one list read of recent
 * conversations (by id only if the list does not show it), reported final, and its evaluations
 * are read once. Reads go through the client, so within the account's conversation-read limit.
 */
export class InboxPoller {
  readonly #client: () => InboxClient
  readonly #clock: Clock
  readonly #timing: InboxTiming
  readonly #events: InboxPollerEvents
  readonly #live = new Map<string, Conversation>()
  readonly #cancels = new Set<() => void>()
  #generation: ConversationListGeneration = 'newer'
  #failures = 0
  #running = false

  constructor(options: {
    client: () => InboxClient
    clock: Clock
    events: InboxPollerEvents
    timing?: Partial<InboxTiming>
  }) {
    this.#client = options.client
    this.#clock = options.clock
    this.#events = options.events
    this.#timing = { ...DEFAULT_INBOX_TIMING, ...options.timing }
  }

  /** Starts polling at once. */
  start(): void {
    if (this.#running) return
    this.#running = true
    this.#later(0, () => this.#poll())
  }

  /** Stops polling and every pending evaluation read. */
  stop(): void {
    this.#running = false
    for (const cancel of this.#cancels) cancel()
    this.#cancels.clear()
  }

  /** The conversations currently live (active or pending), as last read. */
  live(): Conversation[] {
    return [...this.#live.values()]
  }

  #later(ms: number, run: () => Promise<void>): void {
    if (!this.#running) return
    const cancel = this.#clock.setTimer(() => {
      this.#cancels.delete(cancel)
      void run()
    }, ms)
    this.#cancels.add(cancel)
  }

  async #poll(): Promise<void> {
    try {
      const rows = await this.#readLive()
      if (rows === null) {
        this.#running = false
        this.#events.onNotServed()
        return
      }
      await this.#apply(rows)
      this.#failures = 0
    } catch (error) {
      this.#failures += 1
      this.#events.onError(asAppError(error))
    }
    const pause = Math.min(this.#timing.backoffMaxMs, this.#timing.intervalMs * 2 ** this.#failures)
    this.#later(pause, () => this.#poll())
  }

  async #pages(query: ConversationListQuery): Promise<ConversationListResult> {
    const client = this.#client()
    const first = await client.listConversations({ ...query, limit: 200 })
    if (!first.served) return first
    this.#generation = first.generation
    const conversations = [...first.conversations]
    let cursor = first.nextCursor
    for (let page = 1; page < MAX_PAGES && cursor !== null; page++) {
      const next = await client.listConversations({ ...query, limit: 200, cursor })
      if (!next.served) break
      conversations.push(...next.conversations)
      cursor = next.nextCursor
    }
    return { ...first, conversations, nextCursor: cursor, hasMore: cursor !== null }
  }

  /** Every row of this poll: live ones (newer) or the whole list (older); null when not served. */
  async #readLive(): Promise<Conversation[] | null> {
    if (this.#generation === 'older') {
      const all = await this.#pages({})
      return all.served ? all.conversations : null
    }
    const rows: Conversation[] = []
    for (const status of LIVE_STATUSES) {
      const page = await this.#pages({ status })
      if (!page.served) return null
      rows.push(...page.conversations)
      // The older list came back (it ignores filters): one read holds every row.
      if (page.generation === 'older') return page.conversations
    }
    return rows
  }

  async #apply(rows: Conversation[]): Promise<void> {
    const byId = new Map(rows.map((row) => [row.id, row]))
    for (const row of byId.values()) {
      if (isFinalConversationStatus(row.status)) continue
      if (changed(this.#live.get(row.id), row)) this.#events.onChange(row)
      this.#live.set(row.id, row)
    }
    const gone = [...this.#live.values()].filter((c) => {
      const now = byId.get(c.id)
      return now === undefined || isFinalConversationStatus(now.status)
    })
    if (gone.length === 0) return
    const finals = this.#generation === 'older' ? byId : await this.#recentFinals(gone)
    for (const before of gone) {
      const final = finals.get(before.id) ?? (await this.#client().getConversation(before.id))
      if (!isFinalConversationStatus(final.status)) {
        // Not final after all (moved between two reads, or a status this version does not
        // know): keep following it.
        if (changed(before, final)) this.#events.onChange(final)
        this.#live.set(final.id, final)
        continue
      }
      this.#live.delete(before.id)
      this.#events.onChange(final)
      this.#readEvaluations(final.id, 0)
    }
  }

  /** One list read of conversations started since the earliest that left the live set. */
  async #recentFinals(gone: Conversation[]): Promise<Map<string, Conversation>> {
    const starts = gone.flatMap((c) => (c.startedAt === null ? [] : [Date.parse(c.startedAt)]))
    if (starts.length === 0) return new Map()
    const page = await this.#pages({ startedAfter: new Date(Math.min(...starts)).toISOString() })
    return new Map(page.served ? page.conversations.map((c) => [c.id, c]) : [])
  }

  #readEvaluations(id: string, attempt: number): void {
    const delays = this.#timing.evaluationDelaysMs
    this.#later(delays[attempt] ?? 0, async () => {
      try {
        const evaluations = await this.#client().listEvaluations(id)
        if (evaluations.length === 0 && attempt + 1 < delays.length) {
          this.#readEvaluations(id, attempt + 1)
          return
        }
        this.#events.onEvaluations(id, evaluations)
      } catch (error) {
        this.#events.onError(asAppError(error))
      }
    })
  }
}
