import { createHash } from 'node:crypto'
import type { CompiledLexicon } from '../../../../shared/domain/lexicon'
import { compileLexicon } from '../../../../shared/domain/lexicon'
import type { LexiconEntry } from '../../../../shared/domain/script'

/** A lexicon compiled, with the key that names its version (equal keys, equal lexicons). */
export interface LexiconVersion {
  lexicon: CompiledLexicon | null
  key: string
}

const NONE: LexiconVersion = { lexicon: null, key: '' }

/** Compiled versions kept by content: the one in use and a few before it (an undo away). */
const MAX_VERSIONS = 4

/**
 * Why remembered by the array too: a project's lexicon is replaced on a change, never mutated,
 * so the same array is the same version without hashing 10,000 entries again for every block.
 */
const byArray = new WeakMap<readonly LexiconEntry[], LexiconVersion>()
const byContent = new Map<string, LexiconVersion>()

/**
 * The lexicon `entries` compiled, once per version on this thread: an array seen before, or
 * equal entries (a copy that crossed from the window or to the planning thread), reuse the last
 * compile. Why: at 10,000 entries a compile costs tens of ms, and every block's plan needs it.
 */
export function lexiconVersionOf(entries: readonly LexiconEntry[]): LexiconVersion {
  if (entries.length === 0) return NONE
  const seen = byArray.get(entries)
  if (seen !== undefined) return seen
  const key = createHash('sha256').update(JSON.stringify(entries)).digest('hex')
  let version = byContent.get(key)
  version ??= { lexicon: compileLexicon(entries), key }
  // Most recently used last, so the oldest version is the first to go.
  byContent.delete(key)
  byContent.set(key, version)
  for (const [oldest] of byContent) {
    if (byContent.size <= MAX_VERSIONS) break
    byContent.delete(oldest)
  }
  byArray.set(entries, version)
  return version
}
