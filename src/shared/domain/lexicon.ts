import type { LexiconEntry } from './script'

/** One lexicon hit in a text: `[start, end)` in UTF-16 units and the alias to speak instead. */
export interface LexiconMatch {
  start: number
  end: number
  alias: string
}

/** A lexicon compiled once per version of it: its terms indexed by their first word. */
export interface CompiledLexicon {
  /** Non-overlapping whole-word hits in `text`, left to right, longest term first at a position. */
  find(text: string): LexiconMatch[]
  readonly size: number
}

// A word character: a letter, a digit, a combining mark or an underscore. A hit is neither
// preceded nor followed by one (so "cat" matches "cat," and "(cat)" but not "cats" or "concat").
const WORD_CHAR = /^[\p{L}\p{N}\p{M}_]$/u
const ASCII_WORD = Array.from({ length: 128 }, (_, c) => WORD_CHAR.test(String.fromCharCode(c)))

function isWordCodePoint(cp: number): boolean {
  return cp < 128 ? ASCII_WORD[cp] === true : WORD_CHAR.test(String.fromCodePoint(cp))
}

/** Whitespace as a regular expression's `\s` knows it (all of it is in the BMP). */
function isSpaceUnit(unit: number): boolean {
  if (unit < 128) return unit === 32 || (unit >= 9 && unit <= 13)
  return /\s/u.test(String.fromCharCode(unit))
}

function widthOf(cp: number): number {
  return cp > 0xffff ? 2 : 1
}

/** Lower case without a locale's tailoring (what English gets anyway), at a fraction of the cost. */
function foldCase(text: string): string {
  return text.toLowerCase()
}

function normalizeKey(term: string, matchCase: boolean): string {
  const trimmed = term.trim()
  // Most terms are one word: the collapsing expression is only run where it can change something.
  const collapsed = /\s/u.test(trimmed) ? trimmed.replace(/\s+/gu, ' ') : trimmed
  return matchCase ? collapsed : foldCase(collapsed)
}

/**
 * Where a term's first word can be looked up from a text position: its leading run of word
 * characters, or its first character when it starts with another one (".NET", "#tag"). At a
 * text position the same is read from the text, so only terms that can start there are tried.
 */
function headOf(word: string): string {
  const first = word.codePointAt(0) ?? 0
  if (!isWordCodePoint(first)) return String.fromCodePoint(first)
  let end = widthOf(first)
  while (end < word.length) {
    const cp = word.codePointAt(end) ?? 0
    if (!isWordCodePoint(cp)) break
    end += widthOf(cp)
  }
  return word.slice(0, end)
}

interface Term {
  /** The term's words as written, and as compared (case-folded unless the entry matches case). */
  words: string[]
  keys: string[]
}

/** The entries of one case rule: terms by the head of their first word, aliases by their text. */
interface TermGroup {
  matchCase: boolean
  byHead: Map<string, Term[]>
  aliases: Map<string, string>
}

function buildGroup(entries: readonly LexiconEntry[], matchCase: boolean): TermGroup {
  const fold = (text: string): string => (matchCase ? text : foldCase(text))
  const byHead = new Map<string, Term[]>()
  // Longest term first (stable for equal lengths), so "New York City" wins over "New York".
  const sorted = [...entries].sort((a, b) => b.term.length - a.term.length)
  for (const entry of sorted) {
    // Why whitespace-tolerant: a phrase typed with one space must still match a wrapped line.
    const words = entry.term.trim().split(/\s+/u)
    const first = words[0]
    // An empty term (the schema refuses one) has nothing to match.
    if (first === undefined || first === '') continue
    const head = fold(headOf(first))
    const list = byHead.get(head)
    const term = { words, keys: matchCase ? words : words.map(fold) }
    if (list === undefined) byHead.set(head, [term])
    else list.push(term)
  }
  // A later entry with the same text replaces an earlier one's alias.
  const aliases = new Map<string, string>()
  for (const entry of entries) aliases.set(normalizeKey(entry.term, matchCase), entry.alias)
  return { matchCase, byHead, aliases }
}

/** Where `term` ends when it starts at `start` of `text` as a whole word; -1 when it does not. */
function endOf(text: string, start: number, term: Term, matchCase: boolean): number {
  let at = start
  for (let i = 0; i < term.words.length; i++) {
    if (i > 0) {
      if (at >= text.length || !isSpaceUnit(text.charCodeAt(at))) return -1
      while (at < text.length && isSpaceUnit(text.charCodeAt(at))) at++
    }
    const word = term.words[i] ?? ''
    if (at + word.length > text.length) return -1
    if (matchCase) {
      if (!text.startsWith(word, at)) return -1
    } else if (foldCase(text.slice(at, at + word.length)) !== term.keys[i]) {
      return -1
    }
    at += word.length
  }
  if (at < text.length && isWordCodePoint(text.codePointAt(at) ?? 0)) return -1
  return at
}

/**
 * Hits of one group, left to right: at each position not preceded by a word character, the
 * longest term that matches there as a whole word; the search goes on after it.
 */
function scan(text: string, group: TermGroup): LexiconMatch[] {
  const out: LexiconMatch[] = []
  const fold = (t: string): string => (group.matchCase ? t : foldCase(t))
  let next = 0
  let afterWord = false
  const tryAt = (start: number, head: string): void => {
    for (const term of group.byHead.get(head) ?? []) {
      const end = endOf(text, start, term, group.matchCase)
      if (end < 0) continue
      const alias = group.aliases.get(normalizeKey(text.slice(start, end), group.matchCase))
      if (alias !== undefined) out.push({ start, end, alias })
      next = end
      return
    }
  }
  for (let at = 0; at < text.length;) {
    const cp = text.codePointAt(at) ?? 0
    if (!isWordCodePoint(cp)) {
      if (!afterWord && at >= next) tryAt(at, fold(String.fromCodePoint(cp)))
      at += widthOf(cp)
      afterWord = false
      continue
    }
    let runEnd = at + widthOf(cp)
    while (runEnd < text.length) {
      const c = text.codePointAt(runEnd) ?? 0
      if (!isWordCodePoint(c)) break
      runEnd += widthOf(c)
    }
    // Inside a run of word characters only its first position can start a whole word.
    if (!afterWord && at >= next) tryAt(at, fold(text.slice(at, runEnd)))
    at = runEnd
    afterWord = true
  }
  return out
}

/**
 * Compiles a lexicon. Rules: whole words only; case-insensitive unless the entry says `matchCase`
 * (a case-sensitive entry wins over a case-insensitive one for the same text); the longest term
 * wins at a position; hits never overlap (leftmost first). Why an index and not one regular
 * expression of every term: at 10,000 terms the expression took a second to build and 50 ms per
 * paragraph to run, as it tried every term at every position; the index tries only the terms that
 * start with the word found there.
 */
export function compileLexicon(entries: readonly LexiconEntry[]): CompiledLexicon {
  const exact = buildGroup(
    entries.filter((entry) => entry.matchCase),
    true,
  )
  const folded = buildGroup(
    entries.filter((entry) => !entry.matchCase),
    false,
  )
  return {
    size: entries.length,
    find(text) {
      const all = [...scan(text, exact), ...scan(text, folded)]
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
