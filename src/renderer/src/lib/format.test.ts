import { describe, expect, it } from 'vitest'
import { formatClock, formatRelative } from './format'

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
