import { spawn } from 'node:child_process'
import { once } from 'node:events'
import {
  link,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppError } from '../../../../shared/errors'
import { useTempDirs } from '../../../testing/temp-dir'
import type { LockFiles, LockHost, LockRecord } from './render-lock'
import { appErrorOf } from '../../../testing/app-error'
import {
  acquireRenderLock,
  linuxProcessStart,
  lockPathFor,
  removeStaleLock,
  systemLockHost,
} from './render-lock'

const tempDir = useTempDirs('vd-lock-')

/** This machine, with the clock fixed at 10:42 local time on 24 November 2026. */
const real1042: LockHost = { ...systemLockHost, now: () => new Date(2026, 10, 24, 10, 42, 5) }
/** The same, with a process start time on every platform (macOS and Windows have none). */
const at1042: LockHost = { ...real1042, processStart: () => Promise.resolve('4242') }

/** The pid of a process that has exited (its pid is free: no process has it now). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await once(child, 'exit')
  return child.pid!
}

const book = { kind: 'window', project: 'My book' } as const

describe('the render lock', () => {
  it('refuses a link at a lock’s name instead of following it, and leaves both files as they were', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    const elsewhere = join(dir, 'notes.txt')
    await writeFile(elsewhere, 'the user’s notes')
    await symlink(elsewhere, lockPathFor(output))
    const refused = await appErrorOf(acquireRenderLock([output], book, real1042))
    expect(refused.code).toBe('DISK')
    expect(refused.message).toContain(
      `not a VoiceDesk lock file (a pipe, device, folder or link) is in the way at ${lockPathFor(output)}`,
    )
    expect(await readlink(lockPathFor(output))).toBe(elsewhere)
    expect(await readFile(elsewhere, 'utf8')).toBe('the user’s notes')
  })

  it('writes who holds it beside the output and removes it on release', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    const lock = await acquireRenderLock([output], book, real1042)
    const record = JSON.parse(await readFile(lockPathFor(output), 'utf8')) as Record<
      string,
      unknown
    >
    expect(record).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
      holder: 'window',
      project: 'My book',
      startedAt: new Date(2026, 10, 24, 10, 42, 5).toISOString(),
    })
    if (process.platform === 'linux') expect(record.processStart).toMatch(/^\d+$/)
    await lock.release()
    await lock.release()
    expect(await readdir(dir)).toEqual([])
  })

  it('refuses a second render while the first runs, naming it', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    const first = await acquireRenderLock([output], book, at1042)
    const error = await appErrorOf(
      acquireRenderLock([output], { kind: 'cli', project: '' }, at1042),
    )
    expect(error.code).toBe('CONFLICT')
    expect(error.message).toBe(
      'book.wav is being rendered by VoiceDesk (window, "My book", started 10:42) — wait for it or cancel it there.',
    )
    expect(error.details?.renderInProgress).toBe(true)
    // The refused render leaves the first one's lock alone; after release the output is free.
    expect(JSON.parse(await readFile(lockPathFor(output), 'utf8'))).toMatchObject({
      pid: process.pid,
    })
    await first.release()
    await (await acquireRenderLock([output], { kind: 'cli', project: '' }, at1042)).release()
  })

  it('takes over the lock of a render whose process is gone', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    const gone = await deadPid()
    const crashed = await acquireRenderLock([output], book, { ...at1042, pid: gone })
    const lock = await acquireRenderLock([output], { kind: 'cli', project: 'Again' }, at1042)
    expect(JSON.parse(await readFile(lockPathFor(output), 'utf8'))).toMatchObject({
      pid: process.pid,
      project: 'Again',
    })
    // The crashed render's release (were it ever to run) cannot remove the new lock.
    await crashed.release()
    expect(await readdir(dir)).toEqual(['book.wav.voicedesk-lock'])
    await lock.release()
  })

  it('takes over a lock whose pid now belongs to a process started at another time', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    await acquireRenderLock([output], book, { ...at1042, processStart: () => Promise.resolve('7') })
    const checker = { ...at1042, processStart: () => Promise.resolve('8') }
    await (await acquireRenderLock([output], book, checker)).release()
    // The same start time: the same process, still rendering.
    await acquireRenderLock([output], book, checker)
    expect((await appErrorOf(acquireRenderLock([output], book, checker))).code).toBe('CONFLICT')
  })

  it('respects a lock written on another host, whatever its pid, and says what to do', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    await acquireRenderLock([output], book, {
      ...at1042,
      hostname: 'studio-mac',
      pid: await deadPid(),
    })
    const error = await appErrorOf(acquireRenderLock([output], book, at1042))
    expect(error.message).toBe(
      `book.wav is being rendered by VoiceDesk on studio-mac (window, "My book", started 10:42) — wait for it or cancel it there. If no render is running there, delete ${lockPathFor(output)}.`,
    )
  })

  it('says which file to delete where a reused pid cannot be detected (no process start time)', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    const noProc = { ...at1042, processStart: () => Promise.resolve(null) }
    await acquireRenderLock([output], book, noProc)
    const error = await appErrorOf(acquireRenderLock([output], book, noProc))
    expect(error.message).toBe(
      `book.wav is being rendered by VoiceDesk (window, "My book", started 10:42) — wait for it or cancel it there. If no render is running now, delete ${lockPathFor(output)}.`,
    )
  })

  it('takes over an unreadable lock (left by a power loss)', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    await writeFile(lockPathFor(output), '')
    await (await acquireRenderLock([output], book, at1042)).release()
    expect(await readdir(dir)).toEqual([])
  })

  it('lets exactly one of two renders take a stale lock at the same moment', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    await acquireRenderLock([output], book, { ...at1042, pid: await deadPid() })
    const outcomes = await Promise.allSettled([
      acquireRenderLock([output], { kind: 'window', project: 'A' }, at1042),
      acquireRenderLock([output], { kind: 'cli', project: 'B' }, at1042),
    ])
    const won = outcomes.filter((o) => o.status === 'fulfilled')
    expect(won).toHaveLength(1)
    const lost = outcomes.find((o) => o.status === 'rejected')
    expect((lost?.reason as AppError).code).toBe('CONFLICT')
    expect((await readdir(dir)).sort()).toEqual(['book.wav.voicedesk-lock'])
  })

  it('removes a stale lock only if it was not replaced since it was judged stale', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    await acquireRenderLock([output], book, { ...at1042, pid: await deadPid() })
    const judged = JSON.parse(await readFile(lockPathFor(output), 'utf8')) as LockRecord
    // Meanwhile another render removed the stale lock and took its own.
    await rm(lockPathFor(output))
    await acquireRenderLock([output], { kind: 'cli', project: 'Fresh' }, at1042)
    const fresh = await readFile(lockPathFor(output), 'utf8')
    await removeStaleLock(lockPathFor(output), judged)
    expect(await readFile(lockPathFor(output), 'utf8')).toBe(fresh)
    expect(await readdir(dir)).toEqual(['book.wav.voicedesk-lock'])
    await removeStaleLock(lockPathFor(output), JSON.parse(fresh) as LockRecord)
    expect(await readdir(dir)).toEqual([])
  })

  it('keeps a live lock it moved aside by mistake when a third render took the name meanwhile', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    const path = lockPathFor(output)
    await acquireRenderLock([output], book, { ...at1042, pid: await deadPid() })
    const judged = JSON.parse(await readFile(path, 'utf8')) as LockRecord
    // Render X already replaced the stale lock with its own, live one.
    await rm(path)
    await acquireRenderLock([output], { kind: 'window', project: 'X' }, at1042)
    const lockOfX = await readFile(path, 'utf8')
    let lockOfY = ''
    const files: LockFiles = {
      rename,
      // Between moving X's lock aside and putting it back, render Y finds no lock and takes it.
      async link(existing, newPath) {
        await acquireRenderLock([output], { kind: 'cli', project: 'Y' }, at1042)
        lockOfY = await readFile(path, 'utf8')
        await link(existing, newPath)
      },
    }
    const outcome = await removeStaleLock(path, judged, files)
    expect(outcome.kind).toBe('stranded')
    // X's lock is not deleted: it is kept aside, whole; Y's lock holds the name.
    const aside = outcome.kind === 'stranded' ? outcome.aside : ''
    expect(await readFile(aside, 'utf8')).toBe(lockOfX)
    expect(await readFile(path, 'utf8')).toBe(lockOfY)
    expect(lockOfY).not.toBe(lockOfX)
  })

  it("refuses with CONFLICT when it stranded another render's lock while taking over a stale one", async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    const path = lockPathFor(output)
    await acquireRenderLock([output], book, { ...at1042, pid: await deadPid() })
    let step = 0
    const files: LockFiles = {
      // Just before this render moves the stale lock aside, render X replaces it with its own.
      async rename(from, to) {
        if (step++ === 0) {
          await rm(path)
          await acquireRenderLock([output], { kind: 'window', project: 'X' }, at1042)
        }
        await rename(from, to)
      },
      // And before X's lock is put back, render Y takes the free name.
      async link(existing, newPath) {
        await acquireRenderLock([output], { kind: 'cli', project: 'Y' }, at1042)
        await link(existing, newPath)
      },
    }
    const error = await appErrorOf(
      acquireRenderLock([output], { kind: 'window', project: 'Z' }, { ...at1042, files }),
    )
    expect(error.code).toBe('CONFLICT')
    expect(error.details).toEqual({ renderInProgress: true })
    expect(error.message).toMatch(
      /^Several renders of book\.wav started at the same moment, and VoiceDesk could not tell which one holds it\. Wait for them to finish or cancel them, then try again\. \(A lock file was kept as \.book\.wav\.voicedesk-lock\.[0-9a-f]{12}\.partial; delete it once no render of book\.wav runs\.\)$/,
    )
    const names = await readdir(dir)
    expect(names).toHaveLength(2)
    const holders = await Promise.all(
      names.map(
        async (n) => (JSON.parse(await readFile(join(dir, n), 'utf8')) as LockRecord).project,
      ),
    )
    expect(holders.sort()).toEqual(['X', 'Y'])
  })

  it('locks every output of a render or none of them', async () => {
    const dir = await tempDir()
    const [audio, subtitles] = [join(dir, 'book.wav'), join(dir, 'book.srt')]
    const other = await acquireRenderLock([join(dir, 'book.mp3'), subtitles], book, at1042)
    const error = await appErrorOf(acquireRenderLock([audio, subtitles], book, at1042))
    expect(error.message).toMatch(/^book\.srt is being rendered by VoiceDesk/)
    expect((await readdir(dir)).sort()).toEqual([
      'book.mp3.voicedesk-lock',
      'book.srt.voicedesk-lock',
    ])
    await other.release()
  })

  it('removes temporary files a crashed render left beside the lock, not fresh ones', async () => {
    const dir = await tempDir()
    const output = join(dir, 'book.wav')
    const [old, fresh] = [
      '.book.wav.voicedesk-lock.0123456789ab.partial',
      '.book.wav.voicedesk-lock.ba9876543210.partial',
    ]
    await writeFile(join(dir, old), '{')
    await writeFile(join(dir, fresh), '{')
    const twoMinutesAgo = new Date(Date.now() - 120_000)
    await utimes(join(dir, old), twoMinutesAgo, twoMinutesAgo)
    const lock = await acquireRenderLock([output], book, at1042)
    expect((await readdir(dir)).sort()).toEqual([fresh, 'book.wav.voicedesk-lock'])
    await lock.release()
  })

  it('names a missing folder like any other write there', async () => {
    const dir = await tempDir()
    const error = await appErrorOf(acquireRenderLock([join(dir, 'nope', 'book.wav')], book, at1042))
    expect(error.code).toBe('DISK')
    expect(error.message).toBe(
      `The folder ${join(dir, 'nope')} does not exist. Choose an existing folder and try again.`,
    )
  })

  it.runIf(process.platform === 'linux')('reads a process start time that stays put', async () => {
    const mine = await linuxProcessStart(process.pid)
    expect(mine).toMatch(/^\d+$/)
    expect(await linuxProcessStart(process.pid)).toBe(mine)
    expect(await linuxProcessStart(await deadPid())).toBeNull()
  })
})
