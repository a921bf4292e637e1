import type { RenderProgress } from '../../../../shared/domain/narration'
import type { Clock } from '../../clock'
import { systemClock } from '../../clock'
import type { Logger } from '../../log/logger'
import type { PieceCache } from '../fetch/piece-cache'
import type { PieceFetcher } from '../fetch/piece-fetcher'
import { startPieceFetcher } from '../fetch/piece-fetcher'
import { journalPathFor, JournalWriter, readJournal } from '../fetch/render-journal'
import type { SpeechSource } from '../fetch/speech-source'
import type { RenderPlan } from '../plan/render-plan'
import { startRenderEta } from './render-eta'

/**
 * The journal beside the output for `plan`: a previous run's finished pieces are kept when it
 * rendered the same plan (a resume), else it starts empty. Written once before anything is fetched.
 */
export async function openRenderJournal(
  plan: RenderPlan,
  outputPath: string,
  logger: Logger,
): Promise<JournalWriter> {
  const journalPath = journalPathFor(outputPath)
  const previous = await readJournal(journalPath)
  const resuming = previous?.planHash === plan.planHash
  if (resuming) {
    logger.info('resuming render', {
      finished: previous.finished.length,
      total: plan.pieces.length,
    })
  }
  const journal = new JournalWriter(
    journalPath,
    {
      format: 'voicedesk-render-journal',
      version: 1,
      planHash: plan.planHash,
      startedAt: new Date().toISOString(),
      piecesTotal: plan.pieces.length,
    },
    resuming ? previous.finished : [],
  )
  await journal.flush()
  return journal
}

/** A render's pieces being fetched, with what the result reports of them. */
export interface RenderFetch {
  fetcher: PieceFetcher
  /** Requests sent to the service in this run (repairs included). */
  requested(): number
  /** Characters of the pieces served from the cache or reused within the run: not billed. */
  cachedCharacters(): number
  /** Stops following the service's busy signal. */
  stop(): void
}

/**
 * Starts fetching every piece of `plan` (cache first, then the service), counting progress into
 * `state`, the journal and the time-left estimate. A busy service (429) pauses every request:
 * the state says so, and the wait is kept out of the estimate.
 */
export function startRenderFetch(input: {
  plan: RenderPlan
  cache: PieceCache
  source: SpeechSource
  journal: JournalWriter
  state: RenderProgress
  emit: (force?: boolean) => void
  signal: AbortSignal
  parallelism?: number
  clock?: Clock
}): RenderFetch {
  const { plan, cache, source, journal, state, emit } = input
  const clock = input.clock ?? systemClock
  const eta = startRenderEta(() => clock.now())
  const stopBusy = source.onServiceBusy?.((waitMs) => {
    eta.serviceWait(waitMs)
    state.busyWaitMs = waitMs
    state.busyUntil = waitMs === null ? null : clock.now() + waitMs
    emit(true)
  })
  let fetchedThisRun = 0
  let cachedCharacters = 0
  const blockDone = countBlocks(plan, state)
  const toFetch = new Set(plan.pieces.filter((p) => !cache.has(p.hash)).map((p) => p.hash)).size
  const fetcher = startPieceFetcher(plan, cache, source, {
    signal: input.signal,
    parallelism: input.parallelism ?? source.maxInFlight + 5,
    events: {
      onPiece(piece, how, billable) {
        if (how === 'repaired') {
          fetchedThisRun += 1
          state.billableCharacters += billable
          return
        }
        state.piecesDone += 1
        if (how === 'requested') fetchedThisRun += 1
        else {
          state.cachedPieces += 1
          cachedCharacters += piece.billableCharacters
        }
        state.billableCharacters += billable
        blockDone(piece.blockIndex)
        journal.add(piece.hash)
        state.etaSeconds = eta.secondsLeft(fetchedThisRun, toFetch - fetchedThisRun)
        emit()
      },
    },
  })
  return {
    fetcher,
    requested: () => fetchedThisRun,
    cachedCharacters: () => cachedCharacters,
    stop: () => stopBusy?.(),
  }
}

/**
 * Sets `state`'s block count from `plan` (a block without speech is done from the start) and
 * answers the counter of a block's finished pieces: a block is done with its last piece.
 */
function countBlocks(plan: RenderPlan, state: RenderProgress): (blockIndex: number) => void {
  const left = plan.blocks.map((block) => block.pieceIndexes.length)
  state.blocksTotal = plan.blocks.length
  state.blocksDone = left.filter((n) => n === 0).length
  return (blockIndex) => {
    const n = left[blockIndex]
    if (n === undefined || n <= 0) return
    left[blockIndex] = n - 1
    if (n === 1) state.blocksDone += 1
  }
}
