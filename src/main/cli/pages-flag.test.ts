import { describe, expect, it } from 'vitest'
import { pagesFlag } from './document-options'

// --pages reads a range as the PDF dialog reads its fields: "3,000" is page 3000.

describe('--pages', () => {
  it('reads ranges and grouped pages, and refuses reversed and garbage ones in words', () => {
    expect(pagesFlag('5-212')).toEqual({ first: 5, last: 212 })
    expect(pagesFlag('3,000')).toEqual({ first: 3000, last: 3000 })
    expect(pagesFlag('3 000')).toEqual({ first: 3000, last: 3000 })
    expect(pagesFlag('1-3,000')).toEqual({ first: 1, last: 3000 })
    expect(pagesFlag(undefined)).toBeUndefined()
    expect(() => pagesFlag('212-5')).toThrow('--pages is a page or a range of pages of a PDF')
    expect(() => pagesFlag('garbage')).toThrow('"garbage" is not one')
  })
})
