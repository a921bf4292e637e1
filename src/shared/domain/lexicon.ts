import type { LexiconEntry } from './script'

/** One lexicon hit in a text: `[start, end)` in UTF-16 units and the alias to speak instead. */
export interface LexiconMatch {
  start: number
  end: number
  alias: string
}

/** A lexicon compiled once per render: one regular expression per case rule. */
export interface CompiledLexicon {
  /** Non-overlapping whole-word hits in `text`, left to right, longest term first at a position. */
  find(text: string): LexiconMatch[]
  readonly size: number
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function termPattern(term: string): string {
  // Why whitespace-tolerant: a phrase typed with one space must still match a line-wrapped script.
  return term
    .trim()
    .split(/\s+/u)
    .map((word) => escapeRegExp(word))
    .join('\\s+')
}

// Whole word: the hit is neither preceded nor followed by a letter, a digit, a combining mark or
// an underscore (so "cat" matches "cat," and "(cat)" but not "cats" or "concat").
const BEFORE = '(?<![\\p{L}\\p{N}\\p{M}_])'
const AFTER = '(?![\\p{L}\\p{N}\\p{M}_])'

function buildRegExp(entries: readonly LexiconEntry[], flags: string): RegExp | null {
  if (entries.length === 0) return null
  // Longest first, so "New York City" wins over "New York" at the same position.
  const sorted = [...entries].sort((a, b) => b.term.length - a.term.length)
  const body = sorted.map((entry) => termPattern(entry.term)).join('|')
  return new RegExp(`${BEFORE}(?:${body})${AFTER}`, flags)
}

function normalizeKey(term: string, matchCase: boolean): string {
  const collapsed = term.trim().replace(/\s+/gu, ' ')
  return matchCase ? collapsed : collapsed.toLocaleLowerCase('en-US')
}

/**
 * Compiles a lexicon. Rules: whole words only; case-insensitive unless the entry says `matchCase`
 * (a case-sensitive entry wins over a case-insensitive one for the same text); the longest term
 * wins at a position; hits never overlap (leftmost first).
 */
export function compileLexicon(entries: readonly LexiconEntry[]): CompiledLexicon {
  const exact = entries.filter((entry) => entry.matchCase)
  const folded = entries.filter((entry) => !entry.matchCase)
  const exactMap = new Map(exact.map((e) => [normalizeKey(e.term, true), e.alias]))
  const foldedMap = new Map(folded.map((e) => [normalizeKey(e.term, false), e.alias]))
  const exactRe = buildRegExp(exact, 'gu')
  const foldedRe = buildRegExp(folded, 'giu')

  const collect = (
    text: string,
    re: RegExp | null,
    map: Map<string, string>,
    matchCase: boolean,
  ): LexiconMatch[] => {
    if (!re) return []
    const out: LexiconMatch[] = []
    re.lastIndex = 0
    for (const m of text.matchAll(re)) {
      const alias = map.get(normalizeKey(m[0], matchCase))
      if (alias !== undefined) out.push({ start: m.index, end: m.index + m[0].length, alias })
    }
    return out
  }

  return {
    size: entries.length,
    find(text) {
      const all = [
        ...collect(text, exactRe, exactMap, true),
        ...collect(text, foldedRe, foldedMap, false),
      ]
      // Exact-case hits sort before folded ones at the same start (they were collected first and
      // the sort is stable); then longer before shorter.
      all.sort((a, b) => a.start - b.start || b.end - a.end)
      const chosen: LexiconMatch[] = []
      let cursor = 0
      for (const match of all) {
        if (match.start < cursor) continue
        chosen.push(match)
        cursor = match.end
      }
      return chosen
    },
  }
}
