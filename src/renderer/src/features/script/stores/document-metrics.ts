import { billableCharacters } from '../../../../../shared/domain/billable'
import type { CompiledLexicon } from '../../../../../shared/domain/lexicon'
import { compileLexicon } from '../../../../../shared/domain/lexicon'
import type { LexiconEntry, ScriptBlock } from '../../../../../shared/domain/script'

/** What the screen counts over the whole script, kept per change rather than recounted. */
export interface DocumentMetrics {
  totalChars: number
  totalBillable: number
  /** How many blocks name each voice (for the Voices workspace's warning). */
  blockVoices: Readonly<Record<string, number>>
  /** How many blocks each speaker speaks (for the cast panel). */
  speakers: Readonly<Record<string, number>>
}

/** Moves one count from `before` to `after` (either may be absent); a count of 0 is dropped. */
export function countInto(
  counts: Readonly<Record<string, number>>,
  before: string | undefined,
  after: string | undefined,
): Readonly<Record<string, number>> {
  if (before === after) return counts
  const next = { ...counts }
  if (before !== undefined) {
    const n = (next[before] ?? 0) - 1
    if (n > 0) next[before] = n
    else delete next[before]
  }
  if (after !== undefined) next[after] = (next[after] ?? 0) + 1
  return next
}

/** Characters of a block as written. */
export function charCount(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

let compiled: { entries: readonly LexiconEntry[]; lexicon: CompiledLexicon | null } | null = null

/** The project's lexicon compiled once per version of it (entries are replaced, never mutated). */
export function lexiconOf(entries: readonly LexiconEntry[]): CompiledLexicon | null {
  if (compiled?.entries !== entries) {
    compiled = { entries, lexicon: entries.length > 0 ? compileLexicon(entries) : null }
  }
  return compiled.lexicon
}

const counted = new WeakMap<object, { lexicon: readonly LexiconEntry[]; count: number }>()

/**
 * Billable characters of a block: the spoken text (lexicon aliases, no SSML tags), as billed.
 * Remembered per block object and lexicon (both are replaced on a change, never mutated): a key
 * asks for the count of the block before it, the block after it, and the row drawing it, and
 * only the new block is counted.
 */
export function billableCount(
  block: Pick<ScriptBlock, 'text' | 'ssml'>,
  lexicon: readonly LexiconEntry[],
): number {
  const known = counted.get(block)
  if (known?.lexicon === lexicon) return known.count
  const count = billableCharacters(block, lexiconOf(lexicon))
  counted.set(block, { lexicon, count })
  return count
}

/** Billable characters of many blocks. */
export function totalBillableOf(
  blocks: Iterable<ScriptBlock>,
  lexicon: readonly LexiconEntry[],
): number {
  let total = 0
  for (const block of blocks) total += billableCount(block, lexicon)
  return total
}

/** Every count of a script just opened (one pass, counted in place: a script has thousands of blocks). */
export function measureScript(
  blocks: readonly ScriptBlock[],
  lexicon: readonly LexiconEntry[],
): DocumentMetrics {
  let totalChars = 0
  let totalBillable = 0
  const blockVoices: Record<string, number> = {}
  const speakers: Record<string, number> = {}
  for (const block of blocks) {
    totalChars += charCount(block.text)
    totalBillable += billableCount(block, lexicon)
    if (block.voiceId !== undefined)
      blockVoices[block.voiceId] = (blockVoices[block.voiceId] ?? 0) + 1
    if (block.speaker !== undefined) speakers[block.speaker] = (speakers[block.speaker] ?? 0) + 1
  }
  return { totalChars, totalBillable, blockVoices, speakers }
}
