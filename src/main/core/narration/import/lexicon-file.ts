import type { LexiconFileRead } from '../../../../shared/domain/lexicon-layers'
import { MAX_LEXICON_FILE_BYTES } from '../../../../shared/domain/lexicon-layers'
import { readCsvLexicon } from './lexicon-csv'
import { lexiconFileError } from './lexicon-file-error'
import { readPls } from './lexicon-pls'

/** The kinds of pronunciation file VoiceDesk reads and writes. */
export type LexiconFileKind = 'pls' | 'csv'

/** The kind a file name says: `.csv` is CSV, anything else is read as PLS. */
export function lexiconKindOf(fileName: string): LexiconFileKind {
  return /\.csv$/i.test(fileName) ? 'csv' : 'pls'
}

/**
 * Reads a pronunciation file's bytes: PLS when it starts with `<` (or its name is not `.csv`),
 * else CSV. Refuses, naming the file, more than 10 MB, bytes that are not UTF-8 text, and every
 * problem the PLS and CSV readers find.
 */
export function readLexiconBytes(fileName: string, bytes: Uint8Array): LexiconFileRead {
  if (bytes.byteLength > MAX_LEXICON_FILE_BYTES) {
    throw lexiconFileError(fileName, 'it is larger than 10 MB.')
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw lexiconFileError(fileName, 'it is not a text file (PLS or CSV, in UTF-8).')
  }
  if (text.includes('\u0000')) {
    throw lexiconFileError(fileName, 'it is not a text file (PLS or CSV, in UTF-8).')
  }
  const first = text.replace(/^\uFEFF/, '').trimStart()
  if (first.startsWith('<') || lexiconKindOf(fileName) === 'pls') return readPls(fileName, text)
  return readCsvLexicon(fileName, text)
}
