import { describe, expect, it } from 'vitest'
import type { LexiconEntry } from '../../../../shared/domain/script'
import { AppError } from '../../../../shared/errors'
import { parseCsv } from '../../../testing/parse-csv'
import { readCsvLexicon, writeCsvLexicon } from './lexicon-csv'
import { readLexiconBytes } from './lexicon-file'

function refusal(text: string): AppError {
  try {
    readCsvLexicon('words.csv', text)
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('the file was accepted')
}

describe('CSV pronunciation files', () => {
  const entries: LexiconEntry[] = [
    { term: 'SQL', alias: 'sequel', matchCase: true },
    { term: 'Smith, Jr.', alias: 'Smith junior', matchCase: false },
    { term: 'the "Met"', alias: 'the Metropolitan\r\nOpera', matchCase: false },
    { term: '=SUM', alias: 'sum', matchCase: false },
  ]

  it('writes RFC 4180 with a header row, which a CSV parser reads back field by field', () => {
    const text = writeCsvLexicon(entries)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(parseCsv(text)).toEqual([
      ['term', 'alias', 'match_case'],
      ['SQL', 'sequel', 'true'],
      ['Smith, Jr.', 'Smith junior', 'false'],
      ['the "Met"', 'the Metropolitan\r\nOpera', 'false'],
      ['=SUM', 'sum', 'false'],
    ])
  })

  it('reads back what it writes (whitespace in a value folds to one space, as the lexicon matches)', () => {
    const read = readCsvLexicon('out.csv', writeCsvLexicon(entries))
    expect(read.entries).toEqual(
      entries.map((e) => ({ ...e, alias: e.alias.replace(/\s+/g, ' ') })),
    )
  })

  it('reads LF line ends, a byte-order mark, other column orders and names', () => {
    const read = readCsvLexicon('x.csv', '\uFEFFSpoken as,Word\nA P I,API\n\n"N, Y",NY\n')
    expect(read.entries).toEqual([
      { term: 'API', alias: 'A P I', matchCase: false },
      { term: 'NY', alias: 'N, Y', matchCase: false },
    ])
  })

  it('refuses a broken file, naming the line', () => {
    const cases: Array<[string, RegExp]> = [
      ['word;alias\nSQL;sequel\n', /line 1\): its first row must name the columns/],
      ['term,alias\nSQL,sequel\n,empty\n', /line 3\): a row has an empty word/],
      ['term,alias\nSQL,\n', /line 2\): “SQL” has an empty alias/],
      ['term,alias\n"SQL,sequel\n', /line 2\): a quoted value is never closed/],
      ['term,alias\nS"QL,sequel\n', /line 2\): a value has a quote/],
      ['', /it is empty/],
    ]
    for (const [text, message] of cases) {
      const error = refusal(text)
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(error.message).toMatch(message)
    }
  })

  it('refuses more than 100,000 rows, and binary bytes, and picks PLS by content', () => {
    const rows = `term,alias\n${'w,a\n'.repeat(100_001)}`
    expect(refusal(rows).message).toMatch(/line 100,002\): it has more than 100,000 entries/)
    expect(() => readLexiconBytes('x.csv', new Uint8Array([0xff, 0xfe, 0x00, 0x80]))).toThrow(
      /not a text file/,
    )
    expect(() => readLexiconBytes('x.csv', new Uint8Array(10 * 1024 * 1024 + 1))).toThrow(
      /larger than 10 MB/,
    )
    // A CSV named .pls is still read as PLS (and refused as not XML), never guessed at.
    expect(() => readLexiconBytes('x.pls', new TextEncoder().encode('term,alias\na,b\n'))).toThrow(
      /not a pronunciation file/,
    )
  })
})
