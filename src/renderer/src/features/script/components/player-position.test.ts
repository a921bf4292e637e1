import { describe, expect, it } from 'vitest'
import { chapterAt, playerKeyMove, spokenClock } from './player-position'

const plain = { shiftKey: false, ctrlKey: false, metaKey: false, altKey: false }

describe('spokenClock', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [61.9, '1 minute 1 second'],
    [3600, '1 hour 0 seconds'],
    [7384, '2 hours 3 minutes 4 seconds'],
    [-3, '0 seconds'],
  ])('%f s reads "%s"', (seconds, words) => {
    expect(spokenClock(seconds)).toBe(words)
  })
})

describe('chapterAt', () => {
  const chapters = [
    { title: 'One', startSeconds: 0 },
    { title: 'Two', startSeconds: 60 },
    { title: 'Three', startSeconds: 120 },
  ]

  it.each([
    [0, 0],
    [59.9, 0],
    [59.96, 1],
    [60, 1],
    [500, 2],
  ])('at %f s: chapter %i (a mark 50 ms ahead counts as reached)', (seconds, index) => {
    expect(chapterAt(chapters, seconds)).toBe(index)
  })

  it('is null with no chapters, or before the first one starts', () => {
    expect(chapterAt([], 10)).toBeNull()
    expect(chapterAt([{ title: 'Late', startSeconds: 30 }], 10)).toBeNull()
  })
})

describe('playerKeyMove', () => {
  it.each([
    ['ArrowLeft', false, 95],
    ['ArrowDown', false, 95],
    ['ArrowRight', false, 105],
    ['ArrowUp', false, 105],
    ['ArrowLeft', true, 70],
    ['ArrowRight', true, 130],
    ['Home', false, 0],
    ['End', false, 600],
  ])('%s (Shift %s) at 100 s of 600 s seeks to %i s', (key, shiftKey, to) => {
    expect(playerKeyMove({ ...plain, key, shiftKey }, 100, 600)).toEqual({ kind: 'seek', to })
  })

  it('plays or pauses on Space', () => {
    expect(playerKeyMove({ ...plain, key: ' ' }, 100, 600)).toEqual({ kind: 'toggle' })
  })

  it.each([
    [{ key: 'a' }],
    [{ key: 'Enter' }],
    [{ key: 'ArrowLeft', ctrlKey: true }],
    [{ key: 'ArrowRight', metaKey: true }],
    [{ key: ' ', altKey: true }],
  ])('leaves %o to the rest of the app', (event) => {
    expect(playerKeyMove({ ...plain, ...event }, 100, 600)).toBeNull()
  })
})
