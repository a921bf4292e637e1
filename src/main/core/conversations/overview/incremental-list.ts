import type { ConversationListQuery } from '../../../../shared/domain/conversation-list'
import { AppError } from '../../../../shared/errors'
import type { CallSource } from './call-stats'
import { PAGE_SIZE } from './call-stats'
import type { CallRecord } from './call-record'
import { toCallRecord } from './call-record'
import type { CallStore } from './call-store'

/** How a refresh went: false when the list is not served. */
export interface RefreshOutcome {
  served: boolean
  /** List pages read. */
  pages: number
}

/**
 * Brings the store up to date for calls started from `fromMs` up to `toMs`, newest pages first:
 * the list is read from the newest call down to where the store's calls are known and cannot
 * have changed (the oldest live call that is not stale, else the newest kept call), then any part
 * of the range older than the store reaches. Every agent's calls are kept, so one agent's view and
 * all agents' share one cache. Reports each page's calls to `onPage`.
 */
export async function refreshCalls(
  store: CallStore,
  source: Pick<CallSource, 'list'>,
  range: { fromMs: number; toMs: number; nowMs: number },
  signal: AbortSignal,
  onPage: (rows: readonly CallRecord[]) => void,
): Promise<RefreshOutcome> {
  const { fromMs, toMs } = range
  let pages = 0
  const overlaps =
    store.coverFromMs !== null &&
    store.coverToMs !== null &&
    store.coverToMs >= fromMs &&
    store.coverFromMs < toMs
  const boundary = overlaps ? store.refreshBoundary(range.nowMs) : null
  // Newest first, down to the boundary (or the whole range when nothing kept is met).
  const top = await readDown(source, fromMs, toMs, boundary, signal, (rows) => {
    pages++
    onPage(rows)
  })
  if (top === null) return { served: false, pages }
  // Why from one past the oldest call read when stopped early: calls starting at that very
  // instant may go on in the next page, unread; they are older than the boundary, so kept already.
  await store.replaceRange(
    top.stoppedAt === null ? fromMs : Math.max(fromMs, top.stoppedAt + 1),
    toMs,
    top.rows,
  )
  const coverFrom = store.coverFromMs
  if (coverFrom !== null && coverFrom > fromMs) {
    const bottom = await readDown(source, fromMs, coverFrom, null, signal, (rows) => {
      pages++
      onPage(rows)
    })
    if (bottom === null) return { served: false, pages }
    await store.replaceRange(fromMs, coverFrom, bottom.rows)
  }
  return { served: true, pages }
}

/**
 * Pages the list newest first for [fromMs, toMs) until a page reaches before `boundary` (its
 * oldest start then returned as `stoppedAt`) or the list ends (`stoppedAt` null). Null when the
 * list is not served.
 */
async function readDown(
  source: Pick<CallSource, 'list'>,
  fromMs: number,
  toMs: number,
  boundary: number | null,
  signal: AbortSignal,
  onPage: (rows: readonly CallRecord[]) => void,
): Promise<{ rows: CallRecord[]; stoppedAt: number | null } | null> {
  const query: ConversationListQuery = {
    limit: PAGE_SIZE,
    startedAfter: new Date(fromMs).toISOString(),
    startedBefore: new Date(toMs).toISOString(),
  }
  const rows: CallRecord[] = []
  for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
    const page = await source.list(cursor === null ? query : { ...query, cursor }, signal)
    if (signal.aborted) throw new AppError('CANCELLED', 'Reading the calls was cancelled.')
    if (!page.served) return null
    const pageRows: CallRecord[] = []
    let oldest = Infinity
    for (const c of page.conversations) {
      const row = toCallRecord(c)
      if (row === null) continue
      oldest = Math.min(oldest, row.startedMs)
      // An older list ignores the date filter: its rows are checked here.
      if (row.startedMs >= fromMs && row.startedMs < toMs) pageRows.push(row)
    }
    rows.push(...pageRows)
    onPage(pageRows)
    if (boundary !== null && oldest < boundary) return { rows, stoppedAt: oldest }
    // Newest first: once a page reaches past the start, older pages have nothing for it.
    cursor = page.hasMore && !(oldest < fromMs) ? page.nextCursor : null
  }
  return { rows, stoppedAt: null }
}
