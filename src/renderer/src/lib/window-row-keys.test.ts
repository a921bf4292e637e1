import { describe, expect, it } from 'vitest'
import { windowRowKey } from './window-row-keys'

/** The keys of a window of `count` rows from `first`, in page order. */
function keysOf(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => windowRowKey(first + i, first))
}

describe('windowRowKey', () => {
  it('gives every row of a window its own key, wherever the window starts', () => {
    for (const first of [0, 1, 17, 9_981]) expect(new Set(keysOf(first, 21)).size).toBe(21)
  })

  it('keeps the keys in the same order after a scroll of any length, so no element moves', () => {
    const before = keysOf(100, 21)
    // Down by a row, by most of the window, by more than the window; up by a few rows.
    for (const first of [101, 114, 400, 96]) expect(keysOf(first, 21)).toEqual(before)
    // A window that grows or shrinks by a row at its end keeps the others' keys as they were.
    expect(keysOf(130, 22).slice(0, 21)).toEqual(before)
    expect(keysOf(130, 20)).toEqual(before.slice(0, 20))
  })
})
