import type { EvaluationSummary } from '../../../../shared/domain/conversation-inbox'
import type { CallRecord } from './call-record'
import { isUnfinished } from './call-record'

/**
 * Calls kept per account, at most. Why a ceiling: the cache lives in memory and on disk; two
 * 30-day periods of a very busy account fit, and the oldest calls go first beyond it.
 */
export const MAX_KEPT_CALLS = 150_000
/** Evaluation summaries kept per account, at most (the newest calls' are the ones read). */
export const MAX_KEPT_SUMMARIES = 20_000
/**
 * A call still listed as live or waiting this long after it started is taken as stale: it no
 * longer holds the refresh back (which would otherwise re-read every page since it started).
 */
export const STALE_UNFINISHED_MS = 6 * 3_600_000
/**
 * How long after a call finished a missing evaluation is taken as final. Why a wait: the service
 * scores a call some seconds to minutes after it ends; a call found without one sooner is asked
 * again, one found without one later is not asked again at every open.
 */
export const EVALUATION_SETTLE_MS = 3_600_000
/** Kept calls walked between two turns of main's event loop. */
const TURN = 10_000

/** A finished call found without an evaluation: when it finished and when that was seen. */
export interface Unevaluated {
  finishedMs: number
  checkedMs: number
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * One account's listed calls, newest first, and the range of start times they cover completely:
 * every call started from `coverFromMs` up to `coverToMs` that the list gave at the last read.
 */
export class CallStore {
  /** Newest first (by start, then id, so the order is stable). */
  #calls: CallRecord[] = []
  #coverFromMs: number | null = null
  #coverToMs: number | null = null
  readonly #summaries = new Map<string, EvaluationSummary>()
  readonly #unevaluated = new Map<string, Unevaluated>()
  #revision = 0
  /** When the list was last read into the store (epoch ms), or null before any read. */
  savedAt: number | null = null

  static from(data: {
    calls: CallRecord[]
    coverFromMs: number | null
    coverToMs: number | null
    summaries: [string, EvaluationSummary][]
    unevaluated?: [string, Unevaluated][]
    savedAt: number | null
  }): CallStore {
    const store = new CallStore()
    store.#calls = [...data.calls].sort(newestFirst)
    store.#coverFromMs = data.coverFromMs
    store.#coverToMs = data.coverToMs
    for (const [id, summary] of data.summaries) store.#summaries.set(id, summary)
    for (const [id, entry] of data.unevaluated ?? []) store.#unevaluated.set(id, entry)
    store.savedAt = data.savedAt
    return store
  }

  get calls(): readonly CallRecord[] {
    return this.#calls
  }

  /** Grows at every change of the kept calls or summaries: figures counted at one stay valid. */
  get revision(): number {
    return this.#revision
  }

  get coverFromMs(): number | null {
    return this.#coverFromMs
  }

  get coverToMs(): number | null {
    return this.#coverToMs
  }

  /** Whether every call started in [fromMs, toMs) is in the store (as of its last read). */
  covers(fromMs: number, toMs: number): boolean {
    return (
      this.#coverFromMs !== null &&
      this.#coverToMs !== null &&
      this.#coverFromMs <= fromMs &&
      this.#coverToMs >= toMs
    )
  }

  /**
   * Where a newest-first refresh may stop: at the start of the oldest call that can still change
   * (live or waiting, not stale), else at the newest call kept. Null when nothing is kept that a
   * refresh could meet (the whole range is read).
   */
  refreshBoundary(nowMs: number): number | null {
    if (this.#coverToMs === null || this.#coverFromMs === null) return null
    let boundary: number | null = null
    for (const c of this.#calls) {
      if (c.startedMs < this.#coverFromMs) break
      if (boundary === null) boundary = c.startedMs
      // Why stop at the first stale start: the calls are newest first, so no older one can hold
      // the refresh back; walking all of a big account's calls held main at every refresh.
      if (nowMs - c.startedMs >= STALE_UNFINISHED_MS) break
      if (isUnfinished(c.status)) boundary = Math.min(boundary, c.startedMs)
    }
    return boundary ?? this.#coverToMs
  }

  /**
   * Puts in what the list gave for start times from `fromMs` (included) up to `toMs` (excluded):
   * those calls replace the kept ones of that range (a call gone from the list goes here too), and
   * the covered range grows to include it when it touches the old one.
   */
  async replaceRange(fromMs: number, toMs: number, listed: readonly CallRecord[]): Promise<void> {
    // Why no sort of the whole store: it is newest first already, so the calls after the range,
    // the range's own (sorted, few) and those before it are joined in order, in one pass.
    const inRange = listed.filter((c) => c.startedMs >= fromMs && c.startedMs < toMs)
    inRange.sort(newestFirst)
    const listedById = new Map(inRange.map((c) => [c.id, c]))
    const newer: CallRecord[] = []
    const older: CallRecord[] = []
    const calls = this.#calls
    let kept = 0
    let changed = false
    for (let i = 0; i < calls.length; i++) {
      // Why in turns: 100,000 kept calls walked at once held main for a hundred milliseconds.
      if (i > 0 && i % TURN === 0) await nextTurn()
      const c = calls[i]!
      const listed = listedById.get(c.id)
      if (listed !== undefined) {
        if (c.startedMs >= fromMs && c.startedMs < toMs) kept++
        if (!sameCall(c, listed)) changed = true
        continue
      }
      if (c.startedMs >= toMs) newer.push(c)
      else if (c.startedMs < fromMs) older.push(c)
      else changed = true
    }
    this.#calls = newer.concat(inRange, older)
    const coverBefore = [this.#coverFromMs, this.#coverToMs]
    const touches =
      this.#coverFromMs !== null &&
      this.#coverToMs !== null &&
      fromMs <= this.#coverToMs &&
      toMs >= this.#coverFromMs
    if (touches) {
      this.#coverFromMs = Math.min(this.#coverFromMs!, fromMs)
      this.#coverToMs = Math.max(this.#coverToMs!, toMs)
    } else {
      // A range apart from the old one: only the new range is known to be complete.
      this.#calls = this.#calls.filter((c) => c.startedMs >= fromMs && c.startedMs < toMs)
      this.#coverFromMs = fromMs
      this.#coverToMs = toMs
    }
    this.#bound()
    // Why only on a change: figures counted from the store stay valid, and the file is not
    // written again, when a refresh found the newest calls as they were.
    const sameCover = coverBefore[0] === this.#coverFromMs && coverBefore[1] === this.#coverToMs
    if (changed || kept !== inRange.length || !sameCover) this.#revision++
  }

  /** The kept evaluation summary of a call, if read before. */
  summary(id: string): EvaluationSummary | undefined {
    return this.#summaries.get(id)
  }

  /** Keeps evaluation summaries read (a finished call's evaluation does not change). */
  addSummaries(found: Record<string, EvaluationSummary>): void {
    for (const [id, summary] of Object.entries(found)) {
      this.#summaries.delete(id)
      this.#summaries.set(id, summary)
      this.#unevaluated.delete(id)
    }
    if (Object.keys(found).length > 0) this.#revision++
    bound(this.#summaries, MAX_KEPT_SUMMARIES)
  }

  get summaries(): ReadonlyMap<string, EvaluationSummary> {
    return this.#summaries
  }

  /** Keeps that these finished calls had no evaluation when read at `checkedMs`. */
  addUnevaluated(calls: readonly { id: string; finishedMs: number }[], checkedMs: number): void {
    for (const { id, finishedMs } of calls) {
      this.#unevaluated.delete(id)
      this.#unevaluated.set(id, { finishedMs, checkedMs })
    }
    if (calls.length > 0) this.#revision++
    bound(this.#unevaluated, MAX_KEPT_SUMMARIES)
  }

  get unevaluated(): ReadonlyMap<string, Unevaluated> {
    return this.#unevaluated
  }

  /**
   * Whether a call's evaluation is still to be read: none kept, and none found at a read made
   * {@link EVALUATION_SETTLE_MS} or more after the call finished (then it has none for good).
   */
  needsEvaluation(id: string): boolean {
    if (this.#summaries.has(id)) return false
    const none = this.#unevaluated.get(id)
    return none === undefined || none.checkedMs - none.finishedMs < EVALUATION_SETTLE_MS
  }

  #bound(): void {
    if (this.#calls.length <= MAX_KEPT_CALLS) return
    // The oldest go; the covered range then starts after the newest of those dropped.
    const cut = this.#calls[MAX_KEPT_CALLS - 1]!.startedMs
    this.#calls = this.#calls.filter((c) => c.startedMs > cut)
    this.#coverFromMs = cut + 1
  }
}

/** Drops the oldest entries of `map` beyond `max` (a Map keeps the order they were set in). */
function bound(map: Map<string, unknown>, max: number): void {
  while (map.size > max) {
    const oldest = map.keys().next().value
    if (oldest === undefined) break
    map.delete(oldest)
  }
}

function sameCall(a: CallRecord, b: CallRecord): boolean {
  return (
    a.startedMs === b.startedMs &&
    a.status === b.status &&
    a.agentId === b.agentId &&
    a.durationMs === b.durationMs &&
    a.endReason === b.endReason
  )
}

function newestFirst(a: CallRecord, b: CallRecord): number {
  return b.startedMs - a.startedMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}
