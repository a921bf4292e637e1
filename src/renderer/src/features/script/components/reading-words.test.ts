import { describe, expect, it } from 'vitest'
import { readingTimeLeft, readingWords } from './reading-words'

describe('a manuscript’s reading in words', () => {
  it('names the part read with its count, and the table of contents before the parts', () => {
    expect(readingWords({ done: 547, total: 3000, unit: 'page' })).toBe('Reading page 547 of 3,000')
    expect(readingWords({ done: 0, total: 0, unit: 'contents' })).toBe(
      'Reading the book’s table of contents…',
    )
  })

  it('gives the time left only once the pace can be judged, from the parts read since counting began', () => {
    const start = { done: 1, atMs: 10_000 }
    const page = (done: number) => ({ done, total: 3000, unit: 'page' as const })
    // 59 pages in 10 s: not yet 2% of the book.
    expect(readingTimeLeft(page(60), start, 20_000)).toBeNull()
    // 100 pages in 10 s: 2,900 left at 10 a second.
    expect(readingTimeLeft(page(101), start, 20_000)).toBe('about 4 minutes 50 seconds left')
    // Many pages but under a second: too soon to judge.
    expect(readingTimeLeft(page(101), start, 10_500)).toBeNull()
    expect(readingTimeLeft(page(2999), start, 40_000)).toBe('about 1 second left')
    expect(readingTimeLeft({ done: 0, total: 0, unit: 'contents' }, start, 90_000)).toBeNull()
    expect(readingTimeLeft(page(101), null, 20_000)).toBeNull()
  })
})
