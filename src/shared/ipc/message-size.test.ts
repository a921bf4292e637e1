import { describe, expect, it } from 'vitest'
import { MESSAGE_VALUE_COST as V } from './contract-types'
import { measureMessage } from './message-size'

const BIG = Number.MAX_SAFE_INTEGER

describe('measureMessage', () => {
  it('counts values, string lengths, keys and binary byteLength', () => {
    expect(measureMessage(undefined, BIG)).toBe(V)
    expect(measureMessage('abcd', BIG)).toBe(V + 4)
    expect(measureMessage(new Uint8Array(1000), BIG)).toBe(V + 1000)
    expect(measureMessage(new ArrayBuffer(10), BIG)).toBe(V + 10)
    // {id: 'ab', n: 1}: the object, two entries (each a value) and the keys' lengths.
    expect(measureMessage({ id: 'ab', n: 1 }, BIG)).toBe(V + 2 * V + 2 + 'id'.length + 'n'.length)
    expect(measureMessage(['a', 'b'], BIG)).toBe(V + 2 * V + 2)
    expect(measureMessage(new Map([['k', 'v']]), BIG)).toBe(V + 2 * V + 2)
    expect(measureMessage(new Set(['xyz']), BIG)).toBe(V + V + 3)
  })

  it('counts an object sent twice twice, as handlers would read it twice', () => {
    const block = { text: 'x'.repeat(1000) }
    const once = measureMessage([block], BIG)
    expect(measureMessage([block, block], BIG)).toBe(2 * once - V)
  })

  it('stops at the budget: a cycle and a sparse array of 4 billion holes end at once', () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(measureMessage(cycle, 10_000)).toBeGreaterThan(10_000)
    expect(measureMessage(new Array(2 ** 32 - 1), 10_000)).toBeGreaterThan(10_000)
  })

  it('does not read values past the budget', () => {
    let reads = 0
    const items = Array.from({ length: 10_000 }, () => ({
      get value() {
        reads += 1
        return 'x'.repeat(100)
      },
    }))
    // 10,000 items are charged before any is read: the list alone is over a small budget.
    expect(measureMessage(items, 1000)).toBeGreaterThan(1000)
    expect(reads).toBe(0)
    // Within a bigger budget the walk reads values until it passes it, then stops.
    expect(measureMessage(items, 100_000)).toBeGreaterThan(100_000)
    expect(reads).toBeGreaterThan(0)
    expect(reads).toBeLessThan(1000)
  })
})
