import type {
  ConversationEvent,
  ConversationSnapshot,
  ExportFormat,
  RecentConversations,
  RecordingInfo,
  WatchState,
} from '../../../shared/domain/conversation-watch'
import { AppError } from '../../../shared/errors'
import { writeFileAtomic } from '../files/atomic-write'
import type { JobRegistry } from '../jobs/job-registry'
import type { Clock } from '../clock'
import type { Logger } from '../log/logger'
import type { UpstreamClient } from '../upstream/upstream-client'
import type { ExportInput } from './conversation-export'
import {
  conversationToJson,
  conversationToMarkdown,
  conversationToText,
} from './conversation-export'
import type { RawConversationRecords } from '../upstream/raw-conversation'
import { RecentConversationStore } from './recent-conversations'
import { RecordingCache } from './recording-cache'
import type { WatchTiming } from './watch-conversation'
import { ConversationWatch } from './watch-conversation'

/** Where a watch sends what it learns: the window that opened the conversation. */
export interface WatchSink {
  event(event: ConversationEvent): void
  state(state: WatchState): void
  recentChanged(list: RecentConversations): void
}

export interface ConversationServiceOptions {
  userDataDir: string
  /** The account's client (throws AUTH_MISSING when signed out). */
  client: () => UpstreamClient
  /** Raw records for the JSON export. */
  readRaw: (id: string, signal?: AbortSignal) => Promise<RawConversationRecords>
  jobs: JobRegistry
  logger: Logger
  timing?: Partial<WatchTiming>
  /** The followers' time and waits (default: the system clock). */
  clock?: Clock
}

interface OpenWatch {
  ownerId: number
  watch: ConversationWatch
  jobId: string | null
}

/**
 * The Conversations workspace's main side: one poller per (window, conversation), the local list,
 * recordings and exports. Electron-free.
 */
export class ConversationService {
  readonly recent: RecentConversationStore
  readonly recordings: RecordingCache
  readonly #options: ConversationServiceOptions
  readonly #watches = new Map<string, OpenWatch>()
  readonly #hidden = new Map<number, boolean>()

  private constructor(options: ConversationServiceOptions, recent: RecentConversationStore) {
    this.#options = options
    this.recent = recent
    this.recordings = new RecordingCache(options.userDataDir)
  }

  static async create(options: ConversationServiceOptions): Promise<ConversationService> {
    return new ConversationService(options, await RecentConversationStore.open(options.userDataDir))
  }

  /**
   * Opens a conversation for a window: the first read (a clear NOT_FOUND for an unknown id), the
   * entry in the local list, and a follow job while anything can still change. Opening one the
   * window already follows returns its current snapshot without a new read.
   */
  async open(
    ownerId: number,
    id: string,
    sink: WatchSink,
  ): Promise<{ snapshot: ConversationSnapshot; jobId: string | null }> {
    const key = `${ownerId}|${id}`
    const existing = this.#watches.get(key)
    if (existing !== undefined && existing.watch.state().phase !== 'stopped') {
      const snapshot = existing.watch.snapshot()
      if (snapshot !== null) return { snapshot, jobId: existing.jobId }
    }
    if (existing?.jobId != null) this.#options.jobs.cancel(existing.jobId)

    let lastStatus: string | null = null
    const watch = new ConversationWatch({
      id,
      client: this.#options.client,
      isHidden: () => this.#hidden.get(ownerId) ?? false,
      onEvent: (event) => sink.event(event),
      onState: (state) => {
        sink.state(state)
        const conversation = watch.conversation()
        if (
          conversation !== null &&
          (state.status !== lastStatus || state.phase === 'evaluations')
        ) {
          lastStatus = state.status
          this.recent
            .record(conversation, { opened: false })
            .then(() => sink.recentChanged(this.recent.list()))
            .catch((error: unknown) =>
              this.#options.logger.warn('could not update the conversation list', {
                error: String(error),
              }),
            )
        }
      },
      ...(this.#options.timing ? { timing: this.#options.timing } : {}),
      ...(this.#options.clock ? { clock: this.#options.clock } : {}),
    })
    const controller = new AbortController()
    const snapshot = await watch.open(controller.signal)
    lastStatus = snapshot.conversation.status
    await this.recent.record(snapshot.conversation, { opened: true })
    sink.recentChanged(this.recent.list())

    const entry: OpenWatch = { ownerId, watch, jobId: null }
    this.#watches.set(key, entry)
    if (snapshot.watch.phase !== 'done') {
      const ticket = this.#options.jobs.start<never, void>({
        kind: 'conversation-watch',
        ownerId,
        run: ({ signal }) => watch.run(signal),
        onSettled: (outcome) => {
          if (entry.jobId === ticket.id) entry.jobId = null
          if (!outcome.ok) {
            const error = outcome.error
            // Cancelled: the window closed or the user closed the conversation; forget it.
            if (error instanceof AppError && error.code === 'CANCELLED') {
              if (this.#watches.get(key) === entry) this.#watches.delete(key)
              return
            }
            this.#options.logger.warn('conversation watch failed', { error: String(error) })
          }
        },
      })
      entry.jobId = ticket.id
    }
    return { snapshot, jobId: entry.jobId }
  }

  /** Stops following a conversation in this window; true when it was open. */
  close(ownerId: number, id: string): boolean {
    const key = `${ownerId}|${id}`
    const entry = this.#watches.get(key)
    if (entry === undefined) return false
    this.#watches.delete(key)
    if (entry.jobId !== null) this.#options.jobs.cancel(entry.jobId, ownerId)
    return true
  }

  /** The window's visibility: hidden windows are polled every few seconds; visible again reads at once. */
  setHidden(ownerId: number, hidden: boolean): void {
    const was = this.#hidden.get(ownerId) ?? false
    this.#hidden.set(ownerId, hidden)
    if (was && !hidden) {
      for (const entry of this.#watches.values()) if (entry.ownerId === ownerId) entry.watch.wake()
    }
  }

  /** Downloads (once) the recording of a conversation this window opened. */
  async prepareRecording(
    ownerId: number,
    id: string,
    signal?: AbortSignal,
  ): Promise<RecordingInfo> {
    const conversation =
      this.#watches.get(`${ownerId}|${id}`)?.watch.conversation() ??
      (await this.#options.client().getConversation(id, signal ? { signal } : {}))
    if (conversation.recordingUrl === null) {
      throw new AppError('NOT_FOUND', 'This conversation has no recording.')
    }
    return this.recordings.prepare(
      id,
      conversation.recordingUrl,
      this.#options.client(),
      signal,
      conversation.durationMs,
    )
  }

  /** The content of one export format. */
  async exportContent(
    ownerId: number,
    id: string,
    format: ExportFormat,
    now = new Date(),
  ): Promise<string> {
    if (format === 'json') return conversationToJson(await this.#options.readRaw(id), now)
    const snapshot =
      this.#watches.get(`${ownerId}|${id}`)?.watch.snapshot() ?? (await this.#readFresh(id))
    return format === 'markdown' ? conversationToMarkdown(snapshot) : conversationToText(snapshot)
  }

  /** Writes an export to `path` atomically (the content is complete before the name appears). */
  async exportTo(
    ownerId: number,
    id: string,
    format: ExportFormat,
    path: string,
  ): Promise<{ path: string; bytes: number }> {
    const content = await this.exportContent(ownerId, id, format)
    await writeFileAtomic(path, content)
    return { path, bytes: Buffer.byteLength(content) }
  }

  async #readFresh(id: string): Promise<ExportInput> {
    const client = this.#options.client()
    const conversation = await client.getConversation(id)
    const messages = await client.listMessages(id)
    const evaluations = await client.listEvaluations(id)
    return { conversation, messages, evaluations }
  }

  /** Stops every watch (app quit) and waits for list writes. */
  async dispose(): Promise<void> {
    for (const entry of this.#watches.values()) {
      if (entry.jobId !== null) this.#options.jobs.cancel(entry.jobId)
    }
    this.#watches.clear()
    await this.recent.flush()
  }
}
