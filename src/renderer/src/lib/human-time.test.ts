import { describe, expect, it } from 'vitest'
import { humanPastTime, humanTime } from './human-time'

const now = new Date(2026, 2, 12, 14, 30).getTime()
const at = (...parts: [number, number, number, number, number]): string =>
  new Date(...parts).toISOString()

describe('humanTime', () => {
  it('says recent moments in words, without seconds', () => {
    expect(humanTime(new Date(now - 20_000).toISOString(), now)).toBe('just now')
    expect(humanTime(new Date(now - 60_000).toISOString(), now)).toBe('1 minute ago')
    expect(humanTime(new Date(now - 2 * 60_000 - 5_000).toISOString(), now)).toBe('2 minutes ago')
  })

  it('names the day, and the date with the year only when it is another year', () => {
    expect(humanTime(at(2026, 2, 12, 9, 5), now)).toMatch(/^today 0?9[:.]05/)
    expect(humanTime(at(2026, 2, 11, 22, 0), now)).toMatch(/^yesterday /)
    expect(humanTime(at(2026, 2, 13, 8, 0), now)).toMatch(/^tomorrow /)
    const earlier = humanTime(at(2026, 0, 3, 14, 5), now)
    expect(earlier).not.toMatch(/2026/)
    expect(earlier).not.toMatch(/:\d\d:\d\d/)
    expect(humanTime(at(2025, 11, 24, 14, 5), now)).toMatch(/2025/)
  })

  it('reads a past moment that looks ahead of a stale clock as just now, not as a time of day', () => {
    const checked = new Date(now + 20_000).toISOString()
    expect(humanTime(checked, now)).toMatch(/^today /)
    expect(humanPastTime(checked, now)).toBe('just now')
    expect(humanPastTime(new Date(now - 2 * 60_000).toISOString(), now)).toBe('2 minutes ago')
  })
})
