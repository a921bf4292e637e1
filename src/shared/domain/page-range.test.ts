import { describe, expect, it } from 'vitest'
import { parsePageNumber, parsePageRange } from './manuscript'

// One reading of a typed page, shared by the PDF dialog's fields and the CLI's --pages: counts
// are shown grouped ("3,000"), so a page typed back the same way is read the same.

describe('a typed page range', () => {
  it('reads ranges, single pages and open ends, with pages grouped as counts are shown', () => {
    expect(parsePageRange('5-212')).toEqual({ first: 5, last: 212 })
    expect(parsePageRange(' 5 – 212 ')).toEqual({ first: 5, last: 212 })
    expect(parsePageRange('7')).toEqual({ first: 7, last: 7 })
    expect(parsePageRange('5-')).toEqual({ first: 5, last: Number.MAX_SAFE_INTEGER })
    expect(parsePageRange('3,000')).toEqual({ first: 3000, last: 3000 })
    expect(parsePageRange('3 000')).toEqual({ first: 3000, last: 3000 })
    expect(parsePageRange('1-3,000')).toEqual({ first: 1, last: 3000 })
    expect(parsePageRange('2,999 - 3\u202f000')).toEqual({ first: 2999, last: 3000 })
  })

  it('refuses reversed, zero, too long and garbage ranges', () => {
    for (const text of [
      '212-5',
      '0',
      '0-3',
      '-5',
      '',
      ' ',
      'ten',
      '5-x',
      '1.5',
      '3,00',
      '30,00',
      '5--6',
      '1234567',
      '3,000,000',
    ]) {
      expect(parsePageRange(text), text).toBeNull()
    }
  })

  it('reads one page number grouped or not, and nothing else', () => {
    expect(parsePageNumber('3,000')).toBe(3000)
    expect(parsePageNumber('3 000')).toBe(3000)
    expect(parsePageNumber('3\u00a0000')).toBe(3000)
    expect(parsePageNumber('0')).toBeNull()
    expect(parsePageNumber('3,00')).toBeNull()
  })
})
