import type { LexiconEntry } from './script'

/** A pronunciation file is refused above this size, before it is read. */
export const MAX_LEXICON_FILE_BYTES = 10 * 1024 * 1024

/** A pronunciation file is refused above this many entries, while it is read. */
export const MAX_LEXICON_FILE_ENTRIES = 100_000

/** Where an entry the page shows comes from: this project, or the dictionary all projects share. */
export type LexiconSource = 'project' | 'user'

/** What reading a pronunciation file gave: its entries, and those it could not express. */
export interface LexiconFileRead {
  entries: LexiconEntry[]
  /** Entries left out (PLS with only a phonetic spelling): how many, and the first one's word. */
  skipped: { count: number; example: string | null }
}

/** What an import did, as the page reports it. */
export interface LexiconImportResult extends LexiconFileRead {
  fileName: string
  /** For the user dictionary: all its entries after the import (main has saved them). */
  userEntries?: LexiconEntry[]
}

/**
 * The key two entries share when they are for the same word: trimmed, whitespace runs as one
 * space, lower case (so "SQL" in one dictionary and "sql" in another are one word).
 */
export function lexiconKey(term: string): string {
  return term.trim().replace(/\s+/gu, ' ').toLowerCase()
}

/**
 * Layers of entries merged into one lexicon: a later layer's entry replaces an earlier one's for
 * the same word (see lexiconKey), in the place of the later one.
 */
export function mergeLexicons(...layers: readonly (readonly LexiconEntry[])[]): LexiconEntry[] {
  const byKey = new Map<string, LexiconEntry>()
  for (const layer of layers) {
    for (const entry of layer) {
      const key = lexiconKey(entry.term)
      byKey.delete(key)
      byKey.set(key, entry)
    }
  }
  return [...byKey.values()]
}
