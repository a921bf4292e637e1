import type {
  Conversation,
  ConversationEvaluation,
  ConversationMessage,
} from '../../../shared/domain/conversation'
import { isFinalConversationStatus } from '../../../shared/domain/conversation'
import type {
  ConversationEvent,
  ConversationSnapshot,
  WatchState,
} from '../../../shared/domain/conversation-watch'
import { AppError } from '../../../shared/errors'
import type { Clock } from '../clock'
import { systemClock } from '../clock'
import type { UpstreamClient } from '../upstream/upstream-client'
import {
  endedEvent,
  evaluationEvent,
  hasStarted,
  messageEvent,
  startedEvent,
} from './conversation-events'

/** How often and how patiently a conversation is read. All in milliseconds. */
export interface WatchTiming {
  /** Between two reads while the window is visible (the service accepts one a second). */
  visibleMs: number
  /** Between two reads while the window is hidden. */
  hiddenMs: number
  /** First wait after a failed read (doubles, with jitter), unless the service gave Retry-After. */
  backoffBaseMs: number
  /** Longest wait between two reads after failures. */
  backoffMaxMs: number
  /** How long to keep asking for evaluations after the end, before calling them unavailable. */
  evaluationWindowMs: number
  /** First wait between evaluation reads (doubles up to `evaluationMaxDelayMs`). */
  evaluationFirstDelayMs: number
  evaluationMaxDelayMs: number
}

export const DEFAULT_WATCH_TIMING: WatchTiming = {
  visibleMs: 1_000,
  hiddenMs: 5_000,
  backoffBaseMs: 2_000,
  backoffMaxMs: 30_000,
  evaluationWindowMs: 60_000,
  evaluationFirstDelayMs: 1_000,
  evaluationMaxDelayMs: 8_000,
}

export interface ConversationWatchOptions {
  id: string
  /** Read before every request, so a key or base URL changed in Account applies at once. */
  client: () => UpstreamClient
  /** Derived webhook-style events, in order. */
  onEvent: (event: ConversationEvent) => void
  /** The follower's state, on every change. */
  onState: (state: WatchState) => void
  /** True while the window that follows is hidden. */
  isHidden: () => boolean
  timing?: Partial<WatchTiming>
  /** Time and the waits between reads (default: the system clock; tests pass a manual one). */
  clock?: Clock
  random?: () => number
}

// Why these stop the follow instead of retrying: waiting does not fix them; the user must act
// (check the id, sign in again, change the plan).
const FATAL_CODES = new Set([
  'NOT_FOUND',
  'AUTH_MISSING',
  'AUTH_INVALID',
  'SCOPE_MISSING',
  'VALIDATION_FAILED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN_SENDER',
])

function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  return new AppError('INTERNAL', error instanceof Error ? error.message : String(error))
}

/** The clear message for an id the service does not know. */
export function unknownConversationError(id: string, cause?: AppError): AppError {
  return new AppError(
    'NOT_FOUND',
    `No conversation with id ${id}. Check the id (it looks like conv_…) and that it belongs to the account in Account.`,
    { ...(cause?.details ? { details: cause.details } : {}), ...(cause ? { cause } : {}) },
  )
}

/**
 * Follows one conversation by polling (`watchConversation` in the architecture): status and
 * transcript once a second while not final (slower when hidden, backing off on failures), then
 * the evaluations for a bounded time. Everything it learns goes out as webhook-style events, so a
 * webhook source could replace it. Electron-free; one instance per (window, conversation).
 */
export class ConversationWatch {
  readonly id: string
  readonly #options: ConversationWatchOptions
  readonly #timing: WatchTiming
  readonly #clock: Clock
  readonly #random: () => number
  #conversation: Conversation | null = null
  #messages: ConversationMessage[] = []
  readonly #messageIds = new Set<string>()
  #evaluations: ConversationEvaluation[] = []
  #startedSent = false
  #endedSent = false
  #state: WatchState
  #wake: (() => void) | null = null

  constructor(options: ConversationWatchOptions) {
    this.id = options.id
    this.#options = options
    this.#timing = { ...DEFAULT_WATCH_TIMING, ...options.timing }
    this.#clock = options.clock ?? systemClock
    this.#random = options.random ?? Math.random
    this.#state = {
      conversationId: options.id,
      phase: 'following',
      status: null,
      slowed: options.isHidden(),
      nextReadAt: null,
      error: null,
      evaluations: 'not-yet',
    }
  }

  /** Everything known so far, or null before the first successful read. */
  snapshot(): ConversationSnapshot | null {
    if (this.#conversation === null) return null
    return {
      conversation: this.#conversation,
      messages: [...this.#messages],
      evaluations: [...this.#evaluations],
      watch: { ...this.#state },
    }
  }

  /** The latest conversation record read. */
  conversation(): Conversation | null {
    return this.#conversation
  }

  state(): WatchState {
    return { ...this.#state }
  }

  /** Ends the current wait early (the window became visible again). */
  wake(): void {
    this.#wake?.()
  }

  /**
   * The first read: the record and its transcript (and the evaluations of an ended one). Emits no
   * events: the caller hands the snapshot to the window. Throws a clear NOT_FOUND for an unknown id.
   */
  async open(signal: AbortSignal): Promise<ConversationSnapshot> {
    let conversation: Conversation
    try {
      conversation = await this.#options.client().getConversation(this.id, { signal })
    } catch (error) {
      const appError = asAppError(error)
      if (appError.code === 'NOT_FOUND') throw unknownConversationError(this.id, appError)
      throw appError
    }
    const messages =
      conversation.status === 'pending'
        ? []
        : await this.#options.client().listMessages(this.id, { signal })
    this.#conversation = conversation
    for (const message of messages) this.#addMessage(message)
    this.#startedSent = hasStarted(conversation)
    const final = isFinalConversationStatus(conversation.status)
    this.#endedSent = final
    let evaluations: ConversationEvaluation[] = []
    if (final) evaluations = await this.#options.client().listEvaluations(this.id, { signal })
    this.#evaluations = evaluations
    this.#setState({
      status: conversation.status,
      phase: final ? (evaluations.length > 0 ? 'done' : 'evaluations') : 'following',
      evaluations: final ? (evaluations.length > 0 ? 'received' : 'waiting') : 'not-yet',
    })
    const snapshot = this.snapshot()
    if (snapshot === null) throw new AppError('INTERNAL', 'The conversation was not read.')
    return snapshot
  }

  /** Polls until the conversation is final and evaluated (or given up on), or `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    if (this.#conversation === null) await this.open(signal)
    let failures = 0
    while (!signal.aborted && this.#state.phase !== 'done' && this.#state.phase !== 'stopped') {
      if (this.#state.phase === 'evaluations') {
        await this.#awaitEvaluations(signal)
        return
      }
      const hidden = this.#options.isHidden()
      if (hidden !== this.#state.slowed) this.#setState({ slowed: hidden })
      await this.#sleep(hidden ? this.#timing.hiddenMs : this.#timing.visibleMs, signal, true)
      if (signal.aborted) return
      try {
        await this.#poll(signal)
        failures = 0
        if (this.#state.phase === 'reconnecting')
          this.#setState({ phase: 'following', error: null, nextReadAt: null })
      } catch (error) {
        if (signal.aborted) return
        const appError = asAppError(error)
        if (FATAL_CODES.has(appError.code)) {
          const shown =
            appError.code === 'NOT_FOUND' ? unknownConversationError(this.id, appError) : appError
          this.#setState({ phase: 'stopped', error: shown.toData(), nextReadAt: null })
          return
        }
        failures += 1
        const waitMs = this.#backoff(failures, appError)
        this.#setState({
          phase: 'reconnecting',
          error: appError.toData(),
          nextReadAt: new Date(this.#clock.now() + waitMs).toISOString(),
        })
        // Why a plain wait and not the loop's interval: the backoff replaces it.
        await this.#sleep(Math.max(0, waitMs - this.#timing.visibleMs), signal, false)
      }
    }
  }

  #backoff(failures: number, error: AppError): number {
    const retryAfter = error.details?.retryAfterMs
    if (retryAfter !== undefined)
      return Math.min(this.#timing.backoffMaxMs, Math.max(this.#timing.visibleMs, retryAfter))
    const ceiling = Math.min(
      this.#timing.backoffMaxMs,
      this.#timing.backoffBaseMs * 2 ** (failures - 1),
    )
    return Math.round(ceiling * (0.5 + 0.5 * this.#random()))
  }

  async #poll(signal: AbortSignal): Promise<void> {
    const client = this.#options.client()
    const conversation = await client.getConversation(this.id, { signal })
    // Status first, transcript second: once the status is final, the transcript read after it
    // is complete.
    const messages =
      conversation.status === 'pending' && this.#messages.length === 0
        ? []
        : await client.listMessages(this.id, { signal })
    if (signal.aborted) return
    const at = new Date(this.#clock.now()).toISOString()
    this.#conversation = conversation
    if (!this.#startedSent && hasStarted(conversation)) {
      this.#startedSent = true
      this.#options.onEvent(startedEvent(conversation, at))
    }
    for (const message of messages) {
      if (this.#addMessage(message)) this.#options.onEvent(messageEvent(this.id, message, at))
    }
    const final = isFinalConversationStatus(conversation.status)
    if (final && !this.#endedSent) {
      this.#endedSent = true
      this.#options.onEvent(endedEvent(conversation, at))
    }
    this.#setState({
      status: conversation.status,
      ...(final
        ? { phase: 'evaluations' as const, evaluations: 'waiting' as const, nextReadAt: null }
        : {}),
    })
  }

  async #awaitEvaluations(signal: AbortSignal): Promise<void> {
    const deadline = this.#clock.now() + this.#timing.evaluationWindowMs
    let delay = this.#timing.evaluationFirstDelayMs
    let lastError: AppError | null = null
    while (!signal.aborted) {
      await this.#sleep(delay, signal, false)
      if (signal.aborted) return
      try {
        const evaluations = await this.#options.client().listEvaluations(this.id, { signal })
        lastError = null
        if (evaluations.length > 0) {
          this.#evaluations = evaluations
          this.#options.onEvent(
            evaluationEvent(this.id, evaluations, new Date(this.#clock.now()).toISOString()),
          )
          this.#setState({ phase: 'done', evaluations: 'received', error: null })
          return
        }
      } catch (error) {
        if (signal.aborted) return
        lastError = asAppError(error)
        if (FATAL_CODES.has(lastError.code)) break
        const retryAfter = lastError.details?.retryAfterMs
        if (retryAfter !== undefined) delay = Math.max(delay, retryAfter)
      }
      if (this.#clock.now() + delay > deadline) break
      delay = Math.min(this.#timing.evaluationMaxDelayMs, delay * 2)
    }
    if (signal.aborted) return
    this.#setState({
      phase: 'done',
      evaluations: 'unavailable',
      error: lastError?.toData() ?? null,
    })
  }

  #addMessage(message: ConversationMessage): boolean {
    if (this.#messageIds.has(message.id)) return false
    this.#messageIds.add(message.id)
    this.#messages.push(message)
    return true
  }

  #setState(patch: Partial<WatchState>): void {
    const next = { ...this.#state, ...patch }
    const changed = (Object.keys(next) as (keyof WatchState)[]).some((key) => {
      const a = next[key]
      const b = this.#state[key]
      return a !== b && JSON.stringify(a) !== JSON.stringify(b)
    })
    this.#state = next
    if (changed) this.#options.onState({ ...next })
  }

  /** Waits `ms`, or less when aborted or (if `wakeable`) woken because the window became visible. */
  #sleep(ms: number, signal: AbortSignal, wakeable: boolean): Promise<void> {
    if (ms <= 0 || signal.aborted) return Promise.resolve()
    return new Promise((resolve) => {
      const done = (): void => {
        cancel()
        signal.removeEventListener('abort', done)
        if (this.#wake === done) this.#wake = null
        resolve()
      }
      const cancel = this.#clock.setTimer(done, ms, { keepAlive: true })
      signal.addEventListener('abort', done, { once: true })
      if (wakeable) this.#wake = done
    })
  }
}
