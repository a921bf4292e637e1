import { describe, expect, it } from 'vitest'
import { spokenLength } from './spoken-length'

describe('a length as a person says it', () => {
  it('reads seconds, minutes and hours without fractions of a minute', () => {
    expect(spokenLength(0.3 * 60)).toBe('18 seconds')
    expect(spokenLength(1)).toBe('1 second')
    expect(spokenLength(72)).toBe('1 min 12 s')
    expect(spokenLength(120)).toBe('2 min')
    expect(spokenLength(7200)).toBe('2 hours')
    expect(spokenLength(7260)).toBe('2 h 1 min')
    expect(spokenLength(7230)).toBe('2 h 0 min 30 s')
  })
})
