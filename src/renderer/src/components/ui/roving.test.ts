import { describe, expect, it } from 'vitest'
import { rovingTarget } from './roving'

describe('rovingTarget: arrow keys, Home and End in a toolbar or a menu', () => {
  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 3, 0],
    ['ArrowLeft', 0, 3],
    ['ArrowLeft', 2, 1],
    ['Home', 2, 0],
    ['End', 1, 3],
    ['ArrowDown', 1, null],
    ['Enter', 1, null],
  ] as const)('in a row of 4, %s from %i goes to %s', (key, at, to) => {
    expect(rovingTarget(key, at, 4, 'horizontal')).toBe(to)
  })

  it.each([
    ['ArrowDown', 0, 1],
    ['ArrowDown', 2, 0],
    ['ArrowUp', 0, 2],
    ['End', 0, 2],
    ['ArrowRight', 0, null],
  ] as const)('in a column of 3, %s from %i goes to %s', (key, at, to) => {
    expect(rovingTarget(key, at, 3, 'vertical')).toBe(to)
  })

  it('from no focused item (-1), the next arrow goes to the first and the previous to the last', () => {
    expect(rovingTarget('ArrowDown', -1, 3, 'vertical')).toBe(0)
    expect(rovingTarget('ArrowUp', -1, 3, 'vertical')).toBe(2)
  })

  it('moves nowhere when there is nothing to move to', () => {
    expect(rovingTarget('ArrowDown', -1, 0, 'vertical')).toBeNull()
  })
})
