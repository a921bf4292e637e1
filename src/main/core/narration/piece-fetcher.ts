import { AppError } from '../../../shared/errors'
import type { ReadyPiece } from './assemble-program'
import type { PieceCache } from './piece-cache'
import type { PlannedPiece, RenderPlan } from './render-plan'
import type { SpeechSource } from './speech-source'

/** What the fetcher reports as pieces become available. */
export interface FetchEvents {
  /**
   * A piece is available: `requested` (just synthesized and billed), `cached` (found in the cache)
   * or `duplicate` (identical to a piece already requested in this render).
   */
  onPiece(
    piece: PlannedPiece,
    how: 'requested' | 'cached' | 'duplicate',
    billableCharacters: number,
  ): void
}

/** Running synthesis of a plan's pieces, in script order, as parallel as the source allows. */
export interface PieceFetcher {
  /** Resolves when piece `i` is in the cache (rejects with the render's failure). */
  ready(pieceIndex: number): Promise<ReadyPiece>
  /** Settles when every piece is cached, or with the first failure once in-flight work ended. */
  readonly finished: Promise<void>
}

interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  // Unobserved rejections are expected (a failure before the assembler reaches a piece).
  promise.catch(() => undefined)
  return { promise, resolve, reject }
}

function incompletePiece(piece: PlannedPiece, samplesBytes: number): AppError {
  return new AppError(
    'STREAM_TRUNCATED',
    `The service sent incomplete audio for block ${piece.blockIndex + 1} (${samplesBytes} bytes). Run the render again to request it anew.`,
    { retryable: true },
  )
}

/**
 * Starts synthesizing every piece of `plan` that is not cached, in script order, keeping up to
 * `parallelism` requests outstanding (the source's scheduler holds them to the plan's limits).
 * Identical pieces are requested once. Each result goes to the cache before it is announced, so
 * a crash after that point never costs the request again. On the first failure no new request is
 * started; requests already sent are allowed to finish and be cached, then `finished` rejects.
 */
export function startPieceFetcher(
  plan: RenderPlan,
  cache: PieceCache,
  source: SpeechSource,
  options: { signal: AbortSignal; parallelism: number; events: FetchEvents },
): PieceFetcher {
  const byHash = new Map<string, Deferred<ReadyPiece>>()
  const queue: PlannedPiece[] = []
  for (const piece of plan.pieces) {
    if (byHash.has(piece.hash)) continue
    byHash.set(piece.hash, deferred())
    queue.push(piece)
  }
  let failure: unknown = null
  let cursor = 0

  const announce = (
    piece: PlannedPiece,
    ready: ReadyPiece,
    fromCache: boolean,
    billable: number,
  ): void => {
    for (const p of plan.pieces) {
      if (p.hash !== piece.hash) continue
      if (p !== piece) options.events.onPiece(p, 'duplicate', 0)
      else options.events.onPiece(p, fromCache ? 'cached' : 'requested', billable)
    }
    byHash.get(piece.hash)?.resolve(ready)
  }

  const fetchOne = async (piece: PlannedPiece): Promise<void> => {
    const cached = await cache.get(piece.hash)
    if (cached) {
      announce(
        piece,
        { audioPath: cached.audioPath, speechMarks: cached.meta.speechMarks },
        true,
        0,
      )
      return
    }
    const result = await source.synthesizePiece(piece.request, options.signal)
    if (piece.request.format === 'pcm' && result.audio.byteLength % 2 !== 0) {
      throw incompletePiece(piece, result.audio.byteLength)
    }
    await cache.put(
      {
        hash: piece.hash,
        format: piece.request.format,
        bytes: result.audio.byteLength,
        speechMarks: result.speechMarks,
        billableCharacters: result.billableCharacters ?? piece.billableCharacters,
        requestId: result.requestId,
      },
      result.audio,
    )
    const stored = await cache.get(piece.hash)
    if (!stored)
      throw new AppError(
        'DISK',
        'A synthesized piece could not be read back from the cache folder. Check the disk and try again.',
      )
    announce(
      piece,
      { audioPath: stored.audioPath, speechMarks: result.speechMarks },
      false,
      result.billableCharacters ?? piece.billableCharacters,
    )
  }

  const worker = async (): Promise<void> => {
    while (failure === null && !options.signal.aborted && cursor < queue.length) {
      const piece = queue[cursor]
      cursor += 1
      if (!piece) break
      try {
        await fetchOne(piece)
      } catch (error) {
        failure ??= error
        byHash.get(piece.hash)?.reject(error)
      }
    }
  }

  const workers = Array.from(
    { length: Math.max(1, Math.min(options.parallelism, queue.length)) },
    () => worker(),
  )
  const finished = Promise.all(workers).then(() => {
    if (failure === null && options.signal.aborted) failure = options.signal.reason
    if (failure !== null) {
      for (const d of byHash.values()) d.reject(failure)
      throw failure instanceof Error ? failure : new AppError('INTERNAL', 'The render failed.')
    }
  })
  finished.catch(() => undefined)

  return {
    finished,
    ready(pieceIndex) {
      const piece = plan.pieces[pieceIndex]
      const d = piece ? byHash.get(piece.hash) : undefined
      if (!d)
        return Promise.reject(new AppError('INTERNAL', `Internal error: no piece ${pieceIndex}.`))
      return d.promise
    },
  }
}
