import { performance } from 'node:perf_hooks'
import { AppError } from '../../../shared/errors'
import type { AudioChecker } from '../audio/verdict'
import type { AtomicFile } from '../files/atomic-write'
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

/**
 * Passes a body on chunk by chunk without buffering it (the listener is called synchronously in
 * the socket's data event), watches for stalls, and at the end proves completeness with the
 * Content-Length and the audio itself. Resolves only for a complete body; a stall, an early end,
 * a dropped connection or audio that does not check out rejects with STREAM_TRUNCATED.
 */
export function pumpBody(options: PumpOptions): Promise<PumpResult> {
  const { res, checker, onChunk, file, signal, what } = options
  const body = res.body
  const declared = Number(res.headers['content-length'])
  const expectedLength = Number.isFinite(declared) && declared >= 0 ? declared : null

  return new Promise<PumpResult>((resolve, reject) => {
    let bytes = 0
    let firstByteAt: number | null = null
    let firstChunkAt: number | null = null
    let settled = false
    let pendingWrites = 0
    let pausedForDisk = false
    let ended = false
    let stallTimer: NodeJS.Timeout | undefined
    let writeError: unknown

    const fail = (error: AppError): void => {
      if (settled) return
      settled = true
      clearTimeout(stallTimer)
      body.destroy()
      reject(signal?.aborted ? cancelledError() : error)
    }
    const arm = (): void => {
      clearTimeout(stallTimer)
      stallTimer = setTimeout(() => {
        fail(truncated(what, `no data for ${Math.round(options.stallMs / 1000)} s`, res.requestId))
      }, options.stallMs)
      stallTimer.unref?.()
    }
    const finish = (): void => {
      if (settled || !ended || pendingWrites > 0) return
      if (writeError !== undefined) {
        fail(
          writeError instanceof AppError
            ? writeError
            : new AppError('DISK', 'Could not write the file.'),
        )
        return
      }
      if (expectedLength !== null && bytes !== expectedLength) {
        fail(truncated(what, `${bytes} of ${expectedLength} bytes arrived`, res.requestId))
        return
      }
      const verdict = checker?.finish() ?? null
      if (verdict !== null && !verdict.ok) {
        fail(truncated(what, verdict.reason, res.requestId))
        return
      }
      settled = true
      clearTimeout(stallTimer)
      resolve({
        bytes,
        firstByteAt,
        firstChunkAt,
        endedAt: performance.now(),
        durationMs: verdict?.ok ? verdict.durationMs : null,
      })
    }

    // Cancelled or cut off before this point (while a file was being opened, say): the body's
    // error and close events have fired already and would never reach the handlers below.
    if (signal?.aborted || body.destroyed) {
      fail(truncated(what, 'the connection closed early', res.requestId))
      return
    }
    arm()
    body.on('data', (chunk: Buffer) => {
      if (settled) return
      if (firstByteAt === null) firstByteAt = res.lastSocketReadAt()
      bytes += chunk.byteLength
      if (onChunk) {
        if (firstChunkAt === null) firstChunkAt = performance.now()
        try {
          onChunk(chunk)
        } catch (error) {
          fail(new AppError('INTERNAL', 'Internal error while passing audio on.', { cause: error }))
          return
        }
      }
      checker?.push(chunk)
      if (file) {
        if (firstChunkAt === null) firstChunkAt = performance.now()
        pendingWrites++
        file.write(chunk).then(
          () => {
            pendingWrites--
            if (pausedForDisk && pendingWrites < MAX_PENDING_WRITES / 2) {
              pausedForDisk = false
              arm()
              body.resume()
            }
            finish()
          },
          (error: unknown) => {
            pendingWrites--
            writeError = error
            fail(
              error instanceof AppError ? error : new AppError('DISK', 'Could not write the file.'),
            )
          },
        )
        if (pendingWrites >= MAX_PENDING_WRITES && !pausedForDisk) {
          // Why the stall timer stops here: the wait is on our disk, not on the service.
          pausedForDisk = true
          clearTimeout(stallTimer)
          body.pause()
          return
        }
      }
      arm()
    })
    body.once('end', () => {
      ended = true
      finish()
    })
    body.once('error', (error) => {
      if (error instanceof AppError && error.code === 'CANCELLED') fail(error)
      else fail(truncated(what, 'the connection dropped', res.requestId))
    })
    body.once('close', () => {
      if (!body.complete && !settled)
        fail(truncated(what, 'the connection closed early', res.requestId))
    })
  })
}
