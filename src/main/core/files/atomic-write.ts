import { randomBytes } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { constants, existsSync } from 'node:fs'
import { copyFile, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { AppError } from '../../../shared/errors'

/** Options shared by {@link writeFileAtomic} and {@link createAtomicFile}. */
export interface AtomicWriteOptions {
  /** Checks the complete temporary file before it gets the final name; throw to refuse it. */
  verify?: (tempPath: string) => Promise<void>
  /** File mode of the new file (default 0o644, before umask). */
  mode?: number
  /** Aborting removes the temporary file and leaves the target untouched. */
  signal?: AbortSignal
  /**
   * Flush to disk in the background every this many appended bytes (off when absent). Why: for
   * a file of gigabytes the disk catches up while the writer goes on, so the fsync before the
   * rename has little left to do.
   */
  backgroundSyncBytes?: number
  /**
   * Start the temporary file as a copy of this file, made by the operating system (a clone that
   * shares the blocks where the file system can: APFS, Btrfs, XFS, ReFS; an in-kernel copy
   * elsewhere). Why: an edit of a large file then rewrites only what moved, and bytes that stay
   * where they were are never read or written by the app.
   */
  startFrom?: string
}

/** Options of {@link AtomicFile.commit}. */
export interface AtomicCommitOptions {
  /**
   * Runs while the final fsync is in flight, before the verify and the rename. Why: CPU work
   * the caller would otherwise do after the commit overlaps the wait for the disk instead.
   */
  whileSyncing?: () => void
}

/** A file being written in pieces; it appears under its final name only on {@link commit}. */
export interface AtomicFile {
  /** Appends a chunk (the whole chunk is written before the promise resolves). */
  write(chunk: Uint8Array): Promise<void>
  /** Writes at an absolute offset (header patches, splicing), ordered with the appends. */
  writeAt(chunk: Uint8Array, position: number): Promise<void>
  /** Cuts (or extends with zeros) the file to `length` bytes, ordered with the writes. */
  truncate(length: number): Promise<void>
  /** The open handle, for bulk copies into the file. */
  readonly handle: FileHandle
  /**
   * Starts writing what the file holds so far to disk, without waiting for it: a head start for
   * the final fsync. Commit and discard wait for it; a failure here is ignored (the commit's
   * fsync reports it).
   */
  syncInBackground(): void
  /** fsync, verify, rename over the target, fsync the folder. On failure the temp file is gone. */
  commit(verify?: (tempPath: string) => Promise<void>, options?: AtomicCommitOptions): Promise<void>
  /** Discards the temporary file; the target stays as it was. Safe to call more than once. */
  abort(): Promise<void>
  /** Bytes appended so far, or the end of the furthest positional write if that is beyond. */
  readonly bytesWritten: number
  readonly tempPath: string
}

/** The errno code of a file-system failure (`ENOENT`, `ENOSPC`…), or undefined for anything else. */
export function errnoOf(error: unknown): string | undefined {
  if (error !== null && typeof error === 'object' && 'code' in error) {
    const code = error.code
    return typeof code === 'string' ? code : undefined
  }
  return undefined
}

/**
 * Maps a file-system failure to the closed error codes with a message that says what to do.
 * AppErrors (from a verify step, a cancel) pass through unchanged.
 */
export function toDiskError(error: unknown, target: string): AppError {
  if (error instanceof AppError) return error
  const folder = dirname(target)
  const code = errnoOf(error)
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new AppError(
        'DISK',
        `The disk is full: VoiceDesk could not save ${basename(target)}. Free some space and try again.`,
        { cause: error },
      )
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new AppError(
        'DISK',
        `VoiceDesk can't write to ${folder}. Choose another folder or check its permissions.`,
        { cause: error },
      )
    case 'ENOENT':
    case 'ENOTDIR':
      return new AppError(
        'DISK',
        `The folder ${folder} does not exist. Choose an existing folder and try again.`,
        { cause: error },
      )
    case 'EISDIR':
      return new AppError(
        'DISK',
        `${target} is a folder, not a file. Choose a file name and try again.`,
        { cause: error },
      )
    default:
      return new AppError(
        'DISK',
        `VoiceDesk could not save ${basename(target)} in ${folder}${code ? ` (${code})` : ''}. Try again or choose another folder.`,
        { cause: error },
      )
  }
}

function cancelled(): AppError {
  return new AppError('CANCELLED', 'The operation was cancelled; nothing was saved.')
}

/** The temporary name beside the target: same folder, so the final rename is atomic. */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.partial`)
}

/**
 * Opens `path` read-only and asks the disk to store it now (`data`: its contents only, as for a
 * file; `all`: with its metadata, as for a folder after a rename). Any failure is ignored: the
 * callers only harden or hurry what the kernel does anyway.
 */
export async function syncBestEffort(path: string, what: 'all' | 'data'): Promise<void> {
  let handle: FileHandle | undefined
  try {
    handle = await open(path, 'r')
    await (what === 'all' ? handle.sync() : handle.datasync())
  } catch {
    // ignored on purpose, see above
  } finally {
    await handle?.close().catch(() => undefined)
  }
}

/** fsyncs a folder after a rename, where the platform allows it. */
export async function fsyncDirBestEffort(dir: string): Promise<void> {
  // Why best-effort: some platforms (Windows) and file systems refuse to open a folder for
  // fsync; the rename is already atomic there, the fsync only hardens it against power loss.
  await syncBestEffort(dir, 'all')
}

/** Opens the temporary file, empty or as a copy of `startFrom`; returns its handle and size. */
async function openTempFile(
  target: string,
  tempPath: string,
  options: AtomicWriteOptions,
): Promise<{ handle: FileHandle; size: number }> {
  const { startFrom } = options
  try {
    // 'wx': never follow or clobber something already at the temp name.
    if (startFrom === undefined)
      return { handle: await open(tempPath, 'wx', options.mode ?? 0o644), size: 0 }
    // EXCL for the same reason; FICLONE asks for a clone and falls back to a copy by itself.
    await copyFile(startFrom, tempPath, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE)
    const handle = await open(tempPath, 'r+')
    return { handle, size: (await handle.stat()).size }
  } catch (error) {
    if (startFrom !== undefined) {
      await rm(tempPath, { force: true }).catch(() => undefined)
      // The file to start from is gone (moved or deleted meanwhile): not a missing folder.
      if (errnoOf(error) === 'ENOENT' && !existsSync(startFrom)) {
        throw new AppError(
          'NOT_FOUND',
          `${basename(startFrom)} was moved or deleted while VoiceDesk was reading it. Try again.`,
          { cause: error },
        )
      }
    }
    throw toDiskError(error, target)
  }
}

/**
 * The open temporary file and its life: writes chained in order, background syncs, one discard
 * however many ways it is asked for (abort, cancel, failure), and the commit. The public members
 * are arrow functions so a caller may pass them on unbound.
 */
class TempFile implements AtomicFile {
  private state: 'open' | 'committed' | 'aborted' = 'open'
  private written: number
  /** Where the next append goes: the end of what is in the file so far. */
  private appendAt: number
  private unsynced = 0
  private pending: Promise<void> = Promise.resolve()
  private syncing: Promise<void> = Promise.resolve()
  private discarding: Promise<void> | undefined
  private readonly signal: AbortSignal | undefined

  constructor(
    private readonly target: string,
    readonly tempPath: string,
    readonly handle: FileHandle,
    size: number,
    private readonly options: AtomicWriteOptions,
  ) {
    this.written = size
    this.appendAt = size
    this.signal = options.signal
    this.signal?.addEventListener('abort', this.onAbort, { once: true })
  }

  get bytesWritten(): number {
    return this.written
  }

  write = (chunk: Uint8Array): Promise<void> =>
    this.enqueue(async () => {
      // At an explicit offset, not the handle's position: a file started from a copy is open
      // at 0, and appends go after its bytes (or after a truncate).
      await this.writeFully(chunk, this.appendAt)
      this.appendAt += chunk.byteLength
      this.written = Math.max(this.written, this.appendAt)
      this.unsynced += chunk.byteLength
      const every = this.options.backgroundSyncBytes
      if (every !== undefined && this.unsynced >= every) {
        this.unsynced = 0
        // Not awaited by the writer: the disk catches up while the writing goes on.
        this.syncInBackground()
      }
    })

  syncInBackground = (): void => {
    this.syncing = this.syncing.then(() => this.handle.datasync()).catch(() => undefined)
  }

  writeAt = (chunk: Uint8Array, position: number): Promise<void> =>
    this.enqueue(async () => {
      await this.writeFully(chunk, position)
      this.written = Math.max(this.written, position + chunk.byteLength)
    })

  truncate = (length: number): Promise<void> =>
    this.enqueue(async () => {
      await this.handle.truncate(length)
      this.written = length
      this.appendAt = length
    })

  commit = async (
    verify?: (tempPath: string) => Promise<void>,
    commitOptions: AtomicCommitOptions = {},
  ): Promise<void> => {
    await this.guard()
    try {
      await this.pending
      await this.syncing
      await this.syncWhile(commitOptions.whileSyncing)
      await this.handle.close()
      if (this.signal?.aborted) throw cancelled()
      const check = verify ?? this.options.verify
      if (check) await check(this.tempPath)
      if (this.signal?.aborted) throw cancelled()
      await rename(this.tempPath, this.target)
      this.state = 'committed'
    } catch (error) {
      // Close may already have happened; discard tolerates that and removes the temp file.
      await this.discard()
      throw toDiskError(error, this.target)
    } finally {
      this.signal?.removeEventListener('abort', this.onAbort)
    }
    await fsyncDirBestEffort(dirname(this.target))
  }

  abort = async (): Promise<void> => {
    this.signal?.removeEventListener('abort', this.onAbort)
    await this.discard()
  }

  private readonly onAbort = (): void => {
    void this.discard()
  }

  private discard(): Promise<void> {
    if (this.state === 'committed') return Promise.resolve()
    this.state = 'aborted'
    this.discarding ??= (async () => {
      await this.pending.catch(() => undefined)
      await this.syncing.catch(() => undefined)
      await this.handle.close().catch(() => undefined)
      await rm(this.tempPath, { force: true }).catch(() => undefined)
    })()
    return this.discarding
  }

  // Why guard awaits the discard: a caller that sees CANCELLED may look at the folder at once,
  // and must find no temp file there.
  private async guard(): Promise<void> {
    if (this.signal?.aborted) {
      await this.discard()
      throw cancelled()
    }
    if (this.state !== 'open') {
      throw new AppError('INTERNAL', 'Internal error: this file was already closed.')
    }
  }

  // Writes are chained so callers that do not await each write still get ordered bytes.
  private async enqueue(work: () => Promise<void>): Promise<void> {
    await this.guard()
    const run = this.pending.then(work)
    this.pending = run.catch(() => undefined)
    try {
      await run
    } catch (error) {
      await this.discard()
      // A write queued in the same tick as an abort meets a closed handle: that is the cancel.
      if (this.signal?.aborted) throw cancelled()
      throw toDiskError(error, this.target)
    }
  }

  private async writeFully(chunk: Uint8Array, position: number): Promise<void> {
    let offset = 0
    while (offset < chunk.byteLength) {
      const length = chunk.byteLength - offset
      const { bytesWritten } = await this.handle.write(chunk, offset, length, position + offset)
      offset += bytesWritten
    }
  }

  /** The final fsync, with the caller's `whileSyncing` work run while it is in flight. */
  private async syncWhile(whileSyncing: (() => void) | undefined): Promise<void> {
    const synced = this.handle.sync()
    let failedWhileSyncing: { error: unknown } | null = null
    try {
      whileSyncing?.()
    } catch (error) {
      failedWhileSyncing = { error }
    }
    await synced
    if (failedWhileSyncing === null) return
    // The caller's own work failed, not the disk: say so, never "could not save".
    const { error } = failedWhileSyncing
    throw error instanceof AppError
      ? error
      : new AppError('INTERNAL', `Internal error while finishing ${basename(this.target)}.`, {
          cause: error,
        })
  }
}

/**
 * Opens a temporary file beside `target` for a streamed write (downloads, streamed audio, outputs).
 * Nothing appears under `target` until `commit()` succeeds; a failure or abort removes the temp file.
 */
export async function createAtomicFile(
  target: string,
  options: AtomicWriteOptions = {},
): Promise<AtomicFile> {
  if (options.signal?.aborted) throw cancelled()
  const tempPath = tempPathFor(target)
  const { handle, size } = await openTempFile(target, tempPath, options)
  const file = new TempFile(target, tempPath, handle, size, options)
  if (options.signal?.aborted) {
    // Aborted while the file was being opened: the event has fired already, before the listener.
    await file.abort()
    throw cancelled()
  }
  return file
}

/**
 * Writes a whole file atomically: temp file beside the target, write, fsync, verify, rename, fsync
 * the folder. On any failure the temp file is removed and the target is left exactly as it was.
 */
export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const file = await createAtomicFile(target, options)
  try {
    await file.write(typeof data === 'string' ? Buffer.from(data, 'utf8') : data)
    await file.commit()
  } catch (error) {
    await file.abort()
    throw error
  }
}
