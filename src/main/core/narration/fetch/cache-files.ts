import { randomBytes } from 'node:crypto'
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { syncBestEffort, toDiskError } from '../../files/atomic-write'

/** Temporary names of the engine's own replace-by-rename writes: `.NAME.<12 hex>.partial`. */
const PARTIAL = /^\..+\.[0-9a-f]{12}\.partial$/

/**
 * Replaces `path` with `data` by writing a temporary file beside it and renaming it, WITHOUT
 * fsync. Why no fsync: these are records that can be rebuilt or re-requested (cache entries, the
 * journal). A killed process leaves the old or the new file, never half of one; after a power loss
 * a file may be short or hold zeros, which every reader detects (cache entries carry their length
 * and SHA-256; the journal is parsed with a schema and is only a record).
 */
export async function replaceFile(path: string, data: string | Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.partial`)
  try {
    await writeFile(temp, data, { flag: 'wx' })
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined)
    throw toDiskError(error, path)
  }
}

/**
 * Removes temporary files a killed process left in `dir`: names of the `.NAME.<hex>.partial`
 * form whose NAME satisfies `owned`, and only when older than `minAgeMs` (0: any age). Why an age
 * for shared folders: another process may be writing one right now (the app and the CLI can
 * share the piece cache).
 */
export async function removeLeftoverPartials(
  dir: string,
  owned: (name: string) => boolean,
  minAgeMs = 0,
  now = Date.now(),
): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[])
  const removed: string[] = []
  for (const name of names) {
    if (!PARTIAL.test(name)) continue
    const original = name.slice(1, -'.xxxxxxxxxxxx.partial'.length)
    if (!owned(original)) continue
    const path = join(dir, name)
    if (minAgeMs > 0) {
      const info = await stat(path).catch(() => null)
      if (!info || now - info.mtimeMs < minAgeMs) continue
    }
    await rm(path, { force: true }).catch(() => undefined)
    removed.push(name)
  }
  return removed
}

/**
 * Asks the disk to store a file's data now, without anyone waiting for it (errors ignored). Why:
 * data written without fsync is still written by the kernel later, and a few hundred megabytes
 * of it pending makes every later write crawl (the kernel throttles writers); flushing each cache
 * entry in the background while the render goes on spreads that work over the render instead.
 */
export async function flushToDisk(path: string): Promise<void> {
  // Only an early flush: the kernel writes the data anyway, so a failure is ignored.
  await syncBestEffort(path, 'data')
}
