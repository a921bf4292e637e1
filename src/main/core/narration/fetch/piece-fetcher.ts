import { AppError } from '../../../../shared/errors'
import type { SpeechMarks } from '../../../../shared/domain/speech'
import type { PieceLoudness, StoredPieceLoudness } from '../pcm/loudness-cells'
import { loadPieceLoudness, storePieceLoudness } from '../pcm/loudness-cells'
import { analyzePiece } from './piece-analysis'
import type { CachedPiece, PieceCache } from './piece-cache'
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
  options: FetchOptions,
): PieceFetcher {
  const run = new FetchRun(plan, cache, source, options)
  run.start()
  return run
}

interface FetchOptions {
  signal: AbortSignal
  parallelism: number
  events: FetchEvents
}

/** Writes an answer to the cache and describes it for the assembler. */
async function storePiece(
  cache: PieceCache,
  piece: PlannedPiece,
  result: SynthesizedPiece,
): Promise<ReadyPiece> {
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

/** A piece found in the cache, as the assembler takes it. */
function cachedReady(hash: string, cached: CachedPiece): ReadyPiece {
  return {
    hash,
    audioPath: cached.audioPath,
    bytes: cached.meta.bytes,
    speechMarks: cached.meta.speechMarks,
    // Decoded here, early: a splice needs every piece's statistics right after the
    // changed pieces arrive.
    loudness: loadPieceLoudness(cached.meta.loudness, cached.meta.bytes / 2),
    storedLoudness: cached.meta.loudness,
    trusted: false,
  }
}

/** One render's fetching: the requests, the cache lookups and each piece's promise. */
class FetchRun implements PieceFetcher {
  readonly finished: Promise<void>
  private readonly byHash = new Map<string, Deferred<ReadyPiece>>()
  private readonly toRequest: PlannedPiece[]
  private readonly toLookUp: PlannedPiece[]
  private failure: unknown = null
  private cursor = 0
  private lookCursor = 0
  private active = 0
  private unwritten = 0
  private pending: number
  private readonly allSettled = deferred<void>()

  constructor(
    private readonly plan: RenderPlan,
    private readonly cache: PieceCache,
    private readonly source: SpeechSource,
    private readonly options: FetchOptions,
  ) {
    const unique: PlannedPiece[] = []
    for (const piece of plan.pieces) {
      if (this.byHash.has(piece.hash)) continue
      this.byHash.set(piece.hash, deferred())
      unique.push(piece)
    }
    // Requests first and in script order; cached pieces are looked up beside them.
    this.toRequest = unique.filter((p) => !cache.has(p.hash))
    this.toLookUp = unique.filter((p) => cache.has(p.hash))
    this.pending = unique.length
    if (this.pending === 0) this.allSettled.resolve()
    this.finished = this.allSettled.promise.then(() => {
      if (this.failure === null && options.signal.aborted) this.failure = options.signal.reason
      if (this.failure !== null) {
        for (const d of this.byHash.values()) d.reject(this.failure)
        throw this.failure instanceof Error
          ? this.failure
          : new AppError('INTERNAL', 'The render failed.')
      }
    })
    this.finished.catch(() => undefined)
  }

  start(): void {
    this.pump()
    // Several lookups at once, in script order: a re-render of a long script is mostly lookups.
    for (let i = 0; i < Math.min(LOOKUP_LANES, this.toLookUp.length); i++) void this.lookUp()
  }

  ready(pieceIndex: number): Promise<ReadyPiece> {
    const piece = this.plan.pieces[pieceIndex]
    const d = piece ? this.byHash.get(piece.hash) : undefined
    if (!d)
      return Promise.reject(new AppError('INTERNAL', `Internal error: no piece ${pieceIndex}.`))
    return d.promise
  }

  async repair(pieceIndex: number): Promise<ReadyPiece> {
    const piece = this.plan.pieces[pieceIndex]
    if (!piece) throw new AppError('INTERNAL', `Internal error: no piece ${pieceIndex}.`)
    await this.cache.drop(piece.hash)
    const result = await this.source.synthesizePiece(piece.request, this.options.signal)
    const ready = await storePiece(this.cache, piece, result)
    this.options.events.onPiece(
      piece,
      'repaired',
      result.billableCharacters ?? piece.billableCharacters,
    )
    return ready
  }

  private settleOne(): void {
    this.pending -= 1
    if (this.pending === 0) this.allSettled.resolve()
  }

  private announce(
    piece: PlannedPiece,
    ready: ReadyPiece,
    how: 'requested' | 'cached',
    billable: number,
  ): void {
    for (const p of this.plan.pieces) {
      if (p.hash !== piece.hash) continue
      if (p !== piece) this.options.events.onPiece(p, 'duplicate', 0)
      else this.options.events.onPiece(p, how, billable)
    }
    this.byHash.get(piece.hash)?.resolve(ready)
  }

  private fail(piece: PlannedPiece, error: unknown): void {
    this.failure ??= error
    this.byHash.get(piece.hash)?.reject(error)
  }

  private pump(): void {
    const { toRequest, options } = this
    while (
      this.failure === null &&
      !options.signal.aborted &&
      this.cursor < toRequest.length &&
      this.active < options.parallelism &&
      this.unwritten < MAX_UNWRITTEN_BYTES
    ) {
      const piece = toRequest[this.cursor]!
      this.cursor += 1
      this.active += 1
      void this.request(piece)
    }
    if (this.cursor < toRequest.length && this.active === 0 && this.unwritten === 0) {
      // Stopped by a failure or a cancel: the pieces never sent settle now.
      for (const piece of toRequest.slice(this.cursor)) {
        this.byHash.get(piece.hash)?.reject(this.failure ?? options.signal.reason)
        this.settleOne()
      }
      this.cursor = toRequest.length
    }
  }

  private async request(piece: PlannedPiece): Promise<void> {
    let received = 0
    try {
      const result = await this.source.synthesizePiece(piece.request, this.options.signal)
      received = result.audio.byteLength
      this.unwritten += received
      this.active -= 1
      this.pump()
      const ready = await storePiece(this.cache, piece, result)
      const billable = result.billableCharacters ?? piece.billableCharacters
      this.announce(piece, ready, 'requested', billable)
    } catch (error) {
      if (received === 0) this.active -= 1
      this.fail(piece, error)
    } finally {
      this.unwritten -= received
      this.settleOne()
      this.pump()
    }
  }

  private async lookUp(): Promise<void> {
    while (this.lookCursor < this.toLookUp.length) {
      const piece = this.toLookUp[this.lookCursor]!
      this.lookCursor += 1
      await this.lookUpOne(piece)
    }
  }

  private async lookUpOne(piece: PlannedPiece): Promise<void> {
    if (this.failure !== null || this.options.signal.aborted) {
      this.byHash.get(piece.hash)?.reject(this.failure ?? this.options.signal.reason)
      this.settleOne()
      return
    }
    try {
      const cached = await this.cache.get(piece.hash)
      if (cached) {
        this.announce(piece, cachedReady(piece.hash, cached), 'cached', 0)
        this.settleOne()
      } else {
        // Gone or damaged since the plan looked: request it like any other.
        this.toRequest.push(piece)
        this.pump()
      }
    } catch (error) {
      this.fail(piece, error)
      this.settleOne()
    }
  }
}
