import { describe, expect, it } from 'vitest'
import { compileLexicon } from './lexicon'

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
