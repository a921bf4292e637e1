import { describe, expect, it } from 'vitest'
import type { PlaybackWord } from '../../../../../shared/domain/render-playback'
import { lineAround } from './transcript-line'

/** Words of each block in turn, a word a second. */
function wordsOf(blocks: Record<string, string>): PlaybackWord[] {
  const words: PlaybackWord[] = []
  for (const [blockId, text] of Object.entries(blocks)) {
    let start = 0
    for (const word of text.split(' ')) {
      const ms = words.length * 1000
      words.push({
        blockId,
        text: word,
        start,
        end: start + word.length,
        startMs: ms,
        endMs: ms + 900,
      })
      start += word.length + 1
    }
  }
  return words
}

const text = (words: PlaybackWord[]): string => words.map((w) => w.text).join(' ')

describe('lineAround', () => {
  const words = wordsOf({
    b25: 'The tide turned at bell 25, and the harbour lights came on.',
    b26: 'The tide turned at bell 26, and the harbour lights came on.',
    b27: 'The tide turned at bell 27, and the harbour lights came on.',
  })

  it('shows the whole line being heard, from its first word, and nothing of the next', () => {
    const heard = words.findIndex((w) => w.blockId === 'b26' && w.text === 'tide')
    expect(text(lineAround(words, heard))).toBe(
      'The tide turned at bell 26, and the harbour lights came on.',
    )
    const last = words.findIndex((w) => w.blockId === 'b26' && w.text === 'on.')
    expect(text(lineAround(words, last))).toBe(
      'The tide turned at bell 26, and the harbour lights came on.',
    )
  })

  it('shows a stretch of a long paragraph around the word heard, a few words before it', () => {
    const long = wordsOf({ b1: Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ') })
    const shown = lineAround(long, 50)
    expect(shown[0]?.text).toBe('w38')
    expect(shown).toHaveLength(40)
    expect(shown).toContain(long[50])
  })

  it('shows nothing when no word is heard', () => {
    expect(lineAround([], 0)).toEqual([])
  })
})
