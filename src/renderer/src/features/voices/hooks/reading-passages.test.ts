import { describe, expect, it } from 'vitest'
import { readingPassageFor } from './reading-passages'

const words = (text: string): number => text.split(/\s+/).filter((w) => w !== '').length

describe('readingPassageFor', () => {
  it('gives the passage in the voice’s language, by its locale', () => {
    expect(readingPassageFor('de-DE')).toMatchObject({ lang: 'de' })
    expect(readingPassageFor('de-DE').text).toContain('Hafen')
    expect(readingPassageFor('fr_CA').lang).toBe('fr')
    expect(readingPassageFor('es').text).toContain('puerto')
  })

  it('falls back to English for no locale or a language without a passage', () => {
    expect(readingPassageFor('')).toMatchObject({ lang: 'en' })
    expect(readingPassageFor('ja-JP')).toMatchObject({ lang: 'en' })
    expect(readingPassageFor('ja-JP').text).toContain('harbour')
  })

  it('is about 60 words in every language: 10 to 30 seconds read at an easy pace', () => {
    for (const locale of ['en', 'de', 'fr', 'es']) {
      const count = words(readingPassageFor(locale).text)
      expect(count, locale).toBeGreaterThanOrEqual(55)
      expect(count, locale).toBeLessThanOrEqual(70)
    }
  })
})
