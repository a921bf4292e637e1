import { describe, expect, it } from 'vitest'
import { countText } from './inbox-status'

describe('countText', () => {
  it('says how many calls in words, never "shown of loaded"', () => {
    expect(countText({ shown: 102, loaded: 102, total: 102 }, false, false)).toBe('102 calls')
    expect(countText({ shown: 1, loaded: 1, total: 9 }, false, true)).toBe('1 call')
    expect(countText({ shown: 100, loaded: 100, total: 2010 }, true, false)).toBe('2,010 calls')
    expect(countText({ shown: 12, loaded: 300, total: 2010 }, true, false)).toBe(
      '12 of the newest 300 calls match',
    )
    expect(countText({ shown: 3, loaded: 40, total: 2010 }, false, true)).toBe(
      '3 of 40 calls match',
    )
  })

  it('does not call the account total the size of a filtered list', () => {
    expect(countText({ shown: 100, loaded: 100, total: 2010 }, true, true)).toBe(
      'Newest first; older calls load as you scroll',
    )
  })

  it('never names how many happen to be loaded, which a live call makes 101 one day, 100 the next', () => {
    expect(countText({ shown: 101, loaded: 101, total: 2010 }, true, false)).toBe('2,010 calls')
    expect(countText({ shown: 100, loaded: 100, total: 205 }, true, false)).toBe('205 calls')
    // A call that arrived after the total was counted: the count never says fewer than listed.
    expect(countText({ shown: 101, loaded: 101, total: 100 }, true, false)).toBe('101 calls')
    expect(countText({ shown: 101, loaded: 101, total: undefined }, true, true)).not.toMatch(/\d/)
  })
})
