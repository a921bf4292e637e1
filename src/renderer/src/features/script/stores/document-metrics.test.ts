import { describe, expect, it, vi } from 'vitest'
import * as billable from '../../../../../shared/domain/billable'
import type { LexiconEntry } from '../../../../../shared/domain/script'
import { billableCount, totalBillableOf } from './document-metrics'

vi.mock('../../../../../shared/domain/billable', { spy: true })

const counts = vi.mocked(billable.billableCharacters)

describe('billable counts while typing', () => {
  it('counts a block once per lexicon, and counts again when the block or the lexicon changes', () => {
    const none: LexiconEntry[] = []
    const block = { text: 'Dr Smith waits.', ssml: false }
    counts.mockClear()
    expect(billableCount(block, none)).toBe(15)
    expect(billableCount(block, none)).toBe(15)
    expect(counts).toHaveBeenCalledTimes(1)

    // The next key replaces the block: a new object, counted anew.
    const typed = { ...block, text: 'Dr Smith waits..' }
    expect(billableCount(typed, none)).toBe(16)
    expect(counts).toHaveBeenCalledTimes(2)

    // A new lexicon (entries are replaced, never mutated) changes what is spoken.
    const lexicon: LexiconEntry[] = [{ term: 'Dr', alias: 'Doctor', matchCase: true }]
    expect(billableCount(block, lexicon)).toBe(19)
    expect(billableCount(block, none)).toBe(15)
    expect(counts).toHaveBeenCalledTimes(4)
  })

  it('totals the billable characters of many blocks', () => {
    const none: LexiconEntry[] = []
    const blocks = [
      { id: 'a', text: 'One.', ssml: false },
      { id: 'b', text: '<speak>Two <break time="1s"/> three.</speak>', ssml: true },
    ]
    // "One." is 4; the SSML block is billed without its tags: "Two  three." is 11.
    expect(totalBillableOf(blocks as never, none)).toBe(15)
  })
})
