import type { Project, ScriptBlock } from '../../../shared/domain/script'
import type { RegeneratedTake } from '../../../shared/domain/script-workspace'
import { PCM_SAMPLE_RATE } from '../../../shared/domain/speech'
import { AppError } from '../../../shared/errors'
import type { PieceCache } from '../narration/fetch/piece-cache'
import { startPieceFetcher } from '../narration/fetch/piece-fetcher'
import type { SpeechSource } from '../narration/fetch/speech-source'
import type { RenderPlan } from '../narration/plan/render-plan'
import { planBlock } from './block-states'

/** Takes listed for a block: the newest ones, and the chosen one whatever its age. */
export const MAX_LISTED_TAKES = 5

/** The block as it sounds in take `take` (1 is the first take, which names no take). */
export function blockAtTake(block: ScriptBlock, take: number): ScriptBlock {
  const { take: _chosen, ...rest } = block
  return take <= 1 ? rest : { ...rest, take }
}

/** The one-block project of `blockId` in take `take`; NOT_FOUND when the block is gone. */
export function projectAtTake(project: Project, blockId: string, take: number): Project {
  const block = project.blocks.find((b) => b.id === blockId)
  if (block === undefined) throw new AppError('NOT_FOUND', 'That block is no longer in the script.')
  return { ...project, blocks: [blockAtTake(block, take)] }
}

/** Seconds of a planned block whose pieces are all cached; null when one is missing. */
function cachedSeconds(
  plan: RenderPlan,
  cache: Pick<PieceCache, 'has' | 'bytesOf'>,
): number | null {
  let bytes = 0
  for (const piece of plan.pieces) {
    if (!cache.has(piece.hash)) return null
    bytes += cache.bytesOf(piece.hash) ?? 0
  }
  return bytes / (2 * PCM_SAMPLE_RATE)
}

/**
 * The take numbers made of each block of each document, in memory. Why a ledger and not a
 * probe of the cache alone: numbers are handed out before the request is sent, so two quick
 * regenerations of one block never get the same number (and never pay for the same take twice).
 */
export class TakeLedger {
  readonly #made = new Map<string, Set<number>>()

  /** The next number for a block, reserved at once; `current` is the take the block names. */
  reserve(docKey: string, blockId: string, current: number): number {
    const made = this.#setOf(docKey, blockId)
    const next = Math.max(current, 1, ...made) + 1
    made.add(next)
    return next
  }

  /** Records numbers whose takes exist already (an earlier session made them). */
  note(docKey: string, blockId: string, takes: readonly number[]): void {
    const made = this.#setOf(docKey, blockId)
    for (const take of takes) made.add(take)
  }

  /** Gives back a number whose take was never made (the request failed or was stopped). */
  release(docKey: string, blockId: string, take: number): void {
    this.#made.get(`${docKey}\n${blockId}`)?.delete(take)
  }

  /** Take numbers known for a block, the first take and the chosen one included, ascending. */
  known(docKey: string, blockId: string, current: number): number[] {
    const all = new Set([1, current, ...(this.#made.get(`${docKey}\n${blockId}`) ?? [])])
    return [...all].sort((a, b) => a - b)
  }

  #setOf(docKey: string, blockId: string): Set<number> {
    const key = `${docKey}\n${blockId}`
    let made = this.#made.get(key)
    if (made === undefined) {
      made = new Set()
      this.#made.set(key, made)
    }
    return made
  }
}

/** Consecutive take numbers probed without a cached take before the probe stops. */
const PROBE_MISSES = 3

/**
 * Take numbers above `from` whose audio is in the cache, made by an earlier session (the ledger
 * lives in memory). Why probe: after a restart, regenerating must not hand back an old take as a
 * new one. Numbers are handed out in order, so the probe stops after a few misses in a row.
 */
export async function cachedTakesAbove(
  project: Project,
  blockId: string,
  from: number,
  cache: Pick<PieceCache, 'has' | 'bytesOf'>,
): Promise<number[]> {
  const found: number[] = []
  let misses = 0
  for (let take = Math.max(1, from) + 1; misses < PROBE_MISSES; take++) {
    const plan = await planBlock(projectAtTake(project, blockId, take), blockId)
    if (plan === null || plan.pieces.length === 0) break
    if (cachedSeconds(plan, cache) === null) misses++
    else {
      misses = 0
      found.push(take)
    }
  }
  return found
}

/**
 * The takes of a block's current text that are in the cache, newest first: at most
 * {@link MAX_LISTED_TAKES}, the chosen one always among them. A take whose audio the cache let
 * go is not listed (playing or choosing it would pay for it again).
 */
export async function listTakes(
  project: Project,
  blockId: string,
  numbers: readonly number[],
  cache: Pick<PieceCache, 'has' | 'bytesOf'>,
): Promise<RegeneratedTake[]> {
  const block = project.blocks.find((b) => b.id === blockId)
  if (block === undefined) throw new AppError('NOT_FOUND', 'That block is no longer in the script.')
  const chosen = block.take ?? 1
  const found: RegeneratedTake[] = []
  for (const take of [...numbers].sort((a, b) => b - a)) {
    const plan = await planBlock(projectAtTake(project, blockId, take), blockId)
    if (plan === null || plan.pieces.length === 0) continue
    const seconds = cachedSeconds(plan, cache)
    if (seconds === null) continue
    found.push({
      take,
      seconds: plan.engineFormat === 'pcm' ? seconds : null,
      chosen: take === chosen,
    })
  }
  const newest = found.slice(0, MAX_LISTED_TAKES)
  const chosenTake = found.find((t) => t.chosen)
  if (chosenTake !== undefined && !newest.includes(chosenTake))
    newest[newest.length - 1] = chosenTake
  return newest
}

/**
 * Makes take `take` of one block: its pieces planned with that take (a hash of their own) and
 * fetched through the render's piece fetcher into the cache, so only this block's characters are
 * billed, and the full render later finds the chosen take there and pays nothing for it.
 */
export async function makeTake(
  project: Project,
  blockId: string,
  take: number,
  cache: PieceCache,
  source: SpeechSource,
  signal: AbortSignal,
): Promise<RegeneratedTake> {
  const plan = await planBlock(projectAtTake(project, blockId, take), blockId)
  if (plan === null) {
    throw new AppError(
      'VALIDATION_FAILED',
      'This block has no voice. Pick one beside the block, give its speaker a voice in the cast, or set a default voice.',
    )
  }
  if (plan.pieces.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'There is nothing to say in this block yet.')
  }
  const hashes = plan.pieces.map((p) => p.hash)
  // Pinned while fetched: the cache's size limit must not drop a piece before the take is whole.
  cache.pin(hashes)
  try {
    const fetcher = startPieceFetcher(plan, cache, source, {
      signal,
      parallelism: Math.max(1, source.maxInFlight),
      events: { onPiece: () => undefined },
    })
    await fetcher.finished
    await cache.flush()
  } finally {
    cache.unpin(hashes)
  }
  const seconds = cachedSeconds(plan, cache)
  return { take, seconds: plan.engineFormat === 'pcm' ? seconds : null, chosen: false }
}
