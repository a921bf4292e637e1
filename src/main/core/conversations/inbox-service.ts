import type { EvaluationSummary, InboxUpdate } from '../../../shared/domain/conversation-inbox'
import { summarizeEvaluations } from '../../../shared/domain/conversation-inbox'
import type {
  Agent,
  ConversationListQuery,
  ConversationListResult,
  ConversationStats,
} from '../../../shared/domain/conversation-list'
import { isFinalConversationStatus } from '../../../shared/domain/conversation'
import { AppError } from '../../../shared/errors'
import type { Clock } from '../clock'
import type { Logger } from '../log/logger'
import type { UpstreamClient } from '../upstream/upstream-client'
import type { InboxTiming } from './inbox-poller'
import { InboxPoller } from './inbox-poller'

/** Evaluation summaries kept in memory (a finished conversation's evaluations do not change). */
const MAX_CACHED_SUMMARIES = 20_000
/**
 * Evaluation reads in flight for one request. Why only a few: every read goes through the
 * account's conversation-read limiter, which the live poller and open conversations share; more
 * in flight would only queue there and delay the poller.
 */
const SUMMARY_READS_IN_FLIGHT = 3

/** Longest wait for a poller's evaluation read (its delays add up to about a minute). */
const POLLER_EVALUATION_WAIT_MS = 120_000

export interface InboxServiceOptions {
  /** The account's client (throws AUTH_MISSING when signed out). */
  client: () => UpstreamClient
  /** Which account and service answer now: cached summaries of another account are never shown. */
  accountIdentity: () => string
  clock: Clock
  logger: Logger
  timing?: Partial<InboxTiming>
}

/**
 * The inbox's main side: list pages, agents and stats passed through the account's client,
 * evaluation summaries read once per finished conversation, and one live poller per window that
 * watches the inbox (stopped while the window hides it). Electron-free.
 */
export class InboxService {
  readonly #options: InboxServiceOptions
  readonly #pollers = new Map<number, InboxPoller>()
  readonly #summaries = new Map<string, EvaluationSummary>()
  /**
   * Conversations a poller saw finish and will read the evaluations of. Why kept: the table asks
   * for the same row's summary as soon as it shows it finished; answering from the poller's one
   * read (an event) keeps it to one read per conversation. Held for at most
   * {@link POLLER_EVALUATION_WAIT_MS}, in case the poller's read failed.
   */
  readonly #pollerWillRead = new Map<string, number>()

  constructor(options: InboxServiceOptions) {
    this.#options = options
  }

  /** One page of the list; `{served: false}` when the deployment does not list conversations. */
  list(query: ConversationListQuery, signal?: AbortSignal): Promise<ConversationListResult> {
    return this.#options.client().listConversations(query, signal ? { signal } : {})
  }

  /** Every agent with its name; null when the deployment has no agent list. */
  agents(): Promise<Agent[] | null> {
    return this.#options.client().listAgents()
  }

  /** Counts and averages of the account's conversations; null when not served. */
  stats(): Promise<ConversationStats | null> {
    return this.#options.client().conversationStats()
  }

  /**
   * Evaluation summaries of finished conversations, by id. Each is read once (then kept); a
   * conversation whose evaluations are not written yet is left out, so it is asked again later.
   * A conversation the service no longer knows is left out too.
   */
  async evaluationSummaries(ids: string[]): Promise<Record<string, EvaluationSummary>> {
    return (await this.readEvaluations(ids)).found
  }

  /**
   * Like {@link evaluationSummaries}, and also which of them the service answered with no
   * evaluation at all (`none`: read now, found empty). `background`: reads nobody waits for (the
   * overview's), queued behind the reads a user waits for.
   */
  async readEvaluations(
    ids: string[],
    options: { background?: boolean } = {},
  ): Promise<{ found: Record<string, EvaluationSummary>; none: string[] }> {
    const identity = this.#options.accountIdentity()
    const found: Record<string, EvaluationSummary> = {}
    const none: string[] = []
    const missing: string[] = []
    for (const id of new Set(ids)) {
      const cached = this.#summaries.get(`${identity}|${id}`)
      if (cached !== undefined) found[id] = cached
      else if (!this.#pollerReads(`${identity}|${id}`)) missing.push(id)
    }
    const client = this.#options.client()
    const read = options.background === true ? { background: true } : {}
    let next = 0
    const worker = async (): Promise<void> => {
      while (next < missing.length) {
        const id = missing[next++] as string
        try {
          const evaluations = await client.listEvaluations(id, read)
          if (evaluations.length === 0) {
            none.push(id)
            continue
          }
          const summary = summarizeEvaluations(evaluations)
          this.#remember(`${identity}|${id}`, summary)
          found[id] = summary
        } catch (error) {
          if (error instanceof AppError && error.code === 'NOT_FOUND') continue
          throw error
        }
      }
    }
    await Promise.all(
      Array.from({ length: Math.min(SUMMARY_READS_IN_FLIGHT, missing.length) }, worker),
    )
    return { found, none }
  }

  /**
   * Starts or stops the live poller of a window. Started: changes of live conversations, and
   * each finished one's evaluations (read once), go to `send`.
   */
  watch(ownerId: number, watching: boolean, send: (update: InboxUpdate) => void): void {
    const existing = this.#pollers.get(ownerId)
    if (!watching) {
      existing?.stop()
      this.#pollers.delete(ownerId)
      // A stopped poller reads nothing more: the table may ask for those itself.
      if (this.#pollers.size === 0) this.#pollerWillRead.clear()
      return
    }
    if (existing !== undefined) return
    const identity = this.#options.accountIdentity()
    const poller = new InboxPoller({
      client: () => this.#options.client(),
      clock: this.#options.clock,
      ...(this.#options.timing ? { timing: this.#options.timing } : {}),
      events: {
        onChange: (conversation) => {
          if (isFinalConversationStatus(conversation.status))
            this.#pollerWillRead.set(`${identity}|${conversation.id}`, this.#options.clock.now())
          send({ kind: 'changed', conversation })
        },
        onEvaluations: (id, evaluations) => {
          this.#pollerWillRead.delete(`${identity}|${id}`)
          if (evaluations.length === 0) return
          const summary = summarizeEvaluations(evaluations)
          this.#remember(`${identity}|${id}`, summary)
          send({ kind: 'evaluations', id, summary })
        },
        onNotServed: () => {
          this.#pollers.delete(ownerId)
          send({ kind: 'notServed' })
        },
        onError: (error) => {
          this.#options.logger.warn('inbox poll failed', { code: error.code })
          send({ kind: 'error', error: error.toData() })
        },
      },
    })
    this.#pollers.set(ownerId, poller)
    poller.start()
  }

  /** True while a window's live poller runs. */
  watching(ownerId: number): boolean {
    return this.#pollers.has(ownerId)
  }

  /** A window closed: its poller stops. */
  forgetWindow(ownerId: number): void {
    this.watch(ownerId, false, () => undefined)
  }

  /** Stops every poller (app quit). */
  dispose(): void {
    for (const poller of this.#pollers.values()) poller.stop()
    this.#pollers.clear()
  }

  #pollerReads(key: string): boolean {
    const since = this.#pollerWillRead.get(key)
    if (since === undefined) return false
    if (this.#options.clock.now() - since <= POLLER_EVALUATION_WAIT_MS) return true
    this.#pollerWillRead.delete(key)
    return false
  }

  #remember(key: string, summary: EvaluationSummary): void {
    this.#summaries.delete(key)
    this.#summaries.set(key, summary)
    if (this.#summaries.size > MAX_CACHED_SUMMARIES) {
      const oldest = this.#summaries.keys().next().value
      if (oldest !== undefined) this.#summaries.delete(oldest)
    }
  }
}
