import { MAX_EVALUATED_CALLS } from './call-stats'
import type { CallStore } from './call-store'
import type { LocalDays } from './local-days'
import type { OverviewPeriodBounds } from './overview-tally'
import { OverviewTally } from './overview-tally'

/**
 * Evaluation reads for the period before (for "this week against last"), at most, taken from the
 * {@link MAX_EVALUATED_CALLS}. Why a small share of the same ceiling: a read by id shares the
 * account's read rate with these, so the comparison may add at most this many reads to a quiet
 * period's and none to a busy one's.
 */
export const PREVIOUS_EVALUATED_SHARE = 100
/** Calls counted between two turns of main's event loop. */
const TALLY_CHUNK = 5_000

/**
 * The calls whose evaluations are read, newest first: the current period's, then the period
 * before's, within {@link MAX_EVALUATED_CALLS} together.
 */
export function evaluationsToRead(current: OverviewTally, earlier: OverviewTally): string[] {
  const now = current.finishedCalls()
  const then = earlier.finishedCalls()
  const thenShare = Math.min(then.length, PREVIOUS_EVALUATED_SHARE)
  return [...now.slice(0, MAX_EVALUATED_CALLS - thenShare), ...then.slice(0, thenShare)].map(
    (c) => c.id,
  )
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
