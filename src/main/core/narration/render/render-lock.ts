import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { link, open, readFile, rename, rm } from 'node:fs/promises'
import { hostname } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { z } from 'zod'
import { AppError } from '../../../../shared/errors'
import { toDiskError } from '../../files/atomic-write'
import { removeLeftoverPartials } from '../fetch/cache-files'

/** Who runs a render: the app's window or the command line. */
export type RenderHolderKind = 'window' | 'cli'

/** What a lock says about the render that holds it (shown to the render that is refused). */
export interface RenderHolder {
  kind: RenderHolderKind
  /** The project's title ('' when it has none). */
  project: string
}

/** The locks a render holds on its outputs until {@link RenderLock.release}. */
export interface RenderLock {
  /** Removes this render's lock files (never another render's); safe to call more than once. */
  release(): Promise<void>
}

/** What the lock code needs from the machine; tests replace parts of it. */
export interface LockHost {
  pid: number
  hostname: string
  now(): Date
  /** false only when no process has this pid here (ESRCH). */
  isAlive(pid: number): boolean
  /** When the process started, as the OS counts it; null where that cannot be read cheaply. */
  processStart(pid: number): Promise<string | null>
  /** The file steps of taking over a stale lock; tests interleave other renders between them. */
  files?: LockFiles
}

/** The two file steps {@link removeStaleLock} races other renders on. */
export interface LockFiles {
  rename(from: string, to: string): Promise<void>
  link(existing: string, newPath: string): Promise<void>
}

const nodeLockFiles: LockFiles = { rename, link }

const lockSchema = z.object({
  format: z.literal('voicedesk-render-lock'),
  version: z.literal(1),
  token: z.string(),
  pid: z.number().int().positive(),
  processStart: z.string().nullable(),
  hostname: z.string(),
  startedAt: z.string(),
  holder: z.enum(['window', 'cli']),
  project: z.string(),
})
/** The content of a lock file. */
export type LockRecord = z.infer<typeof lockSchema>

/** The lock file of an output (file or folder): beside it, `NAME.voicedesk-lock`. */
export function lockPathFor(output: string): string {
  return `${output}.voicedesk-lock`
}

/** A temporary name beside a lock file, in the engine's `.NAME.<12 hex>.partial` form. */
function asideOf(lockPath: string): string {
  return join(dirname(lockPath), `.${basename(lockPath)}.${randomBytes(6).toString('hex')}.partial`)
}

/**
 * How old a lock's temporary file must be to count as left by a crash. Why an age: another
 * render may be between writing its temporary file and linking it as the lock.
 */
const LEFTOVER_AGE_MS = 60_000

/**
 * Start time of a process on Linux: field 22 of /proc/PID/stat (clock ticks since boot). Why:
 * pids are reused, so a live pid alone does not prove the holder is still the render that wrote
 * the lock. Elsewhere (macOS, Windows) null: there a reused pid keeps a dead render's lock
 * respected, and the refusal names the lock file to delete.
 */
export async function linuxProcessStart(pid: number): Promise<string | null> {
  if (process.platform !== 'linux') return null
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}

function errnoOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined
}

/** The real machine: this process, this host, signal 0 for liveness. */
export const systemLockHost: LockHost = {
  pid: process.pid,
  hostname: hostname(),
  now: () => new Date(),
  isAlive(pid) {
    try {
      process.kill(pid, 0)
      return true
    } catch (error) {
      // EPERM: the process exists but belongs to another user. Only ESRCH means it is gone.
      return errnoOf(error) !== 'ESRCH'
    }
  },
  processStart: linuxProcessStart,
}

/**
 * Whether a lock was left by a render that no longer runs: written on this host by a pid that
 * is gone (or reused by a process that started at another time). A lock from another host is
 * always respected: its pid means nothing here.
 */
export async function isStaleLock(record: LockRecord, host: LockHost): Promise<boolean> {
  if (record.hostname !== host.hostname) return false
  if (!host.isAlive(record.pid)) return true
  if (record.processStart === null) return false
  const now = await host.processStart(record.pid)
  return now !== null && now !== record.processStart
}

function clockTime(startedAt: string, now: Date): string {
  const at = new Date(startedAt)
  if (Number.isNaN(at.getTime())) return 'start time unknown'
  const pad = (n: number): string => String(n).padStart(2, '0')
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`
  const sameDay = at.toDateString() === now.toDateString()
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
  return sameDay ? `started ${time}` : `started ${day} ${time}`
}

/** The refusal a second render gets: which output, held by which render, what to do. */
function heldBy(output: string, record: LockRecord, host: LockHost): AppError {
  const where = record.hostname === host.hostname ? 'VoiceDesk' : `VoiceDesk on ${record.hostname}`
  const facts = [
    record.holder === 'window' ? 'window' : 'command line',
    ...(record.project.trim() ? [`"${record.project.trim()}"`] : []),
    clockTime(record.startedAt, host.now()),
  ].join(', ')
  // Where a dead render's lock cannot be told from a live one (another host; no process start
  // time to catch a reused pid), the user is the one who can: say which file to delete.
  const unsure = record.hostname !== host.hostname || record.processStart === null
  const stale = unsure
    ? ` If no render is running ${record.hostname === host.hostname ? 'now' : 'there'}, delete ${lockPathFor(output)}.`
    : ''
  return new AppError(
    'CONFLICT',
    `${basename(output)} is being rendered by ${where} (${facts}) — wait for it or cancel it there.${stale}`,
    { retryable: true, details: { renderInProgress: true } },
  )
}

interface FoundLock {
  record: LockRecord | null
}

/**
 * Something at a lock's name that is not a file VoiceDesk could have written: a pipe, a device,
 * a folder or a link. Refused, never read or removed: it is not ours.
 */
function notALockFile(path: string): AppError {
  return new AppError(
    'DISK',
    `Something that is not a VoiceDesk lock file (a pipe, device, folder or link) is in the way at ${path}, so the render did not start. Remove it, or render under another name.`,
  )
}

/**
 * Opens a lock file for reading. Why not-following and non-blocking: a named pipe at the lock's
 * name would make a plain open wait for a writer for ever (the render would never start), and a
 * link could point the read anywhere; anything but a regular file is refused after the open.
 */
async function openLockFile(path: string): Promise<FileHandle | 'gone'> {
  let handle: FileHandle
  try {
    handle = await open(
      path,
      constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0),
    )
  } catch (error) {
    const code = errnoOf(error)
    if (code === 'ENOENT') return 'gone'
    if (code === 'ELOOP' || code === 'ENXIO' || code === 'EISDIR') throw notALockFile(path)
    throw error
  }
  const info = await handle.stat().catch(async (error: unknown) => {
    await handle.close()
    throw error
  })
  if (info.isFile()) return handle
  await handle.close()
  throw notALockFile(path)
}

async function readLock(path: string): Promise<FoundLock | 'gone'> {
  const handle = await openLockFile(path)
  if (handle === 'gone') return 'gone'
  try {
    const text = await handle.readFile('utf8')
    let parsed: unknown = null
    try {
      parsed = JSON.parse(text)
    } catch {
      // An unreadable lock: see createLock for why it cannot be one being written.
    }
    const checked = lockSchema.safeParse(parsed)
    return { record: checked.success ? checked.data : null }
  } finally {
    await handle.close()
  }
}

const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'])

/**
 * Creates the lock file whole or not at all; false when one exists. Why write aside and link:
 * link(2) fails with EEXIST like O_EXCL, and the file appears with its content complete, so a
 * reader never sees a half-written lock (an unreadable one is from a crash or power loss and is
 * taken over). Where the file system has no hard links (FAT, some shares) it falls back to
 * O_EXCL ('wx') and writes after: there a reader in the same instant could take it for stale.
 */
async function createLock(path: string, body: string): Promise<boolean> {
  const aside = asideOf(path)
  try {
    const handle = await open(aside, 'wx', 0o644)
    try {
      await handle.writeFile(body)
      // Why fsync: after a power loss the lock must hold its pid, not zeros.
      await handle.sync()
    } finally {
      await handle.close()
    }
    await link(aside, path)
    return true
  } catch (error) {
    const code = errnoOf(error)
    if (code === 'EEXIST') return false
    if (code === undefined || !NO_HARD_LINKS.has(code)) throw error
  } finally {
    await rm(aside, { force: true }).catch(() => undefined)
  }
  let handle
  try {
    handle = await open(path, 'wx', 0o644)
  } catch (error) {
    if (errnoOf(error) === 'EEXIST') return false
    throw error
  }
  try {
    await handle.writeFile(body)
  } finally {
    await handle.close()
  }
  return true
}

/** How removing a stale lock ended: removed, left alone, or another render's lock stranded aside. */
export type StaleLockOutcome =
  | { kind: 'removed' }
  | { kind: 'untouched' }
  | { kind: 'stranded'; aside: string; record: LockRecord | null }

/**
 * Removes a stale lock only if it is still the lock that was judged stale (same token; or, for
 * an unreadable one, still unreadable). Why the move aside and the check: two renders can find
 * the same stale lock at once; the one that removes it second would otherwise delete the lock the
 * first has just taken. A lock moved aside by mistake is put back at once. Not the inode: a file
 * created right after a removal often gets the freed inode number. If it cannot be put back (a
 * third render took the name meanwhile), the moved file is kept, never deleted: it is a live
 * render's lock, and the caller refuses ('stranded').
 */
export async function removeStaleLock(
  path: string,
  judged: LockRecord | null,
  files: LockFiles = nodeLockFiles,
): Promise<StaleLockOutcome> {
  const aside = asideOf(path)
  try {
    await files.rename(path, aside)
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return { kind: 'untouched' }
    throw error
  }
  const moved = await readLock(aside).catch(() => 'gone' as const)
  if (moved === 'gone') return { kind: 'untouched' }
  if ((moved.record?.token ?? null) === (judged?.token ?? null)) {
    await rm(aside, { force: true })
    return { kind: 'removed' }
  }
  try {
    await files.link(aside, path)
  } catch {
    return { kind: 'stranded', aside, record: moved.record }
  }
  await rm(aside, { force: true })
  return { kind: 'untouched' }
}

/** The refusal when a live lock was moved aside and another render took the name meanwhile. */
function strandedLock(output: string, aside: string): AppError {
  return new AppError(
    'CONFLICT',
    `Several renders of ${basename(output)} started at the same moment, and VoiceDesk could not tell which one holds it. Wait for them to finish or cancel them, then try again. (A lock file was kept as ${basename(aside)}; delete it once no render of ${basename(output)} runs.)`,
    { retryable: true, details: { renderInProgress: true } },
  )
}

async function lockOne(output: string, body: string, host: LockHost): Promise<void> {
  const path = lockPathFor(output)
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await createLock(path, body)) {
      const name = basename(path)
      await removeLeftoverPartials(dirname(path), (n) => n === name, LEFTOVER_AGE_MS)
      return
    }
    const found = await readLock(path)
    if (found === 'gone') continue
    const { record } = found
    // Unreadable: from a crash or a power loss (see createLock), so taken over like a stale one.
    if (record !== null && !(await isStaleLock(record, host))) throw heldBy(output, record, host)
    const outcome = await removeStaleLock(path, record, host.files)
    if (outcome.kind === 'stranded') throw strandedLock(output, outcome.aside)
  }
  throw new AppError(
    'CONFLICT',
    `Another render of ${basename(output)} is starting at this moment. Wait for it or cancel it, then try again.`,
    { retryable: true, details: { renderInProgress: true } },
  )
}

async function releaseOne(output: string, token: string): Promise<void> {
  const path = lockPathFor(output)
  const found = await readLock(path).catch(() => 'gone' as const)
  if (found !== 'gone' && found.record?.token === token) await rm(path, { force: true })
}

/**
 * Takes an exclusive lock on each output of one render (the file, its subtitles, its per-block
 * or per-chapter folder), all or none: a lock file beside each holds pid, process start time,
 * host, start time, window or command line, and the project. A stale lock (its process gone) is
 * taken over; a live one refuses with CONFLICT naming the render that holds it.
 */
export async function acquireRenderLock(
  outputs: readonly string[],
  holder: RenderHolder,
  host: LockHost = systemLockHost,
): Promise<RenderLock> {
  const token = randomBytes(16).toString('hex')
  const record: LockRecord = {
    format: 'voicedesk-render-lock',
    version: 1,
    token,
    pid: host.pid,
    processStart: await host.processStart(host.pid),
    hostname: host.hostname,
    startedAt: host.now().toISOString(),
    holder: holder.kind,
    project: holder.project,
  }
  const body = `${JSON.stringify(record, null, 2)}\n`
  const taken: string[] = []
  let released: Promise<void> | null = null
  const release = (): Promise<void> =>
    (released ??= (async () => {
      for (const output of [...taken].reverse()) {
        // Best effort: a lock left behind names this process, so it is taken over once it ends.
        await releaseOne(output, token).catch(() => undefined)
      }
    })())
  try {
    for (const output of outputs) {
      await lockOne(output, body, host)
      taken.push(output)
    }
  } catch (error) {
    await release()
    throw toDiskError(error, lockPathFor(outputs[taken.length] ?? outputs[0] ?? ''))
  }
  return { release }
}
