import { describe, expect, it } from 'vitest'
import { wordIndexAt } from './use-script-audio'

const words = [
  { startMs: 0, endMs: 300, start: 0, end: 3 },
  { startMs: 400, endMs: 700, start: 4, end: 7 },
  { startMs: 900, endMs: 1200, start: 8, end: 13 },
]

describe('wordIndexAt', () => {
  it.each([
    [0, 0, 'the first word from its start'],
    [350, 0, 'the word before a gap until the next starts'],
    [400, 1, 'the next word from the moment it starts'],
    [5000, 2, 'the last word after the end'],
  ])('at %i ms: word %i (%s)', (ms, index) => {
    expect(wordIndexAt(words, ms)).toBe(index)
  })

  it('is -1 before the first word starts, and for no words', () => {
    expect(wordIndexAt([{ ...words[0]!, startMs: 200 }], 100)).toBe(-1)
    expect(wordIndexAt([], 100)).toBe(-1)
  })
})
