import { describe, expect, it } from 'vitest'
import { chapterTitleForFile, splitFileName, splitPartCount } from './render-outputs'

describe('split file names', () => {
  it('names a chapter file "NN - Title.ext", as audiobook stores and players list them', () => {
    const chapters = { mode: 'chapter' as const, parts: 12 }
    expect(splitFileName(1, 'The Harbour at Dawn', 'mp3', chapters)).toBe(
      '01 - The Harbour at Dawn.mp3',
    )
    expect(splitFileName(12, 'Épilogue', 'wav', chapters)).toBe('12 - Épilogue.wav')
  })

  it('gives every number as many digits as the last one needs, so names sort in order', () => {
    const names = [1, 9, 10, 99, 100, 120].map((n) =>
      splitFileName(n, `Part ${n}`, 'mp3', { mode: 'chapter', parts: 120 }),
    )
    expect(names[0]).toBe('001 - Part 1.mp3')
    expect([...names].sort()).toEqual(names)
  })

  it('keeps block files as they were: 001-block-id.ext', () => {
    expect(splitFileName(3, 'b-42', 'wav', { mode: 'block', parts: 500 })).toBe('003-b-42.wav')
  })

  it('takes out what file systems refuse, trailing dots and spaces, and over-long titles', () => {
    expect(chapterTitleForFile('Act 1: "Who?" / <Why> | Now*', 4)).toBe('Act 1 Who Why Now')
    expect(chapterTitleForFile('The end... ', 2)).toBe('The end')
    expect(chapterTitleForFile('tab\there\nnewline', 2)).toBe('tab here newline')
    expect([...chapterTitleForFile('ж'.repeat(200), 1)]).toHaveLength(80)
    expect(chapterTitleForFile(' ?*: ', 7)).toBe('Chapter 7')
  })

  it('counts one file per block, or per run of blocks in one chapter', () => {
    const blocks = [
      { id: 'a', chapter: null },
      { id: 'b', chapter: 'One' },
      { id: 'c', chapter: 'One' },
      { id: 'd', chapter: 'Two' },
    ]
    expect(splitPartCount(blocks, 'block')).toBe(4)
    expect(splitPartCount(blocks, 'chapter')).toBe(3)
  })
})
