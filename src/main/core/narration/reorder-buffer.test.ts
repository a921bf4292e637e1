import { describe, expect, it } from 'vitest'
import { ReorderBuffer } from './reorder-buffer'

describe('ReorderBuffer', () => {
  it('releases items in index order and holds only those that came early', () => {
    const buffer = new ReorderBuffer<string>()
    expect(buffer.push(2, 'c')).toEqual([])
    expect(buffer.push(1, 'b')).toEqual([])
    expect(buffer.size).toBe(2)
    expect(buffer.push(0, 'a')).toEqual(['a', 'b', 'c'])
    expect(buffer.size).toBe(0)
    expect(buffer.push(3, 'd')).toEqual(['d'])
    expect(buffer.nextIndex).toBe(4)
  })

  it('starts at a given index (resume) and refuses duplicates', () => {
    const buffer = new ReorderBuffer<number>(5)
    expect(buffer.push(5, 50)).toEqual([50])
    expect(() => buffer.push(5, 51)).toThrow(/already/)
    expect(buffer.push(7, 70)).toEqual([])
    expect(() => buffer.push(7, 71)).toThrow(/already/)
  })

  it('delivers any permutation in order', () => {
    const order = [5, 3, 0, 9, 1, 2, 8, 4, 7, 6]
    const buffer = new ReorderBuffer<number>()
    const out = order.flatMap((i) => buffer.push(i, i))
    expect(out).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })
})
