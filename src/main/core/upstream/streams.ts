import { performance } from 'node:perf_hooks'
import { AppError } from '../../../shared/errors'
import type { AudioChecker } from '../audio/verdict'
import type { AtomicFile } from '../files/atomic-write'
import { bodyTooLarge } from './download-limits'
import type { HttpResponse } from './http'
import { cancelledError } from './http'

/** How a response body is passed on: to a listener, a file, or both, as it arrives. */
export interface PumpOptions {
  res: HttpResponse
  /** Proves the audio is complete at the end; null when the content cannot be checked. */
  checker: AudioChecker | null
  onChunk?: (chunk: Uint8Array) => void
  file?: AtomicFile
  /** No byte for this long -> STREAM_TRUNCATED. */
  stallMs: number
  signal?: AbortSignal
  /** What is being received, for messages: "the audio stream", "the voice sample". */
  what: string
  /**
   * Most bytes the body can legitimately be. Why required: a service (or anything at the base
   * URL) can send an endless body; past this the transfer is stopped and nothing is kept.
   */
  maxBytes: number
}

/** What arrived and when (performance.now() clock). */
export interface PumpResult {
  bytes: number
  /** When the first body byte came off the socket. */
  firstByteAt: number | null
  /** When the first chunk was handed to the listener (or the file). */
  firstChunkAt: number | null
  endedAt: number
  durationMs: number | null
}

/** Pending file writes allowed before the socket is paused (backpressure from a slow disk). */
const MAX_PENDING_WRITES = 8

function truncated(what: string, why: string, requestId: string | undefined): AppError {
  return new AppError(
    'STREAM_TRUNCATED',
    `${what[0]!.toUpperCase()}${what.slice(1)} was cut short (${why}), so nothing was saved as finished. Try again.`,
    { retryable: false, details: requestId === undefined ? {} : { requestId } },
  )
}

function diskError(error: unknown): AppError {
  return error instanceof AppError ? error : new AppError('DISK', 'Could not write the file.')
}

/** One body being passed on: what arrived, the stall timer, the file writes still pending. */
class BodyPump {
  private bytes = 0
  private firstByteAt: number | null = null
  private firstChunkAt: number | null = null
  private settled = false
  private pendingWrites = 0
  private pausedForDisk = false
  private ended = false
  private stallTimer: NodeJS.Timeout | undefined
  private writeError: unknown
  private readonly expectedLength: number | null

  constructor(
    private readonly options: PumpOptions,
    private readonly resolve: (result: PumpResult) => void,
    private readonly reject: (error: AppError) => void,
  ) {
    const declared = Number(options.res.headers['content-length'])
    this.expectedLength = Number.isFinite(declared) && declared >= 0 ? declared : null
  }

  start(): void {
    const { res, what, maxBytes } = this.options
    const body = res.body
    if (this.expectedLength !== null && this.expectedLength > maxBytes) {
      this.fail(bodyTooLarge(what, maxBytes, res.requestId))
      return
    }
    // Cancelled or cut off before this point (while a file was being opened, say): the body's
    // error and close events have fired already and would never reach the handlers below.
    if (this.options.signal?.aborted || body.destroyed) {
      this.fail(truncated(what, 'the connection closed early', res.requestId))
      return
    }
    this.arm()
    body.on('data', (chunk: Buffer) => this.take(chunk))
    body.once('end', () => {
      this.ended = true
      this.finish()
    })
    body.once('error', (error) => {
      if (error instanceof AppError && error.code === 'CANCELLED') this.fail(error)
      else this.fail(truncated(what, 'the connection dropped', res.requestId))
    })
    body.once('close', () => {
      if (!body.complete && !this.settled)
        this.fail(truncated(what, 'the connection closed early', res.requestId))
    })
  }

  private fail(error: AppError): void {
    if (this.settled) return
    this.settled = true
    clearTimeout(this.stallTimer)
    this.options.res.body.destroy()
    this.reject(this.options.signal?.aborted ? cancelledError() : error)
  }

  private arm(): void {
    const { stallMs, what, res } = this.options
    clearTimeout(this.stallTimer)
    this.stallTimer = setTimeout(() => {
      this.fail(truncated(what, `no data for ${Math.round(stallMs / 1000)} s`, res.requestId))
    }, stallMs)
    this.stallTimer.unref?.()
  }

  private take(chunk: Buffer): void {
    if (this.settled) return
    const { res, onChunk, checker, file } = this.options
    if (this.firstByteAt === null) this.firstByteAt = res.lastSocketReadAt()
    this.bytes += chunk.byteLength
    if (this.bytes > this.options.maxBytes) {
      // Checked before the chunk goes anywhere: nothing past the cap reaches a listener or a file.
      this.fail(bodyTooLarge(this.options.what, this.options.maxBytes, res.requestId))
      return
    }
    if (onChunk) {
      if (this.firstChunkAt === null) this.firstChunkAt = performance.now()
      try {
        onChunk(chunk)
      } catch (error) {
        this.fail(
          new AppError('INTERNAL', 'Internal error while passing audio on.', { cause: error }),
        )
        return
      }
    }
    checker?.push(chunk)
    if (file) {
      if (this.firstChunkAt === null) this.firstChunkAt = performance.now()
      if (this.write(file, chunk)) return
    }
    this.arm()
  }

  /** Queues the chunk's write; true when the socket is now paused for the disk to catch up. */
  private write(file: AtomicFile, chunk: Buffer): boolean {
    const body = this.options.res.body
    this.pendingWrites++
    file.write(chunk).then(
      () => {
        this.pendingWrites--
        if (this.pausedForDisk && this.pendingWrites < MAX_PENDING_WRITES / 2) {
          this.pausedForDisk = false
          this.arm()
          body.resume()
        }
        this.finish()
      },
      (error: unknown) => {
        this.pendingWrites--
        this.writeError = error
        this.fail(diskError(error))
      },
    )
    if (this.pendingWrites < MAX_PENDING_WRITES || this.pausedForDisk) return false
    // Why the stall timer stops here: the wait is on our disk, not on the service.
    this.pausedForDisk = true
    clearTimeout(this.stallTimer)
    body.pause()
    return true
  }

  /** Once the body ended and every write landed: proves the body complete, or fails. */
  private finish(): void {
    if (this.settled || !this.ended || this.pendingWrites > 0) return
    const { what, res, checker } = this.options
    const { bytes, expectedLength } = this
    if (this.writeError !== undefined) return this.fail(diskError(this.writeError))
    if (expectedLength !== null && bytes !== expectedLength) {
      return this.fail(
        truncated(what, `${bytes} of ${expectedLength} bytes arrived`, res.requestId),
      )
    }
    const verdict = checker?.finish() ?? null
    if (verdict !== null && !verdict.ok) {
      return this.fail(truncated(what, verdict.reason, res.requestId))
    }
    this.settled = true
    clearTimeout(this.stallTimer)
    this.resolve({
      bytes,
      firstByteAt: this.firstByteAt,
      firstChunkAt: this.firstChunkAt,
      endedAt: performance.now(),
      durationMs: verdict?.ok ? verdict.durationMs : null,
    })
  }
}

/**
 * Passes a body on chunk by chunk without buffering it (the listener is called synchronously in
 * the socket's data event), watches for stalls, and at the end proves completeness with the
 * Content-Length and the audio itself. Resolves only for a complete body; a stall, an early end,
 * a dropped connection or audio that does not check out rejects with STREAM_TRUNCATED.
 */
export function pumpBody(options: PumpOptions): Promise<PumpResult> {
  return new Promise<PumpResult>((resolve, reject) => {
    new BodyPump(options, resolve, reject).start()
  })
}
