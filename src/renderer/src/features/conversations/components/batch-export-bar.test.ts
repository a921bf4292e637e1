import { describe, expect, it } from 'vitest'
import { listingText } from './batch-export-bar'

describe('listingText', () => {
  it('names no count until calls are found, then how many', () => {
    expect(listingText(0)).toBe('Finding the calls that match…')
    expect(listingText(0)).not.toMatch(/\d/)
    expect(listingText(1240)).toBe('Finding the calls that match: 1,240 found so far…')
  })
})
