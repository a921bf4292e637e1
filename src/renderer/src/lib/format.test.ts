import { describe, expect, it } from 'vitest'
import { formatRelative } from './format'

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
