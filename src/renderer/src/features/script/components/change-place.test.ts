import { describe, expect, it } from 'vitest'
import { changePlaces } from './change-place'

describe('changePlaces', () => {
  it('names a change by its chapter and its paragraph in that chapter', () => {
    const place = changePlaces([
      {},
      { chapter: 'One' },
      { chapter: 'One' },
      { chapter: 'Two' },
      { chapter: 'Two' },
      { chapter: 'Two' },
    ])
    expect(place(0)).toBe('Paragraph 1')
    expect(place(1)).toBe('Chapter 1, paragraph 1')
    expect(place(2)).toBe('Chapter 1, paragraph 2')
    expect(place(5)).toBe('Chapter 2, paragraph 3')
  })

  it('counts a heading that comes back after another chapter as a new chapter', () => {
    const place = changePlaces([{ chapter: 'Notes' }, { chapter: 'One' }, { chapter: 'Notes' }])
    expect(place(2)).toBe('Chapter 3, paragraph 1')
  })

  it('says paragraphs alone in a script with no chapters', () => {
    const place = changePlaces([{}, {}, {}])
    expect(place(2)).toBe('Paragraph 3')
    expect(place(9)).toBe('Paragraph 10')
  })
})
