import { open } from 'node:fs/promises'
import { createAtomicFile, toDiskError } from '../files/atomic-write'

const CHUNK = 4 * 1024 * 1024

/**
 * Copies `from` to `target` through a temporary file beside it, renamed only when complete, so a
 * failed copy never leaves a half file under the name the user chose.
 */
export async function copyFileAtomic(from: string, target: string): Promise<void> {
  const source = await open(from, 'r').catch((error: unknown) => {
    throw toDiskError(error, from)
  })
  try {
    const file = await createAtomicFile(target)
    try {
      const buffer = Buffer.alloc(CHUNK)
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, CHUNK, null)
        if (bytesRead === 0) break
        await file.write(buffer.subarray(0, bytesRead))
      }
      await file.commit()
    } catch (error) {
      await file.abort()
      throw error
    }
  } finally {
    await source.close()
  }
}
