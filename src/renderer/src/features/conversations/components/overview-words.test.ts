import { describe, expect, it } from 'vitest'
import { dayText, savedText } from './overview-words'

describe('savedText', () => {
  const savedAt = Date.parse('2026-11-27T14:02:00')
  it('says the figures come from the calls saved at an earlier start, and that newer ones are read', () => {
    const text = savedText({ savedAt, fromDay: '2026-11-21', complete: true })
    expect(text).toMatch(/^From your calls saved .*27.*; reading the newer ones…$/)
    expect(text).not.toContain('back to')
  })

  it('says how far back the saved calls reach when they do not cover the whole period', () => {
    const text = savedText({ savedAt, fromDay: '2026-11-24', complete: false })
    expect(text).toContain(`back to ${dayText('2026-11-24')} only`)
  })
})
