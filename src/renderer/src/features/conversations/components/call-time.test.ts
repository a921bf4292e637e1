import { describe, expect, it } from 'vitest'
import { callTime } from './call-time'

// Local times, so "today" is the test machine's day whatever its zone.
const NOW = new Date(2026, 10, 28, 15, 0).getTime()
const at = (...parts: [number, number, number, number, number, number?]): string =>
  new Date(...parts).toISOString()

describe('callTime: one format for every call time on the screen', () => {
  it('says today and yesterday in words, older days by date, to the minute', () => {
    expect(callTime(at(2026, 10, 28, 0, 59, 13), NOW)).toMatch(/^today 12:59\sAM$/)
    expect(callTime(at(2026, 10, 28, 14, 59, 50), NOW)).toMatch(/^today 2:59\sPM$/)
    expect(callTime(at(2026, 10, 27, 0, 23), NOW)).toMatch(/^yesterday 12:23\sAM$/)
    expect(callTime(at(2026, 6, 20, 10, 0, 2), NOW)).toMatch(/^Jul 20, 10:00\sAM$/)
    expect(callTime(at(2025, 6, 20, 10, 0), NOW)).toMatch(/^Jul 20, 2025, 10:00\sAM$/)
  })

  it('never shows seconds nor a relative "ago", and a missing time is a dash', () => {
    const recent = callTime(at(2026, 10, 28, 14, 59, 59), NOW)
    expect(recent).not.toMatch(/ago|just now|:\d\d:\d\d/)
    expect(callTime(null, NOW)).toBe('—')
    expect(callTime('not a date', NOW)).toBe('—')
  })
})
