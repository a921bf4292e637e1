import { describe, expect, it } from 'vitest'
import { alignWords, checkScript, compareWords } from './script-check'
import { wordsOf } from './spoken-words'

const w = (text: string) => wordsOf(text)

describe('script-vs-audio check', () => {
  it('aligns with a longest common subsequence', () => {
    expect(alignWords(['a', 'b', 'c', 'd'], ['a', 'c', 'd'])).toEqual([
      [0, 0],
      [2, 1],
      [3, 2],
    ])
  })

  it('finds nothing when the words match (case and apostrophes folded)', () => {
    expect(compareWords(w("Don't stop, Bob."), w('don’t stop bob'))).toEqual([])
  })

  it('reports skipped, repeated, out-of-order and unexpected words', () => {
    const script = w('one two three four five')
    expect(compareWords(script, w('one three four five')).map((i) => [i.kind, i.word])).toEqual([
      ['skipped', 'two'],
    ])
    expect(
      compareWords(script, w('one two two three four five')).map((i) => [i.kind, i.word]),
    ).toEqual([['repeated', 'two']])
    expect(compareWords(script, w('one three two four five')).map((i) => i.kind)).toEqual([
      'out-of-order',
    ])
    expect(
      compareWords(script, w('one two three banana four five')).map((i) => [i.kind, i.word]),
    ).toEqual([['unexpected', 'banana']])
  })

  it('reports per block and counts numbers spoken as words without flagging them', () => {
    const blocks = [
      { id: 'a', text: 'I have 55 books.' },
      { id: 'b', text: 'Skip me not.' },
    ]
    const timed = (
      blockIndex: number,
      text: string,
      pick: number[],
      spoken?: Record<number, string>,
    ) =>
      pick.map((i) => {
        const word = wordsOf(text)[i]!
        return {
          blockIndex,
          text: word.word,
          spoken: spoken?.[i] ?? word.word,
          srcStart: word.offset,
          srcEnd: word.offset + word.word.length,
          startMs: i * 100,
          endMs: i * 100 + 80,
        }
      })
    const checks = checkScript(blocks, [
      {
        blockIndex: 0,
        srcStart: 0,
        srcEnd: 16,
        words: timed(0, blocks[0]!.text, [0, 1, 2, 3], { 2: 'fifty five' }),
      },
      { blockIndex: 1, srcStart: 0, srcEnd: 12, words: timed(1, blocks[1]!.text, [0, 2]) },
    ])
    expect(checks[0]).toMatchObject({
      blockId: 'a',
      issues: [],
      normalizedWords: 1,
      scriptWords: 4,
    })
    expect(checks[1]!.issues).toEqual([{ kind: 'skipped', word: 'me', offset: 5 }])
  })
})
