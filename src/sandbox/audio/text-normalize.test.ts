import { describe, expect, it } from 'vitest'
import { integerToWords, normalizeToken } from './text-normalize.js'

describe('text normalization', () => {
  it.each([
    ['55', 'fifty-five'],
    ['0', 'zero'],
    ['1,234', 'one thousand two hundred thirty-four'],
    ['-3.25', 'minus three point two five'],
    ['21st', 'twenty-first'],
    ['12th', 'twelfth'],
    ['40%', 'forty percent'],
    ['$5.50', 'five dollars and fifty cents'],
    ['£1', 'one pound'],
    ['2024-05-01', 'May first, twenty twenty-four'],
    ['1999-12-31', 'December thirty-first, nineteen ninety-nine'],
    ['10:30', 'ten thirty'],
    ['7:05', 'seven oh five'],
    ['9:00', "nine o'clock"],
  ])('%s -> %s', (token, spoken) => {
    expect(normalizeToken(token)).toBe(spoken)
  })

  it('leaves words and impossible dates alone', () => {
    expect(normalizeToken('hello')).toBeNull()
    expect(normalizeToken('2024-13-01')).toBeNull()
    expect(normalizeToken('25:99')).toBeNull()
  })

  it('spells large numbers with scales', () => {
    expect(integerToWords(3_000_000_017)).toBe('three billion seventeen')
  })
})
