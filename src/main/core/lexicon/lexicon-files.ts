import { open } from 'node:fs/promises'
import { basename } from 'node:path'
import type { LexiconFileRead } from '../../../shared/domain/lexicon-layers'
import { MAX_LEXICON_FILE_BYTES } from '../../../shared/domain/lexicon-layers'
import type { LexiconEntry } from '../../../shared/domain/script'
import { AppError } from '../../../shared/errors'
import { writeFileAtomic } from '../files/atomic-write'
import { writeCsvLexicon } from '../narration/import/lexicon-csv'
import { lexiconFileError } from '../narration/import/lexicon-file-error'
import { lexiconKindOf } from '../narration/import/lexicon-file'
import { writePls } from '../narration/import/lexicon-pls'
import { readLexiconOffMain } from '../narration/offload/plan-offload'

/**
 * Reads a pronunciation file (PLS or CSV) by path: its size is checked before a byte is read
 * (over 10 MB is refused), then it is parsed on the planning thread when large. Every refusal
 * names the file (and the line or entry) and nothing is changed.
 */
export async function readLexiconFile(path: string): Promise<LexiconFileRead> {
  const name = basename(path)
  let handle
  try {
    handle = await open(path, 'r')
  } catch (error) {
    throw new AppError(
      'NOT_FOUND',
      `“${name}” could not be opened (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}). Check the file and try again.`,
      { cause: error },
    )
  }
  try {
    // Why stat the open handle: the size checked is the size of the very file that is read.
    const { size, isFile } = await handle.stat().then((s) => ({ size: s.size, isFile: s.isFile() }))
    if (!isFile) throw lexiconFileError(name, 'it is not a file.')
    if (size > MAX_LEXICON_FILE_BYTES) throw lexiconFileError(name, 'it is larger than 10 MB.')
    const bytes = new Uint8Array(size)
    const { bytesRead } = await handle.read(bytes, 0, size, 0)
    return await readLexiconOffMain(name, bytes.subarray(0, bytesRead))
  } finally {
    await handle.close()
  }
}

/**
 * Writes entries to `path` as PLS (any name but `.csv`) or CSV, atomically. A PLS file keeps the
 * word and its alias; "match case" is kept only by CSV.
 */
export async function writeLexiconFile(
  path: string,
  entries: readonly LexiconEntry[],
  language: string,
): Promise<void> {
  const text =
    lexiconKindOf(path) === 'csv' ? writeCsvLexicon(entries) : writePls(entries, language)
  await writeFileAtomic(path, text)
}
