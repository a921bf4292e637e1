import { readdir, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPieceCache } from './piece-cache'
import type { CachedPieceMeta } from './piece-cache'
import { useTempDirs } from '../../../testing/temp-dir'

const tempDir = useTempDirs('vd-cache-')

const HASH = 'a'.repeat(64)
function meta(bytes: number): CachedPieceMeta {
  return {
    hash: HASH,
    format: 'pcm',
    bytes,
    speechMarks: { sentence: null, words: [] },
    billableCharacters: 5,
    requestId: null,
  }
}
const audio = Uint8Array.from({ length: 4800 }, (_, i) => (i * 37) & 0xff)

describe('piece cache', () => {
  it('stores a digest with each piece and reads the audio back checked', async () => {
    const dir = await tempDir()
    const cache = await openPieceCache(dir)
    await cache.put(meta(audio.byteLength), audio)
    const got = await cache.get(HASH)
    expect(got?.meta.audioSha256).toMatch(/^[0-9a-f]{64}$/)
    expect(Buffer.compare(Buffer.from((await cache.readAudio(HASH))!), Buffer.from(audio))).toBe(0)
    // A restart finds it again (from the files, the index being only a recency record).
    expect((await openPieceCache(dir)).has(HASH)).toBe(true)
  })

  it('never hands out a torn entry: zeros at the right length are detected and dropped', async () => {
    const dir = await tempDir()
    const cache = await openPieceCache(dir)
    await cache.put(meta(audio.byteLength), audio)
    // What a power loss after an un-fsynced write can leave: the right length, no data.
    await writeFile(join(dir, `${HASH}.pcm`), new Uint8Array(audio.byteLength))
    expect(await cache.readAudio(HASH)).toBeNull()
    expect(cache.has(HASH)).toBe(false)
    expect(await readdir(dir)).not.toContain(`${HASH}.pcm`)
  })

  it('drops a short entry on lookup', async () => {
    const dir = await tempDir()
    const cache = await openPieceCache(dir)
    await cache.put(meta(audio.byteLength), audio)
    await writeFile(join(dir, `${HASH}.pcm`), audio.subarray(0, 100))
    expect(await cache.get(HASH)).toBeNull()
    expect(cache.has(HASH)).toBe(false)
  })

  it('removes temporary files a killed writer left, once they are old enough', async () => {
    const dir = await tempDir()
    const old = join(dir, `.${HASH}.pcm.0123456789ab.partial`)
    const young = join(dir, `.${HASH}.json.ba9876543210.partial`)
    const foreign = join(dir, '.notes.txt.0123456789ab.partial')
    for (const path of [old, young, foreign]) await writeFile(path, 'x')
    const hoursAgo = new Date(Date.now() - 2 * 3600_000)
    await utimes(old, hoursAgo, hoursAgo)
    await utimes(foreign, hoursAgo, hoursAgo)
    await openPieceCache(dir)
    await expect(stat(old)).rejects.toThrow()
    // A young one may belong to another process writing into the same cache right now.
    expect((await stat(young)).isFile()).toBe(true)
    expect((await stat(foreign)).isFile()).toBe(true)
  })

  it('keeps small records beside the pieces', async () => {
    const dir = await tempDir()
    const cache = await openPieceCache(dir)
    expect(await cache.readRecord('b'.repeat(64))).toBeNull()
    await cache.writeRecord('b'.repeat(64), { x: 1 })
    expect(await (await openPieceCache(dir)).readRecord('b'.repeat(64))).toEqual({ x: 1 })
  })
})
