import { describe, expect, it } from 'vitest'
import { formatClock, formatDay, formatRelative, secondsInWords } from './format'

describe('formatRelative', () => {
  const now = Date.parse('2026-07-20T10:00:00Z')
  it('counts minutes and hours ahead', () => {
    expect(formatRelative(now + 42 * 60_000, now)).toBe('in 42 min')
    expect(formatRelative(now + 65 * 60_000, now)).toBe('in 1 h 5 min')
    expect(formatRelative(now + 20_000, now)).toBe('in less than a minute')
  })
  it('counts the past', () => {
    expect(formatRelative(now - 3 * 60_000, now)).toBe('3 min ago')
    expect(formatRelative(now - 10_000, now)).toBe('just now')
  })
})

describe('formatClock', () => {
  it('reads minutes and seconds, and hours from an hour up', () => {
    expect(formatClock(9.6)).toBe('0:09')
    expect(formatClock(9.6, Math.round)).toBe('0:10')
    expect(formatClock(605)).toBe('10:05')
    expect(formatClock(3600 + 62)).toBe('1:01:02')
    expect(formatClock(-3)).toBe('0:00')
  })
})

describe('formatDay', () => {
  // Local times: the day boundaries are the user's own midnight.
  const now = new Date(2026, 2, 12, 15, 30, 0).getTime()
  it('says today and yesterday with the time, without seconds', () => {
    const today = new Date(2026, 2, 12, 12, 28, 3).toISOString()
    expect(formatDay(today, now, 'en-GB')).toBe('today at 12:28')
    const yesterday = new Date(2026, 2, 11, 9, 5, 59).toISOString()
    expect(formatDay(yesterday, now, 'en-GB')).toBe('yesterday at 09:05')
  })
  it('names an older day in words', () => {
    const older = new Date(2026, 2, 1, 23, 59, 59).toISOString()
    expect(formatDay(older, now, 'en-GB')).toBe('1 March 2026')
    expect(formatDay(new Date(2025, 11, 24, 8, 0).toISOString(), now, 'en-GB')).toBe(
      '24 December 2025',
    )
  })
  it('leaves a value that is not a date as it came', () => {
    expect(formatDay('not a date', now)).toBe('not a date')
  })
})

describe('secondsInWords', () => {
  it('says a length in whole seconds and minutes, never "3.1 s"', () => {
    expect(secondsInWords(0.2)).toBe('less than a second')
    expect(secondsInWords(1.2)).toBe('1 second')
    expect(secondsInWords(3.1)).toBe('3 seconds')
    expect(secondsInWords(59.6)).toBe('1 minute')
    expect(secondsInWords(65)).toBe('1 minute 5 seconds')
    expect(secondsInWords(121)).toBe('2 minutes 1 second')
  })
})
