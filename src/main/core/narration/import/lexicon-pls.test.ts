import { DomUtils, parseDocument } from 'htmlparser2'
import type { Element } from 'domhandler'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../../shared/errors'
import type { LexiconEntry } from '../../../../shared/domain/script'
import { PLS_NAMESPACE, readPls, writePls } from './lexicon-pls'

const head = `<?xml version="1.0" encoding="UTF-8"?>\n<lexicon version="1.0" xmlns="${PLS_NAMESPACE}" alphabet="ipa" xml:lang="en-US">`

/** The lexemes of a written PLS document, read back with an XML parser (not string compares). */
function lexemesOf(xml: string): {
  root: Element
  lexemes: { graphemes: string[]; alias: string }[]
} {
  const doc = parseDocument(xml, { xmlMode: true })
  const root = DomUtils.getElementsByTagName('lexicon', doc, true)[0]
  if (root === undefined) throw new Error('no <lexicon> element')
  const lexemes = DomUtils.getElementsByTagName('lexeme', root, true).map((lexeme) => ({
    graphemes: DomUtils.getElementsByTagName('grapheme', lexeme, true).map((g) =>
      DomUtils.textContent(g),
    ),
    alias: DomUtils.textContent(DomUtils.getElementsByTagName('alias', lexeme, true)[0]!),
  }))
  return { root, lexemes }
}

function refusal(text: string): AppError {
  try {
    readPls('words.pls', text)
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('the file was accepted')
}

describe('PLS pronunciation files', () => {
  it('reads graphemes with their alias, each grapheme an entry, and counts phoneme-only lexemes', () => {
    const read = readPls(
      'words.pls',
      `${head}
  <lexeme><grapheme>SQL</grapheme><alias>sequel</alias></lexeme>
  <lexeme><grapheme>W3C</grapheme><grapheme>W3 C</grapheme><alias>World Wide Web Consortium</alias></lexeme>
  <lexeme><grapheme>tomato</grapheme><phoneme>təˈmɑːtoʊ</phoneme></lexeme>
  <lexeme><grapheme>Nguyen</grapheme><phoneme>wɪn</phoneme><alias>win</alias></lexeme>
  <lexeme><grapheme>potato</grapheme><phoneme>pəˈteɪtoʊ</phoneme></lexeme>
</lexicon>`,
    )
    expect(read.entries).toEqual([
      { term: 'SQL', alias: 'sequel', matchCase: false },
      { term: 'W3C', alias: 'World Wide Web Consortium', matchCase: false },
      { term: 'W3 C', alias: 'World Wide Web Consortium', matchCase: false },
      { term: 'Nguyen', alias: 'win', matchCase: false },
    ])
    expect(read.skipped).toEqual({ count: 2, example: 'tomato' })
  })

  it('accepts a prefixed PLS namespace and CDATA', () => {
    const read = readPls(
      'p.pls',
      `<p:lexicon xmlns:p="${PLS_NAMESPACE}" version="1.0"><p:lexeme><p:grapheme><![CDATA[R&D]]></p:grapheme><p:alias>R and D</p:alias></p:lexeme></p:lexicon>`,
    )
    expect(read.entries).toEqual([{ term: 'R&D', alias: 'R and D', matchCase: false }])
  })

  it('writes a PLS 1.0 document an XML parser reads back to the same entries', () => {
    const entries: LexiconEntry[] = [
      { term: 'SQL', alias: 'sequel', matchCase: false },
      { term: 'AT&T', alias: 'A T and T', matchCase: false },
      { term: '<tag>', alias: 'a "quoted" tag', matchCase: false },
      { term: 'Zoë', alias: 'Zo-ee', matchCase: false },
    ]
    const xml = writePls(entries, 'en-GB')
    const { root, lexemes } = lexemesOf(xml)
    expect(root.attribs).toMatchObject({
      version: '1.0',
      xmlns: PLS_NAMESPACE,
      alphabet: 'ipa',
      'xml:lang': 'en-GB',
    })
    expect(lexemes).toEqual(entries.map((e) => ({ graphemes: [e.term], alias: e.alias })))
    expect(readPls('out.pls', xml)).toEqual({ entries, skipped: { count: 0, example: null } })
  })

  it('refuses a DOCTYPE in plain words, the technical reason kept in the details', () => {
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE lexicon [<!ENTITY a "x">]>\n<lexicon xmlns="${PLS_NAMESPACE}"></lexicon>`
    let thrown: unknown
    try {
      readPls('bomb.pls', xml)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(AppError)
    const error = thrown as AppError
    expect(error.message).not.toMatch(/DOCTYPE|<!/)
    expect(error.details?.lexiconFile).toEqual({
      line: 2,
      reason: expect.stringContaining('<!DOCTYPE …> part'),
    })
  })

  it('refuses hostile and broken files, naming the file and the line', () => {
    const cases: Array<[string, RegExp]> = [
      [
        'just some words, no markup',
        /it is not a pronunciation file: a \.pls file starts with <lexicon>/,
      ],
      ['{"lexicon": []}', /it is not a pronunciation file/],
      [
        `<?xml version="1.0"?>\n<!DOCTYPE lexicon [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>\n<lexicon xmlns="${PLS_NAMESPACE}"><lexeme><grapheme>x</grapheme><alias>&b;</alias></lexeme></lexicon>`,
        /“[^”]+” can't be used safely \(line 2\)\. Nothing was changed\. Export it again/,
      ],
      [
        `<lexicon xmlns="http://example.com/other"><lexeme><grapheme>x</grapheme><alias>y</alias></lexeme></lexicon>`,
        /not a standard pronunciation file/,
      ],
      [
        `<lexicon><lexeme><grapheme>x</grapheme><alias>y</alias></lexeme></lexicon>`,
        /does not name the PLS standard/,
      ],
      [`<html xmlns="${PLS_NAMESPACE}"></html>`, /not a pronunciation file/],
      [
        `${head}\n<lexeme>\n<grapheme>  </grapheme><alias>y</alias></lexeme></lexicon>`,
        /line 4\): an entry has an empty word/,
      ],
      [
        `${head}\n<lexeme><alias>y</alias></lexeme></lexicon>`,
        /line 3\): an entry has no word to say differently/,
      ],
      [`${head}\n<lexeme><grapheme>x</grapheme><alias>y</alias></lexeme>`, /damaged or unfinished/],
      [`${head}<lexeme><grapheme>x</alias></lexeme></lexicon>`, /damaged or unfinished/],
    ]
    for (const [text, message] of cases) {
      const error = refusal(text)
      expect({ text, code: error.code }).toEqual({ text, code: 'VALIDATION_FAILED' })
      expect(error.message).toMatch(/^“words\.pls” (was not used|can't be used safely)/)
      expect(error.message).toMatch(message)
      expect(error.message).toMatch(/Nothing was changed/)
    }
  })

  it('never expands an entity: an undeclared one stays as written', () => {
    const read = readPls(
      'e.pls',
      `${head}<lexeme><grapheme>x</grapheme><alias>&lol;</alias></lexeme></lexicon>`,
    )
    expect(read.entries[0]?.alias).toBe('&lol;')
  })

  it('refuses more than 100,000 entries while reading, at the entry past the limit', () => {
    const lexeme = '<lexeme><grapheme>w</grapheme><alias>a</alias></lexeme>\n'
    const error = refusal(`${head}\n${lexeme.repeat(100_001)}</lexicon>`)
    expect(error.message).toMatch(/line 100,003\): it has more than 100,000 entries/)
    expect(readPls('ok.pls', `${head}\n${lexeme.repeat(100_000)}</lexicon>`).entries).toHaveLength(
      100_000,
    )
  })
})
