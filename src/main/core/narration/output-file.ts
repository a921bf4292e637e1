import type { FileHandle } from 'node:fs/promises'
import { open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { AppError } from '../../../shared/errors'
import { createAudioChecker } from '../audio/check'
import { fsyncDirBestEffort, tempPathFor, toDiskError } from '../files/atomic-write'

/** The formats an output is verified as before it gets its name. */
export type VerifiableFormat = 'wav' | 'pcm' | 'mp3' | 'ogg' | 'aac'

/** What the finished file must hold: the exact length in samples at the output rate. */
export interface OutputExpectation {
  format: VerifiableFormat
  sampleRate: number
  /** Exact program length at the output rate (after any resampling). */
  samples: number
}

/** A finished-output file being written beside its target. */
export interface OutputFile {
  readonly tempPath: string
  readonly bytesWritten: number
  /** Appends a chunk (ordered even when callers do not await each write). */
  write(chunk: Uint8Array): Promise<void>
  /** Writes at an absolute offset (header patches, splicing). */
  writeAt(chunk: Uint8Array, position: number): Promise<void>
  /** The open handle, for bulk copies into the file. */
  readonly handle: FileHandle
  /**
   * Waits for the writes, fsyncs once, verifies the file, renames it over the target and fsyncs
   * the folder. On failure the temporary file is removed and the target is untouched.
   * `whileSyncing` runs while the fsync is under way (CPU work that would otherwise follow it).
   */
  commit(expect: OutputExpectation, whileSyncing?: () => void): Promise<void>
  /** Discards the temporary file. Safe to call more than once. */
  abort(): Promise<void>
}

/** While streaming, flush written data to disk in the background every this many bytes. */
const BACKGROUND_SYNC_BYTES = 64 * 1024 * 1024

const HEAD_BYTES = 64 * 1024

/**
 * Checks a finished output with the container walkers of core/audio: every MP3 frame, every Ogg
 * page (CRC, sequence, end-of-stream), every ADTS frame, the WAV chunk sizes; and its length
 * against the program's: exact for WAV, PCM and AAC, the Vorbis granule for Ogg, and for MP3 at
 * least the program and at most the encoder's delay and padding more.
 */
export async function verifyOutput(path: string, expect: OutputExpectation): Promise<void> {
  const checker = createAudioChecker(expect.format)
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    if (expect.format === 'wav' || expect.format === 'pcm') {
      // Why only the head is read: these walkers check the header and the sizes, never the
      // samples, so the rest is accounted for by its length (no need to read gigabytes back).
      const head = new Uint8Array(Math.min(size, HEAD_BYTES))
      await handle.read(head, 0, head.byteLength, 0)
      checker.push(head)
      const filler = new Uint8Array(Math.min(4 * 1024 * 1024, Math.max(0, size - head.byteLength)))
      for (let left = size - head.byteLength; left > 0; left -= filler.byteLength) {
        checker.push(filler.subarray(0, Math.min(left, filler.byteLength)))
      }
    } else {
      const chunk = new Uint8Array(1024 * 1024)
      for (let position = 0; position < size;) {
        const { bytesRead } = await handle.read(chunk, 0, chunk.byteLength, position)
        if (bytesRead === 0) break
        checker.push(chunk.subarray(0, bytesRead))
        position += bytesRead
      }
    }
  } finally {
    await handle.close()
  }
  const verdict = checker.finish()
  const refuse = (reason: string): AppError =>
    new AppError(
      'DISK',
      `The finished ${expect.format.toUpperCase()} file is damaged (${reason}). Render again.`,
    )
  if (!verdict.ok) throw refuse(verdict.reason)
  const expectedMs = (expect.samples / expect.sampleRate) * 1000
  const units = verdict.units
  switch (expect.format) {
    case 'wav':
    case 'pcm':
      if (units !== expect.samples) throw refuse(`${units} samples instead of ${expect.samples}`)
      break
    case 'aac':
      if (units * 1024 !== expect.samples)
        throw refuse(`${units} AAC frames instead of ${expect.samples / 1024}`)
      break
    case 'ogg':
      if (verdict.durationMs === null || Math.abs(verdict.durationMs - expectedMs) > 1)
        throw refuse(`it lasts ${String(verdict.durationMs)} ms instead of ${expectedMs} ms`)
      break
    case 'mp3':
      // LAME adds its delay and padding (no gapless tag): at least the program, up to ~2 frames more.
      if (
        verdict.durationMs === null ||
        verdict.durationMs < expectedMs ||
        verdict.durationMs > expectedMs + 150
      )
        throw refuse(`it lasts ${String(verdict.durationMs)} ms for ${expectedMs} ms of audio`)
      break
  }
}

/**
 * Opens a temporary file beside `target` for a finished output. Why not the shared atomic file:
 * a narration output can be gigabytes, so written data is flushed to disk in the background while
 * the render goes on (the fsync before the rename then has little left to do), and the file is
 * verified as audio before it gets its name.
 */
export async function createOutputFile(
  target: string,
  options: { signal?: AbortSignal; backgroundSync?: boolean } = {},
): Promise<OutputFile> {
  const { signal } = options
  const cancelled = (): AppError =>
    new AppError('CANCELLED', 'The operation was cancelled; nothing was saved.')
  if (signal?.aborted) throw cancelled()
  const tempPath = tempPathFor(target)
  let handle: FileHandle
  try {
    handle = await open(tempPath, 'wx', 0o644)
  } catch (error) {
    throw toDiskError(error, target)
  }
  let state: 'open' | 'committed' | 'aborted' = 'open'
  let bytesWritten = 0
  let unsynced = 0
  let pending: Promise<void> = Promise.resolve()
  let syncing: Promise<void> = Promise.resolve()
  let discarding: Promise<void> | undefined
  const discard = (): Promise<void> => {
    if (state === 'committed') return Promise.resolve()
    state = 'aborted'
    discarding ??= (async () => {
      await pending.catch(() => undefined)
      await syncing.catch(() => undefined)
      await handle.close().catch(() => undefined)
      await rm(tempPath, { force: true }).catch(() => undefined)
    })()
    return discarding
  }
  const onAbort = (): void => void discard()
  signal?.addEventListener('abort', onAbort, { once: true })

  const guard = async (): Promise<void> => {
    if (signal?.aborted) {
      await discard()
      throw cancelled()
    }
    if (state !== 'open') throw new AppError('INTERNAL', 'Internal error: output already closed.')
  }

  const enqueue = async (work: () => Promise<void>): Promise<void> => {
    await guard()
    const run = pending.then(work)
    pending = run.catch(() => undefined)
    try {
      await run
    } catch (error) {
      await discard()
      throw toDiskError(error, target)
    }
  }

  const writeFully = async (chunk: Uint8Array, position: number | null): Promise<void> => {
    let offset = 0
    while (offset < chunk.byteLength) {
      const { bytesWritten: n } = await handle.write(
        chunk,
        offset,
        chunk.byteLength - offset,
        position === null ? null : position + offset,
      )
      offset += n
    }
  }

  return {
    tempPath,
    handle,
    get bytesWritten() {
      return bytesWritten
    },
    write: (chunk) =>
      enqueue(async () => {
        await writeFully(chunk, null)
        bytesWritten += chunk.byteLength
        unsynced += chunk.byteLength
        if (options.backgroundSync !== false && unsynced >= BACKGROUND_SYNC_BYTES) {
          unsynced = 0
          // Not awaited by the writer: the disk catches up while the render goes on.
          syncing = syncing.then(() => handle.datasync()).catch(() => undefined)
        }
      }),
    writeAt: (chunk, position) =>
      enqueue(async () => {
        await writeFully(chunk, position)
        bytesWritten = Math.max(bytesWritten, position + chunk.byteLength)
      }),
    async commit(expect, whileSyncing) {
      await guard()
      try {
        await pending
        await syncing
        const synced = handle.sync()
        whileSyncing?.()
        await synced
        await handle.close()
        if (signal?.aborted) throw cancelled()
        await verifyOutput(tempPath, expect)
        if (signal?.aborted) throw cancelled()
        await rename(tempPath, target)
        state = 'committed'
      } catch (error) {
        await discard()
        throw toDiskError(error, target)
      } finally {
        signal?.removeEventListener('abort', onAbort)
      }
      await fsyncDirBestEffort(dirname(target))
    },
    async abort() {
      signal?.removeEventListener('abort', onAbort)
      await discard()
    },
  }
}
