import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { createAtomicFile, toDiskError, writeFileAtomic } from './atomic-write'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vd-atomic-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
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
