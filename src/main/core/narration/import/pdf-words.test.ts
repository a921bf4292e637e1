import { describe, expect, it } from 'vitest'
import type { PdfLine } from './pdf-lines'
import { DocumentWords, brokenWord } from './pdf-words'

const line = (text: string): PdfLine => ({
  text,
  x: 0,
  right: 100,
  y: 0,
  size: 11,
  page: 1,
  column: 0,
  columnLeft: 0,
  columnRight: 100,
  marks: [],
})

/** The words of a document made of these lines. */
function wordsOf(...texts: string[]): DocumentWords {
  const words = new DocumentWords()
  words.add(texts.map(line), false)
  return words
}

describe('a word broken at a line end', () => {
  it('keeps the hyphen the document writes inside a line, and drops it when the document writes the word whole', () => {
    const words = wordsOf('a well-known tale', 'her father came home')
    expect(words.dropsHyphen('well', 'known')).toBe(false)
    expect(words.dropsHyphen('fa', 'ther')).toBe(true)
  })

  it('without evidence, keeps it between two words the document uses alone and drops it inside a word', () => {
    const words = wordsOf('it went well', 'as is known', 'nothing else')
    expect(words.dropsHyphen('well', 'known')).toBe(false)
    expect(words.dropsHyphen('harb', 'our')).toBe(true)
  })

  it('always keeps it before a capital or a digit', () => {
    const words = wordsOf('jeanpaul')
    expect(words.dropsHyphen('Jean', 'Paul')).toBe(false)
    expect(words.dropsHyphen('1914', '1918')).toBe(false)
  })

  it('does not count the halves at a line break as words of the document', () => {
    const words = new DocumentWords()
    words.add([line('it was fa-'), line('ther who came')], false)
    expect(words.dropsHyphen('fa', 'ther')).toBe(true)
  })
})

describe('the word before a line-end hyphen', () => {
  it('is found whole however long the paragraph before it and the word itself are', () => {
    const paragraph = `${'the harbour was quiet '.repeat(40)}and the fa-`
    expect(brokenWord(paragraph, 'ther came')).toEqual({ head: 'fa', tail: 'ther' })
    const long = `${'word '.repeat(100)}${'a'.repeat(400)}-${'b'.repeat(10)}-`
    expect(brokenWord(long, 'c')).toEqual({
      head: `${'a'.repeat(400)}-${'b'.repeat(10)}`,
      tail: 'c',
    })
    expect(brokenWord(`${paragraph.slice(0, -1)}`, 'ther')).toBeNull()
  })
})
