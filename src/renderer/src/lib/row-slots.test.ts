import { describe, expect, it } from 'vitest'
import { rowSlotCount, rowSlotKey } from './row-slots'

describe('rowSlotCount', () => {
  it.each([
    { viewport: 440, row: 44, overscan: 4, rendered: 10, slots: 19 },
    { viewport: 450, row: 44, overscan: 4, rendered: 10, slots: 20 },
    { viewport: 0, row: 44, overscan: 4, rendered: 7, slots: 7 },
    { viewport: 440, row: 44, overscan: 0, rendered: 30, slots: 30 },
    { viewport: 0, row: 44, overscan: 0, rendered: 0, slots: 1 },
  ])(
    '$viewport px of $row px rows, overscan $overscan, $rendered held: $slots',
    ({ viewport, row, overscan, rendered, slots }) => {
      expect(rowSlotCount(viewport, row, overscan, rendered)).toBe(slots)
    },
  )
})

describe('rowSlotKey', () => {
  it('gives every row of a window its own key, wherever the window starts', () => {
    const slots = rowSlotCount(500, 44, 3, 0)
    for (const start of [0, 1, 17, 9_981]) {
      const keys = Array.from({ length: slots }, (_, i) => rowSlotKey(start + i, slots))
      expect(new Set(keys).size).toBe(slots)
    }
  })

  it('hands the keys of the rows that left to the rows that came, and keeps the others', () => {
    const slots = 20
    const before = new Map(
      Array.from({ length: slots }, (_, i) => [100 + i, rowSlotKey(100 + i, slots)]),
    )
    // Scrolled down by 7 rows: 100-106 left, 120-126 came.
    const after = new Map(
      Array.from({ length: slots }, (_, i) => [107 + i, rowSlotKey(107 + i, slots)]),
    )
    for (let index = 107; index < 120; index++) expect(after.get(index)).toBe(before.get(index))
    const freed = new Set([100, 101, 102, 103, 104, 105, 106].map((i) => before.get(i)))
    for (let index = 120; index < 127; index++) expect(freed.has(after.get(index))).toBe(true)
  })
})
