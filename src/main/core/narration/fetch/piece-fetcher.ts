import { AppError } from '../../../../shared/errors'
import type { SpeechMarks } from '../../../../shared/domain/speech'
import type { PieceLoudness, StoredPieceLoudness } from '../pcm/loudness-cells'
import { loadPieceLoudness, storePieceLoudness } from '../pcm/loudness-cells'
import { analyzePiece } from './piece-analysis'
import type { PieceCache } from './piece-cache'
import type { PlannedPiece, RenderPlan } from '../plan/render-plan'
import type { SpeechSource, SynthesizedPiece } from './speech-source'

/** A piece ready to assemble: where its audio is, its speech marks and what is known of it. */
export interface ReadyPiece {
  hash: string
  audioPath: string
  /** Bytes of the cached audio. */
  bytes: number
  speechMarks: SpeechMarks
  /** Loudness statistics of the placed piece, when already computed. */
  loudness: PieceLoudness | null
  /** Statistics stored with the cache entry (checked against the piece's length before use). */
  storedLoudness?: StoredPieceLoudness
  /** Written by this render a moment ago: no digest check needed before use. */
  trusted: boolean
}

/** What the fetcher reports as pieces become available. */
export interface FetchEvents {
  /**
   * A piece is available: `requested` (just synthesized and billed), `cached` (found in the cache)
   * or `duplicate` (identical to a piece already requested in this render); `repaired` when a
   * cached piece was found damaged while assembling and was requested again (billed, not a new
   * piece).
   */
  onPiece(
    piece: PlannedPiece,
    how: 'requested' | 'cached' | 'duplicate' | 'repaired',
    billableCharacters: number,
  ): void
}

/** Running synthesis of a plan's pieces, in script order, as parallel as the source allows. */
export interface PieceFetcher {
  /** Resolves when piece `i` is in the cache (rejects with the render's failure). */
  ready(pieceIndex: number): Promise<ReadyPiece>
  /** Piece `i`'s cached audio turned out damaged: drops it and requests it again. */
  repair(pieceIndex: number): Promise<ReadyPiece>
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

/** Cache lookups run at once. */
const LOOKUP_LANES = 8

/** Received audio waiting to be written to the cache, at most this much (then requests wait). */
const MAX_UNWRITTEN_BYTES = 16 * 1024 * 1024

/**
 * Starts synthesizing every piece of `plan` that is not cached, in script order, keeping
 * `parallelism` requests handed to the source at all times (its scheduler holds them to the
 * plan's limits). Why the writes are off the request path: a request slot is given back the
 * moment an answer arrives, so the scheduler never idles while the disk is slow; answers wait in
 * memory (bounded) for their cache write, and a piece is announced only once it is in the cache.
 * Identical pieces are requested once. On the first failure no new request is started; requests
 * already sent finish into the cache, then `finished` rejects.
 */
export function startPieceFetcher(
  plan: RenderPlan,
  cache: PieceCache,
  source: SpeechSource,
  options: { signal: AbortSignal; parallelism: number; events: FetchEvents },
): PieceFetcher {
  const byHash = new Map<string, Deferred<ReadyPiece>>()
  const unique: PlannedPiece[] = []
  for (const piece of plan.pieces) {
    if (byHash.has(piece.hash)) continue
    byHash.set(piece.hash, deferred())
    unique.push(piece)
  }
  // Requests first and in script order; cached pieces are looked up beside them.
  const toRequest = unique.filter((p) => !cache.has(p.hash))
  const toLookUp = unique.filter((p) => cache.has(p.hash))
  let failure: unknown = null
  let cursor = 0
  let active = 0
  let unwritten = 0
  let pending = unique.length
  const allSettled = deferred<void>()
  if (pending === 0) allSettled.resolve()

  const settleOne = (): void => {
    pending -= 1
    if (pending === 0) allSettled.resolve()
  }

  const announce = (
    piece: PlannedPiece,
    ready: ReadyPiece,
    how: 'requested' | 'cached',
    billable: number,
  ): void => {
    for (const p of plan.pieces) {
      if (p.hash !== piece.hash) continue
      if (p !== piece) options.events.onPiece(p, 'duplicate', 0)
      else options.events.onPiece(p, how, billable)
    }
    byHash.get(piece.hash)?.resolve(ready)
  }

  const fail = (piece: PlannedPiece, error: unknown): void => {
    failure ??= error
    byHash.get(piece.hash)?.reject(error)
  }

  /** Writes an answer to the cache and describes it for the assembler. */
  const store = async (piece: PlannedPiece, result: SynthesizedPiece): Promise<ReadyPiece> => {
    const isPcm = piece.request.format === 'pcm'
    if (isPcm && result.audio.byteLength % 2 !== 0) {
      throw incompletePiece(piece, result.audio.byteLength)
    }
    // The analysis borrows the bytes and hands them back: use its `audio` from here on.
    const { sha256, loudness, audio } = await analyzePiece(result.audio, isPcm)
    await cache.put(
      {
        audioSha256: sha256,
        hash: piece.hash,
        format: piece.request.format,
        bytes: audio.byteLength,
        speechMarks: result.speechMarks,
        billableCharacters: result.billableCharacters ?? piece.billableCharacters,
        requestId: result.requestId,
        ...(loudness ? { loudness: storePieceLoudness(loudness) } : {}),
      },
      audio,
    )
    const stored = await cache.get(piece.hash)
    if (!stored)
      throw new AppError(
        'DISK',
        'A synthesized piece could not be read back from the cache folder. Check the disk and try again.',
      )
    // Written by this process a moment ago: its bytes need no digest check when assembled.
    return {
      hash: piece.hash,
      audioPath: stored.audioPath,
      bytes: stored.meta.bytes,
      speechMarks: result.speechMarks,
      loudness,
      trusted: true,
    }
  }

  const pump = (): void => {
    while (
      failure === null &&
      !options.signal.aborted &&
      cursor < toRequest.length &&
      active < options.parallelism &&
      unwritten < MAX_UNWRITTEN_BYTES
    ) {
      const piece = toRequest[cursor]!
      cursor += 1
      active += 1
      void request(piece)
    }
    if (cursor < toRequest.length && active === 0 && unwritten === 0) {
      // Stopped by a failure or a cancel: the pieces never sent settle now.
      for (const piece of toRequest.slice(cursor)) {
        byHash.get(piece.hash)?.reject(failure ?? options.signal.reason)
        settleOne()
      }
      cursor = toRequest.length
    }
  }

  const request = async (piece: PlannedPiece): Promise<void> => {
    let received = 0
    try {
      const result = await source.synthesizePiece(piece.request, options.signal)
      received = result.audio.byteLength
      unwritten += received
      active -= 1
      pump()
      const ready = await store(piece, result)
      announce(piece, ready, 'requested', result.billableCharacters ?? piece.billableCharacters)
    } catch (error) {
      if (received === 0) active -= 1
      fail(piece, error)
    } finally {
      unwritten -= received
      settleOne()
      pump()
    }
  }

  const lookUpOne = async (piece: PlannedPiece): Promise<void> => {
    if (failure !== null || options.signal.aborted) {
      byHash.get(piece.hash)?.reject(failure ?? options.signal.reason)
      settleOne()
      return
    }
    try {
      const cached = await cache.get(piece.hash)
      if (cached) {
        announce(
          piece,
          {
            hash: piece.hash,
            audioPath: cached.audioPath,
            bytes: cached.meta.bytes,
            speechMarks: cached.meta.speechMarks,
            // Decoded here, early: a splice needs every piece's statistics right after the
            // changed pieces arrive.
            loudness: loadPieceLoudness(cached.meta.loudness, cached.meta.bytes / 2),
            storedLoudness: cached.meta.loudness,
            trusted: false,
          },
          'cached',
          0,
        )
        settleOne()
      } else {
        // Gone or damaged since the plan looked: request it like any other.
        toRequest.push(piece)
        pump()
      }
    } catch (error) {
      fail(piece, error)
      settleOne()
    }
  }

  // Several lookups at once, in script order: a re-render of a long script is mostly lookups.
  let lookCursor = 0
  const lookUp = async (): Promise<void> => {
    while (lookCursor < toLookUp.length) {
      const piece = toLookUp[lookCursor]!
      lookCursor += 1
      await lookUpOne(piece)
    }
  }

  pump()
  for (let i = 0; i < Math.min(LOOKUP_LANES, toLookUp.length); i++) void lookUp()

  const finished = allSettled.promise.then(() => {
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
    async repair(pieceIndex) {
      const piece = plan.pieces[pieceIndex]
      if (!piece) throw new AppError('INTERNAL', `Internal error: no piece ${pieceIndex}.`)
      await cache.drop(piece.hash)
      const result = await source.synthesizePiece(piece.request, options.signal)
      const ready = await store(piece, result)
      options.events.onPiece(
        piece,
        'repaired',
        result.billableCharacters ?? piece.billableCharacters,
      )
      return ready
    },
  }
}
