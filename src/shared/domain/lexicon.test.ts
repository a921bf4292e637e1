import { describe, expect, it } from 'vitest'
import type { LexiconMatch } from './lexicon'
import { compileLexicon } from './lexicon'
import type { LexiconEntry } from './script'

const lex = (entries: { term: string; alias: string; matchCase?: boolean }[]) =>
  compileLexicon(entries.map((e) => ({ matchCase: false, ...e })))

describe('compileLexicon', () => {
  it('matches whole words only, case-insensitively by default', () => {
    const l = lex([{ term: 'SQL', alias: 'sequel' }])
    const text = 'sql, SQL and (Sql) but not SQLite or mySQL'
    expect(l.find(text).map((m) => text.slice(m.start, m.end))).toEqual(['sql', 'SQL', 'Sql'])
  })

  it('respects matchCase and prefers the case-sensitive entry for the same text', () => {
    const l = lex([
      { term: 'US', alias: 'United States', matchCase: true },
      { term: 'us', alias: 'uss' },
    ])
    const hits = l.find('Tell us about the US')
    expect(hits.map((h) => h.alias)).toEqual(['uss', 'United States'])
    const strict = lex([{ term: 'US', alias: 'United States', matchCase: true }])
    expect(strict.find('tell us')).toEqual([])
  })

  it('prefers the longest phrase and tolerates line breaks inside it', () => {
    const l = lex([
      { term: 'New York', alias: 'N Y' },
      { term: 'New York City', alias: 'N Y C' },
    ])
    const text = 'In New\nYork City and New York.'
    expect(l.find(text).map((m) => [text.slice(m.start, m.end), m.alias])).toEqual([
      ['New\nYork City', 'N Y C'],
      ['New York', 'N Y'],
    ])
  })

  it('handles non-Latin words and regex characters in terms', () => {
    const l = lex([
      { term: 'C++', alias: 'C plus plus' },
      { term: 'Größe', alias: 'size' },
    ])
    const text = 'C++ has Größe, not Größen.'
    expect(l.find(text).map((m) => m.alias)).toEqual(['C plus plus', 'size'])
  })
})

/**
 * The matcher this one replaced, kept here as the reference: one regular expression of every term
 * per case rule, longest first, whole words, hits looked up by their normalised text.
 */
function referenceFind(entries: readonly LexiconEntry[], text: string): LexiconMatch[] {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const key = (t: string, matchCase: boolean) => {
    const c = t.trim().replace(/\s+/gu, ' ')
    return matchCase ? c : c.toLocaleLowerCase('en-US')
  }
  const run = (group: LexiconEntry[], matchCase: boolean): LexiconMatch[] => {
    if (group.length === 0) return []
    const body = [...group]
      .sort((a, b) => b.term.length - a.term.length)
      .map((e) => e.term.trim().split(/\s+/u).map(escape).join('\\s+'))
      .join('|')
    const re = new RegExp(
      `(?<![\\p{L}\\p{N}\\p{M}_])(?:${body})(?![\\p{L}\\p{N}\\p{M}_])`,
      matchCase ? 'gu' : 'giu',
    )
    const aliases = new Map(group.map((e) => [key(e.term, matchCase), e.alias]))
    const out: LexiconMatch[] = []
    for (const m of text.matchAll(re)) {
      const alias = aliases.get(key(m[0], matchCase))
      if (alias !== undefined) out.push({ start: m.index, end: m.index + m[0].length, alias })
    }
    return out
  }
  const all = [
    ...run(
      entries.filter((e) => e.matchCase),
      true,
    ),
    ...run(
      entries.filter((e) => !e.matchCase),
      false,
    ),
  ].sort((a, b) => a.start - b.start || b.end - a.end)
  const chosen: LexiconMatch[] = []
  let cursor = 0
  for (const m of all) {
    if (m.start < cursor) continue
    chosen.push(m)
    cursor = m.end
  }
  return chosen
}

describe('compileLexicon against the regular-expression matcher it replaced', () => {
  it('finds the same hits in texts full of near misses', () => {
    let seed = 26
    const pick = <T>(list: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return list[seed % list.length] as T
    }
    const words = ['sql', 'New', 'York', 'City', 'Größe', 'café', 'naïve', 'US', 'us', 'Dr.']
    const odd = ['C++', '.NET', 'e-mail', '#tag', 'R&D', 'U.S.', '3.5', 'x_y', 'ΣΟΦΙΑ', '日本']
    const entries: LexiconEntry[] = []
    for (let i = 0; i < 120; i++) {
      const first = pick([...words, ...odd])
      const term =
        i % 4 === 0 ? `${first} ${pick(words)}` : i % 7 === 0 ? first.toUpperCase() : first
      entries.push({ term, alias: `alias${i}`, matchCase: i % 3 === 0 })
    }
    const glue = [' ', '  ', '\n', ', ', '(', ')', '-', '.', '\u00a0', 'x', 's', '_', '\u0301']
    const vocabulary = [...words, ...odd, 'SQL', 'new', 'NEW', 'größe', 'CAFÉ', 'concat', 'sqlite']
    let texts = 0
    let hits = 0
    for (let t = 0; t < 400; t++) {
      let text = ''
      for (let w = 0; w < 30; w++) text += pick(vocabulary) + pick(glue)
      const lexicon = compileLexicon(entries)
      const found = lexicon.find(text)
      expect(found, text).toEqual(referenceFind(entries, text))
      texts += 1
      hits += found.length
    }
    // The texts must exercise the matcher, not agree on finding nothing.
    expect(hits).toBeGreaterThan(texts * 2)
  })
})
