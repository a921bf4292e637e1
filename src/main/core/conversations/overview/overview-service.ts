import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { ConversationListQuery } from '../../../../shared/domain/conversation-list'
import type {
  ConversationOverview,
  OverviewPeriod,
} from '../../../../shared/domain/conversation-overview'
import { AppError } from '../../../../shared/errors'
import type { Clock } from '../../clock'
import type { InboxService } from '../inbox-service'
import type { Logger } from '../../log/logger'
import { silentLogger } from '../../log/logger'
import { AccountCallStores } from './account-call-stores'
import { callCachePath, readCallCache, writeCallCache } from './call-cache-file'
import type { CallRecord } from './call-record'
import { evaluationsToRead, readEvaluationsInto, tallyStore } from './store-tally'
import { CallStore } from './call-store'
import { SavedFigures } from './saved-figures'
import { refreshCalls } from './incremental-list'
import type { LocalDays } from './local-days'
import { localDays } from './local-days'
import type { OverviewPeriodBounds } from './overview-tally'
import { notServedOverview, periodEnding, previousFigures } from './overview-tally'

/** How long a period's figures are reused before they are read again. */
export const OVERVIEW_FRESH_MS = 120_000
/** Periods kept (each agent and period is one). */
const MAX_CACHED = 24

/** The time zone of this computer (the window's, unless the user's session says otherwise). */
function defaultTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/** What one overview covers. */
export interface OverviewRequest {
  days: OverviewPeriod
  agentId: string | null
  timeZone: string
}

/** Progress of one read: calls listed, evaluations read of those to read. */
export interface OverviewReadProgress {
  listed: number
  evaluationsRead: number
  evaluationsToRead: number
  /** Every figure but the pass rates, once the list is counted (sent once). */
  counted?: ConversationOverview
}

export interface OverviewServiceOptions {
  inbox: InboxService
  /** Which account and service answer now: another account's figures are never reused. */
  accountIdentity: () => string
  clock: Clock
  /** The app's data folder, where each account's calls are kept between runs; none: memory only. */
  userDataDir?: string
  /**
   * The service address and a non-secret account identity (never the key) the on-disk cache is
   * kept under; null when no account is set.
   */
  cacheIdentity?: () => string | null
  logger?: Logger
}

/**
 * A period of calls at a glance, computed in main from the account's calls: kept on disk per
 * account, brought up to date newest pages first (only what changed since is read), counted a
 * chunk at a time, then the evaluations of the newest finished calls (those read before are kept).
 * Results are kept per account, agent and period for {@link OVERVIEW_FRESH_MS}. Electron-free.
 */
export class OverviewService {
  readonly #options: OverviewServiceOptions
  // Why when kept and not `readAt`: a big account's read can take longer than the freshness
  // itself, and figures that were stale on arrival were never reused.
  readonly #cache = new Map<string, { overview: ConversationOverview; keptAt: number }>()
  readonly #stores = new AccountCallStores()
  readonly #writes = new Set<Promise<void>>()
  readonly #savedFigures = new SavedFigures()

  constructor(options: OverviewServiceOptions) {
    this.#options = options
  }

  /** The figures of a period read (finished) less than {@link OVERVIEW_FRESH_MS} ago, or null. */
  cached(request: OverviewRequest): ConversationOverview | null {
    const key = this.#key(request)
    const hit = this.#cache.get(key)
    if (hit === undefined) return null
    if (this.#options.clock.now() - hit.keptAt > OVERVIEW_FRESH_MS) {
      this.#cache.delete(key)
      return null
    }
    return hit.overview
  }

  /**
   * The period's figures from the calls saved on this computer (read at an earlier start), to show
   * while the list is read again; null when nothing saved reaches into the period.
   */
  async saved(request: OverviewRequest): Promise<ConversationOverview | null> {
    const store = await this.#store()
    if (store === null || store.savedAt === null) return null
    const key = this.#key(request)
    const kept = this.#savedFigures.get(key, store)
    if (kept !== undefined) return kept
    const earlier = this.#savedFigures.lastCounted(key, store)
    const revision = store.revision
    const overview = this.#countSaved(store, request)
    this.#savedFigures.keep(key, store, revision, overview)
    // Why the figures counted before the store changed, when there are some: these figures only
    // paint while the read brings the new ones, and a read of another period changes the store at
    // every batch of evaluations, so counting a month of calls again would hold a period change
    // for hundreds of ms. The new count runs meanwhile, for the next time.
    if (earlier !== undefined) return earlier
    return overview
  }

  /**
   * Reads the account's saved calls into memory and counts the periods the overview opens on
   * (the last 7 days of every agent, then 30), in turns of main's loop: opening Conversations then
   * paints from memory. Nothing when no account is set or nothing is saved; a failure is logged.
   */
  async warmUp(timeZone: string = defaultTimeZone()): Promise<void> {
    try {
      const started = Date.now()
      await this.saved({ days: 7, agentId: null, timeZone })
      // The other period too, so the first switch to it paints without a count on main.
      await this.saved({ days: 30, agentId: null, timeZone })
      const calls = (await this.#store())?.calls.length ?? 0
      if (calls > 0)
        this.#logger().info('saved calls loaded ahead', { calls, ms: Date.now() - started })
    } catch (error) {
      this.#logger().warn('saved calls not loaded ahead', { error: String(error) })
    }
  }

  async #countSaved(
    store: CallStore,
    request: OverviewRequest,
  ): Promise<ConversationOverview | null> {
    if (store.savedAt === null) return null
    const local = localDays(request.timeZone)
    const { period, before } = this.#periods(request, local)
    if (store.coverFromMs === null || store.coverToMs === null) return null
    if (store.coverToMs <= period.fromMs || store.coverFromMs >= period.toMs) return null
    const { tally, earlier } = await tallyStore(store, request.agentId, period, before, local)
    const meta = { agentId: request.agentId, timeZone: request.timeZone, readAt: store.savedAt }
    return {
      ...tally.result(store.summaries, meta),
      previous: previousFigures(earlier.result(store.summaries, meta)),
      saved: {
        savedAt: store.savedAt,
        fromDay: local.dayOf(Math.max(store.coverFromMs, period.fromMs)),
        complete: store.coverFromMs <= period.fromMs,
      },
    }
  }

  /** Reads a period's figures (the list refreshed newest first, cancellable) and keeps them. */
  async read(
    request: OverviewRequest,
    signal: AbortSignal,
    onProgress: (progress: OverviewReadProgress) => void,
  ): Promise<ConversationOverview> {
    const key = this.#key(request)
    const local = localDays(request.timeZone)
    const now = this.#options.clock.now()
    const { period, before } = this.#periods(request, local)
    const store = (await this.#store()) ?? new CallStore()
    let listed = 0
    onProgress({ listed, evaluationsRead: 0, evaluationsToRead: 0 })
    const source = {
      list: (q: ConversationListQuery, sig: AbortSignal) => this.#options.inbox.list(q, sig),
    }
    const inPeriod = (c: CallRecord): boolean =>
      (request.agentId === null || c.agentId === request.agentId) && c.startedMs >= before.fromMs
    // One refresh of an account's calls at a time: two periods read at once share one store.
    const refreshed = await this.#stores.serially(store, () =>
      refreshCalls(
        store,
        source,
        { fromMs: before.fromMs, toMs: period.toMs, nowMs: now },
        signal,
        (rows) => {
          listed += rows.filter(inPeriod).length
          onProgress({ listed, evaluationsRead: 0, evaluationsToRead: 0 })
        },
      ),
    )
    stopIfCancelled(signal)
    if (!refreshed.served) return notServedOverview(request, period, this.#options.clock.now())
    store.savedAt = now
    void this.#save(store)

    const { tally, earlier } = await tallyStore(store, request.agentId, period, before, local)
    stopIfCancelled(signal)
    // Why the calls found without an evaluation are left out too: most finished calls of an
    // account with no evaluation criteria have none, and were otherwise read again at every open.
    const toRead = evaluationsToRead(tally, earlier).filter((c) => store.needsEvaluation(c.id))
    const meta = { agentId: request.agentId, timeZone: request.timeZone, readAt: now }
    const figures = (): ConversationOverview => ({
      ...tally.result(store.summaries, meta),
      previous: previousFigures(earlier.result(store.summaries, meta)),
    })
    // Why before the evaluations: those are one read per call under the read limit (tens of
    // seconds for a busy week); the counts are ready now and are what a lead reads first.
    onProgress({
      listed,
      evaluationsRead: 0,
      evaluationsToRead: toRead.length,
      counted: figures(),
    })
    await readEvaluationsInto(store, toRead, {
      read: (ids) => this.#options.inbox.readEvaluations(ids, { background: true }),
      now: () => this.#options.clock.now(),
      // Why checked after each batch: a cancelled read stops before it keeps anything more.
      afterBatch: (read) => {
        stopIfCancelled(signal)
        onProgress({ listed, evaluationsRead: read, evaluationsToRead: toRead.length })
      },
    })
    const overview = figures()
    this.#keep(key, overview)
    await this.#save(store)
    return overview
  }

  /** Drops every kept period (a key or service change). */
  forget(): void {
    this.#cache.clear()
    this.#savedFigures.clear()
    this.#stores.clear()
  }

  #periods(
    request: OverviewRequest,
    local: LocalDays,
  ): { period: OverviewPeriodBounds; before: OverviewPeriodBounds } {
    const period = periodEnding(this.#options.clock.now(), request.days, local)
    // The period before ends on the day before this one starts; it is paged in the same reads.
    return { period, before: periodEnding(period.fromMs - 1, request.days, local) }
  }

  #cachePath(): string | null {
    const identity = this.#options.cacheIdentity?.() ?? null
    const dir = this.#options.userDataDir
    return identity === null || dir === undefined ? null : callCachePath(dir, identity)
  }

  /** The current account's calls: from memory, else from its file; null without an account. */
  async #store(): Promise<CallStore | null> {
    const identity = this.#options.cacheIdentity?.() ?? this.#options.accountIdentity()
    if (identity === null) return null
    const path = this.#cachePath()
    return this.#stores.get(identity, async () => {
      if (path === null) return new CallStore()
      const read = await readCallCache(path, this.#logger())
      if (read === null) return new CallStore()
      this.#stores.markWritten(read)
      return read
    })
  }

  /** Saves the account's calls; a failure is logged (the cache only ever saves reads). */
  async #save(store: CallStore): Promise<void> {
    const path = this.#cachePath()
    if (path === null) return
    const write = this.#stores
      .writeWhenChanged(store, () => writeCallCache(path, store))
      .catch((error: unknown) =>
        this.#logger().warn('conversation cache not saved', { error: String(error) }),
      )
    this.#writes.add(write)
    await write.finally(() => this.#writes.delete(write))
  }

  /**
   * Deletes every account's saved calls from this computer and from memory (the key was
   * forgotten). Why wait for the writes under way: one finishing after the delete would put the
   * calls of an account the user signed out of back on disk.
   */
  async eraseSaved(): Promise<void> {
    this.forget()
    await Promise.all([...this.#writes])
    const dir = this.#options.userDataDir
    if (dir !== undefined)
      await rm(join(dir, 'conversation-cache'), { recursive: true, force: true })
  }

  #logger(): Logger {
    return this.#options.logger ?? silentLogger
  }

  #key(request: OverviewRequest): string {
    const identity = this.#options.accountIdentity()
    const today = localDays(request.timeZone).dayOf(this.#options.clock.now())
    return [identity, request.agentId ?? '*', request.days, request.timeZone, today].join('|')
  }

  #keep(key: string, overview: ConversationOverview): void {
    this.#cache.delete(key)
    this.#cache.set(key, { overview, keptAt: this.#options.clock.now() })
    if (this.#cache.size > MAX_CACHED) {
      const oldest = this.#cache.keys().next().value
      if (oldest !== undefined) this.#cache.delete(oldest)
    }
  }
}

function stopIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError('CANCELLED', 'Reading the overview was cancelled.')
}
