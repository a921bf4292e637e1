import { MAX_EVALUATED_CALLS } from './call-stats'
import type { EvaluationSummary } from '../../../../shared/domain/conversation-inbox'
import type { CallStore } from './call-store'
import type { LocalDays } from './local-days'
import type { FinishedCall, OverviewPeriodBounds } from './overview-tally'
import { OverviewTally } from './overview-tally'

/**
 * Evaluation reads for the period before (for "this week against last"), at most, taken from the
 * {@link MAX_EVALUATED_CALLS}. Why a small share of the same ceiling: a read by id shares the
 * account's read rate with these, so the comparison may add at most this many reads to a quiet
 * period's and none to a busy one's.
 */
export const PREVIOUS_EVALUATED_SHARE = 100
/** Evaluation summaries asked for at once (progress is reported after each batch). */
const EVALUATION_BATCH = 40
/** Calls counted between two turns of main's event loop. */
const TALLY_CHUNK = 5_000

/**
 * The calls whose evaluations are read, newest first: the current period's, then the period
 * before's, within {@link MAX_EVALUATED_CALLS} together.
 */
export function evaluationsToRead(current: OverviewTally, earlier: OverviewTally): FinishedCall[] {
  const now = current.finishedCalls()
  const then = earlier.finishedCalls()
  const thenShare = Math.min(then.length, PREVIOUS_EVALUATED_SHARE)
  return [...now.slice(0, MAX_EVALUATED_CALLS - thenShare), ...then.slice(0, thenShare)]
}

/** Counts an account's kept calls of a period and the one before, a chunk per turn of main's loop. */
export async function tallyStore(
  store: CallStore,
  agentId: string | null,
  period: OverviewPeriodBounds,
  before: OverviewPeriodBounds,
  local: LocalDays,
): Promise<{ tally: OverviewTally; earlier: OverviewTally }> {
  const tally = new OverviewTally(period, local)
  const earlier = new OverviewTally(before, local)
  const calls = store.calls
  for (let i = 0; i < calls.length; i += TALLY_CHUNK) {
    // Why in chunks: a month of a busy account is 100,000 calls; counted at once, main would
    // keep every other call from the window waiting.
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve))
    const chunk = calls
      .slice(i, i + TALLY_CHUNK)
      .filter((c) => agentId === null || c.agentId === agentId)
    // The kept calls are one per id (the store replaces by id): no call is looked up as seen.
    tally.addCalls(chunk, 0, chunk.length, true)
    earlier.addCalls(chunk, 0, chunk.length, true)
    if (calls[Math.min(calls.length, i + TALLY_CHUNK) - 1]!.startedMs < before.fromMs) break
  }
  return { tally, earlier }
}

/**
 * Reads the evaluations of `calls` a batch at a time into `store`: the summaries found, and the
 * calls the service answered with none (with when that was seen, see CallStore.needsEvaluation).
 * `afterBatch` gets how many are read so far (it may throw to stop).
 */
export async function readEvaluationsInto(
  store: CallStore,
  calls: readonly FinishedCall[],
  source: {
    read(ids: string[]): Promise<{ found: Record<string, EvaluationSummary>; none: string[] }>
    now(): number
    afterBatch(read: number): void
  },
): Promise<void> {
  for (let start = 0; start < calls.length; start += EVALUATION_BATCH) {
    const batch = calls.slice(start, start + EVALUATION_BATCH)
    const { found, none } = await source.read(batch.map((c) => c.id))
    const checkedMs = source.now()
    source.afterBatch(Math.min(calls.length, start + EVALUATION_BATCH))
    store.addSummaries(found)
    const empty = new Set(none)
    store.addUnevaluated(
      batch.filter((c) => empty.has(c.id)),
      checkedMs,
    )
  }
}
