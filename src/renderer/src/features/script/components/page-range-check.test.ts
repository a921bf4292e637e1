import { describe, expect, it } from 'vitest'
import { checkRange } from './page-range-check'

// The PDF dialog reads its two page fields as the CLI's --pages reads a range (parsePageNumber).

describe('the PDF dialog’s page fields', () => {
  it('says in the dialog what is wrong with the two fields', () => {
    expect(checkRange('1', '3,000', 3000)).toEqual({ first: 1, last: 3000 })
    expect(checkRange('2 999', '3 000', 3000)).toEqual({ first: 2999, last: 3000 })
    expect(checkRange('5', '212')).toEqual({ first: 5, last: 212 })
    expect(checkRange('1', '3,001', 3000)).toBe(
      'This PDF has 3,000 pages. Choose pages from 1 to 3,000.',
    )
    expect(checkRange('9', '2', 3000)).toBe(
      'The first page (9) comes after the last (2). Swap them.',
    )
    expect(checkRange('abc', '2')).toBe('Type the first page as a whole number, 1 or more.')
    expect(checkRange('0', '2')).toBe('Type the first page as a whole number, 1 or more.')
    expect(checkRange('1', '')).toBe('Type the last page as a whole number, 1 or more.')
    expect(checkRange('1', '2.5')).toBe('Type the last page as a whole number, 1 or more.')
  })
})
