import { existsSync } from 'node:fs'
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../shared/errors'
import type { AtomicFile } from './atomic-write'
import { createAtomicFile, toDiskError, writeFileAtomic } from './atomic-write'
import { useTempDirs } from '../../testing/temp-dir'

const tempDir = useTempDirs('vd-atomic-')

let dir: string
beforeEach(async () => {
  dir = await tempDir()
})

const listing = () => readdir(dir)

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated`), { code })
}

describe('writeFileAtomic', () => {
  it('writes a new file with exactly the given bytes and leaves no temp file', async () => {
    const target = join(dir, 'out.wav')
    await writeFileAtomic(target, new Uint8Array([1, 2, 3, 4]))
    expect([...(await readFile(target))]).toEqual([1, 2, 3, 4])
    expect(await listing()).toEqual(['out.wav'])
  })

  it('replaces an existing file and applies the mode', async () => {
    const target = join(dir, 'notes.txt')
    await writeFile(target, 'old')
    await writeFileAtomic(target, 'new text', { mode: 0o600 })
    expect(await readFile(target, 'utf8')).toBe('new text')
    expect((await stat(target)).mode & 0o777).toBe(0o600)
  })

  it('runs verify on the complete temp file before the rename', async () => {
    const target = join(dir, 'a.bin')
    let seen: { path: string; bytes: number[] } | undefined
    await writeFileAtomic(target, new Uint8Array([9, 8, 7]), {
      verify: async (tempPath) => {
        seen = { path: tempPath, bytes: [...(await readFile(tempPath))] }
      },
    })
    expect(seen?.bytes).toEqual([9, 8, 7])
    expect(seen?.path).toMatch(/\/\.a\.bin\.[0-9a-f]{12}\.partial$/)
  })

  it('leaves the target untouched and removes the temp file when verify refuses', async () => {
    const target = join(dir, 'keep.mp3')
    await writeFile(target, 'original')
    const refusal = new AppError('STREAM_TRUNCATED', 'cut short')
    await expect(
      writeFileAtomic(target, 'half', {
        verify: () => Promise.reject(refusal),
      }),
    ).rejects.toBe(refusal)
    expect(await readFile(target, 'utf8')).toBe('original')
    expect(await listing()).toEqual(['keep.mp3'])
  })

  it('refuses to start when already cancelled and creates nothing', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      writeFileAtomic(join(dir, 'x'), 'data', { signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(await listing()).toEqual([])
  })

  it('reports a missing folder as DISK with the folder named', async () => {
    const target = join(dir, 'missing', 'out.wav')
    await expect(writeFileAtomic(target, 'x')).rejects.toMatchObject({
      code: 'DISK',
      message: expect.stringContaining(join(dir, 'missing')),
    })
  })

  it('reports a target that is a folder as DISK and leaves it intact', async () => {
    const target = join(dir, 'folder')
    await writeFile(join(dir, 'sibling'), 's')
    const { mkdir } = await import('node:fs/promises')
    await mkdir(target)
    await expect(writeFileAtomic(target, 'x')).rejects.toMatchObject({ code: 'DISK' })
    expect((await stat(target)).isDirectory()).toBe(true)
    expect((await listing()).sort()).toEqual(['folder', 'sibling'])
  })
})

describe('createAtomicFile', () => {
  it('streams chunks, hides them until commit, then renames', async () => {
    const target = join(dir, 'stream.ogg')
    const file = await createAtomicFile(target)
    await file.write(new Uint8Array([1, 2]))
    await file.write(new Uint8Array([3]))
    expect(await listing()).not.toContain('stream.ogg')
    expect(file.bytesWritten).toBe(3)
    await file.commit()
    expect([...(await readFile(target))]).toEqual([1, 2, 3])
    expect(await listing()).toEqual(['stream.ogg'])
  })

  it('keeps chunk order when writes are not awaited one by one', async () => {
    const target = join(dir, 'order.bin')
    const file = await createAtomicFile(target)
    const chunks = Array.from({ length: 50 }, (_, i) => new Uint8Array(1000).fill(i))
    await Promise.all(chunks.map((c) => file.write(c)))
    await file.commit()
    const bytes = await readFile(target)
    expect(bytes.length).toBe(50_000)
    for (let i = 0; i < 50; i++) expect(bytes[i * 1000]).toBe(i)
  })

  it('abort removes the temp file and keeps the existing target', async () => {
    const target = join(dir, 'sample.wav')
    await writeFile(target, 'previous')
    const file = await createAtomicFile(target)
    await file.write(new Uint8Array(100))
    await file.abort()
    await file.abort()
    expect(await readFile(target, 'utf8')).toBe('previous')
    expect(await listing()).toEqual(['sample.wav'])
  })

  it('an abort signal during a streamed write discards the temp file', async () => {
    const controller = new AbortController()
    const target = join(dir, 'dl.mp3')
    const file = await createAtomicFile(target, { signal: controller.signal })
    await file.write(new Uint8Array(10))
    controller.abort()
    await expect(file.write(new Uint8Array(10))).rejects.toMatchObject({ code: 'CANCELLED' })
    await expect(file.commit()).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(await listing()).toEqual([])
  })

  // Why: a cancel that lands while the temp file is being opened fires before the file's own
  // listener exists. Before, the file was handed back live and stayed behind (a CLI Ctrl-C left
  // `.x.mp3.<hex>.partial` in the folder).
  it('an abort while the temp file is being opened creates nothing and rejects with CANCELLED', async () => {
    const controller = new AbortController()
    const opening = createAtomicFile(join(dir, 'late.mp3'), { signal: controller.signal })
    controller.abort()
    await expect(opening).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(await listing()).toEqual([])
  })

  it('commit with a failing verify leaves nothing behind', async () => {
    const target = join(dir, 'v.bin')
    const file = await createAtomicFile(target)
    await file.write(new Uint8Array(4))
    await expect(file.commit(() => Promise.reject(new Error('bad audio')))).rejects.toMatchObject({
      code: 'DISK',
    })
    expect(await listing()).toEqual([])
  })
})

/** Holds the file's first write until released, so that later writes queue up behind it. */
function holdWrites(file: AtomicFile): { started: Promise<void>; release: () => void } {
  const write = file.handle.write.bind(file.handle) as (...args: unknown[]) => Promise<unknown>
  let release = (): void => undefined
  const gate = new Promise<void>((resolve) => (release = resolve))
  let started = (): void => undefined
  const startedPromise = new Promise<void>((resolve) => (started = resolve))
  vi.spyOn(file.handle, 'write').mockImplementation((async (...args: unknown[]) => {
    started()
    await gate
    return write(...args)
  }) as never)
  return { started: startedPromise, release }
}

describe('createAtomicFile: positional writes, background sync, work during the fsync', () => {
  it('orders a positional write after an append that was not awaited', async () => {
    const target = join(dir, 'patched.wav')
    const file = await createAtomicFile(target)
    const appends = Array.from({ length: 20 }, () => file.write(new Uint8Array(1000).fill(1)))
    const patch = file.writeAt(new Uint8Array([7, 7, 7, 7]), 0)
    const tail = file.writeAt(new Uint8Array([9, 9]), 19_998)
    await Promise.all([...appends, patch, tail])
    expect(file.bytesWritten).toBe(20_000)
    await file.commit()
    const bytes = await readFile(target)
    expect(bytes.length).toBe(20_000)
    expect([...bytes.subarray(0, 6)]).toEqual([7, 7, 7, 7, 1, 1])
    expect([...bytes.subarray(19_996)]).toEqual([1, 1, 9, 9])
  })

  it('writes into the open handle reach the committed file', async () => {
    const target = join(dir, 'copied.bin')
    const file = await createAtomicFile(target)
    await file.write(new Uint8Array(4))
    await file.handle.write(new Uint8Array([5, 6]), 0, 2, 1)
    await file.commit()
    expect([...(await readFile(target))]).toEqual([0, 5, 6, 0])
  })

  it('datasyncs in the background past the threshold, and commit waits for it', async () => {
    const target = join(dir, 'long.pcm')
    const file = await createAtomicFile(target, { backgroundSyncBytes: 10 })
    const events: string[] = []
    const datasync = file.handle.datasync.bind(file.handle)
    const sync = file.handle.sync.bind(file.handle)
    const datasyncs = vi.spyOn(file.handle, 'datasync').mockImplementation(async () => {
      await delay(50)
      await datasync()
      events.push('datasync done')
    })
    vi.spyOn(file.handle, 'sync').mockImplementation(() => {
      events.push('sync')
      return sync()
    })
    for (let i = 0; i < 3; i++) await file.write(new Uint8Array(4).fill(i + 1))
    // The writer is not held up by the flush.
    expect(datasyncs).toHaveBeenCalledTimes(1)
    expect(events).toEqual([])
    await file.write(new Uint8Array(4).fill(4))
    await file.writeAt(new Uint8Array(20), 16)
    expect(datasyncs).toHaveBeenCalledTimes(1)
    await file.commit()
    expect(events).toEqual(['datasync done', 'sync'])
    const bytes = await readFile(target)
    expect([...bytes.subarray(0, 16)]).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4])
    expect(bytes.length).toBe(36)
  })

  it('a background sync asked for is only a head start: commit waits for it, and its failure is left to the final fsync', async () => {
    const target = join(dir, 'head-start.bin')
    const file = await createAtomicFile(target)
    await file.write(new Uint8Array([1, 2, 3]))
    const events: string[] = []
    vi.spyOn(file.handle, 'datasync').mockImplementation(async () => {
      await delay(20)
      events.push('datasync failed')
      throw new Error('EIO')
    })
    const sync = file.handle.sync.bind(file.handle)
    vi.spyOn(file.handle, 'sync').mockImplementation(async () => {
      events.push('sync')
      await sync()
    })
    file.syncInBackground()
    await file.commit()
    expect(events).toEqual(['datasync failed', 'sync'])
    expect([...(await readFile(target))]).toEqual([1, 2, 3])
  })

  it('does not datasync in the background without the option', async () => {
    const file = await createAtomicFile(join(dir, 'plain.bin'))
    const datasyncs = vi.spyOn(file.handle, 'datasync')
    for (let i = 0; i < 10; i++) await file.write(new Uint8Array(100_000))
    await file.commit()
    expect(datasyncs).not.toHaveBeenCalled()
  })

  it('runs whileSyncing during the fsync, before the verify, the rename and the resolve', async () => {
    const target = join(dir, 'book.mp3')
    const file = await createAtomicFile(target)
    const events: string[] = []
    const sync = file.handle.sync.bind(file.handle)
    vi.spyOn(file.handle, 'sync').mockImplementation(async () => {
      events.push('sync started')
      await sync()
      events.push('sync done')
    })
    await file.write(new Uint8Array([1, 2, 3]))
    let targetThen: boolean | undefined
    let tempThen: boolean | undefined
    await file.commit(
      () => {
        events.push('verify')
        return Promise.resolve()
      },
      {
        whileSyncing: () => {
          events.push('whileSyncing')
          targetThen = existsSync(target)
          tempThen = existsSync(file.tempPath)
        },
      },
    )
    events.push('committed')
    expect(events).toEqual(['sync started', 'whileSyncing', 'sync done', 'verify', 'committed'])
    expect(targetThen).toBe(false)
    expect(tempThen).toBe(true)
    expect([...(await readFile(target))]).toEqual([1, 2, 3])
  })

  it('an abort signal during pending writes removes the temp file before CANCELLED is seen', async () => {
    const controller = new AbortController()
    const target = join(dir, 'big.wav')
    await writeFile(target, 'previous')
    const file = await createAtomicFile(target, {
      signal: controller.signal,
      backgroundSyncBytes: 1024 * 1024,
    })
    const held = holdWrites(file)
    const writes = Array.from({ length: 8 }, () => file.write(new Uint8Array(1024 * 1024)))
    writes.push(file.writeAt(new Uint8Array(44), 0))
    await held.started
    controller.abort()
    const refused = expect(file.write(new Uint8Array(1))).rejects.toMatchObject({
      code: 'CANCELLED',
    })
    held.release()
    await refused
    expect(await listing()).toEqual(['big.wav'])
    await Promise.allSettled(writes)
    await expect(file.commit()).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(await listing()).toEqual(['big.wav'])
    expect(await readFile(target, 'utf8')).toBe('previous')
  })

  it('writes queued in the same tick as an abort are CANCELLED, not a disk error', async () => {
    const target = join(dir, 'same-tick.bin')
    const controller = new AbortController()
    const file = await createAtomicFile(target, { signal: controller.signal })
    const writes = Array.from({ length: 8 }, () => file.write(new Uint8Array(64 * 1024)))
    controller.abort()
    const more = Array.from({ length: 8 }, () => file.writeAt(new Uint8Array(16), 0))
    const outcomes = await Promise.allSettled([...writes, ...more])
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'CANCELLED' })
    }
    expect(outcomes.some((outcome) => outcome.status === 'rejected')).toBe(true)
    expect(await listing()).toEqual([])
  })

  it('abort() during pending writes leaves no temp file', async () => {
    const file = await createAtomicFile(join(dir, 'gone.bin'))
    const held = holdWrites(file)
    const writes = Array.from({ length: 8 }, () => file.write(new Uint8Array(1024 * 1024)))
    await held.started
    const aborted = file.abort()
    held.release()
    await aborted
    expect(await listing()).toEqual([])
    await Promise.allSettled(writes)
    expect(await listing()).toEqual([])
    await expect(file.writeAt(new Uint8Array(1), 0)).rejects.toMatchObject({ code: 'INTERNAL' })
  })

  it('writing after commit is an internal error and leaves the target as committed', async () => {
    const target = join(dir, 'done.bin')
    const file = await createAtomicFile(target)
    await file.write(new Uint8Array([1]))
    await file.commit()
    await expect(file.write(new Uint8Array([2]))).rejects.toMatchObject({ code: 'INTERNAL' })
    await expect(file.writeAt(new Uint8Array([2]), 0)).rejects.toMatchObject({ code: 'INTERNAL' })
    await expect(file.commit()).rejects.toMatchObject({ code: 'INTERNAL' })
    expect([...(await readFile(target))]).toEqual([1])
    expect(await listing()).toEqual(['done.bin'])
  })
})

describe('createAtomicFile: starting from a copy of another file', () => {
  it('starts with the bytes of startFrom, changes and cuts them, and leaves the source alone', async () => {
    const source = join(dir, 'source.bin')
    const original = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251))
    await writeFile(source, original)
    const file = await createAtomicFile(source, { startFrom: source })
    expect(file.bytesWritten).toBe(5000)
    await file.writeAt(new Uint8Array([1, 2, 3]), 10)
    await file.truncate(4000)
    expect(file.bytesWritten).toBe(4000)
    // Until the commit the target is still the source, untouched.
    expect((await readFile(source)).equals(original)).toBe(true)
    await file.commit()
    const expected = Buffer.from(original.subarray(0, 4000))
    expected.set([1, 2, 3], 10)
    expect((await readFile(source)).equals(expected)).toBe(true)
    expect(await listing()).toEqual(['source.bin'])
  })

  it('appends after the copied bytes, and after a cut', async () => {
    const source = join(dir, 'greeting.txt')
    await writeFile(source, 'hello world')
    const file = await createAtomicFile(source, { startFrom: source })
    await file.write(Buffer.from('!'))
    expect(file.bytesWritten).toBe(12)
    await file.truncate(5)
    await file.write(Buffer.from(', you'))
    expect(file.bytesWritten).toBe(10)
    await file.commit()
    expect(await readFile(source, 'utf8')).toBe('hello, you')
  })

  it('a source that is gone says so (not a missing folder) and leaves no temporary file', async () => {
    await expect(
      createAtomicFile(join(dir, 'out.bin'), { startFrom: join(dir, 'missing.bin') }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: /missing\.bin was moved or deleted/ })
    expect(await listing()).toEqual([])
  })

  it('work during the fsync that throws is reported as itself, and nothing is saved', async () => {
    const target = join(dir, 'kept.bin')
    await writeFile(target, 'before')
    const file = await createAtomicFile(target)
    await file.write(Buffer.from('after'))
    await expect(
      file.commit(undefined, {
        whileSyncing: () => {
          throw new Error('subtitle bug')
        },
      }),
    ).rejects.toMatchObject({
      code: 'INTERNAL',
      message: /Internal error while finishing kept\.bin/,
    })
    expect(await readFile(target, 'utf8')).toBe('before')
    expect(await listing()).toEqual(['kept.bin'])
  })
})

describe('toDiskError', () => {
  it('says the disk is full for ENOSPC and EDQUOT', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const error = toDiskError(errno(code), '/home/u/out.wav')
      expect(error.code).toBe('DISK')
      expect(error.message).toMatch(/^The disk is full/)
      expect(error.message).toContain('out.wav')
    }
  })

  it('names the folder for permission and read-only failures', () => {
    for (const code of ['EACCES', 'EPERM', 'EROFS']) {
      const error = toDiskError(errno(code), '/media/cd/out.wav')
      expect(error.message).toBe(
        "VoiceDesk can't write to /media/cd. Choose another folder or check its permissions.",
      )
    }
  })

  it('passes AppErrors through unchanged', () => {
    const original = new AppError('CANCELLED', 'stop')
    expect(toDiskError(original, '/x')).toBe(original)
  })

  it('mentions the errno for unexpected failures', () => {
    expect(toDiskError(errno('EIO'), '/x/y.wav').message).toContain('(EIO)')
  })
})
