import { describe, expect, it } from 'vitest'
import { genderLabel, tagLabel, tagSummary } from './voice-labels'

describe('voice labels', () => {
  it('reads a "kind:value" tag as words, and a bare tag as one word', () => {
    expect(tagLabel('timbre:warm')).toEqual({ kind: 'Timbre', value: 'Warm', text: 'Timbre: warm' })
    expect(tagLabel('style:news_reading')).toEqual({
      kind: 'Style',
      value: 'News reading',
      text: 'Style: news reading',
    })
    expect(tagLabel('synthetic')).toEqual({ kind: null, value: 'Synthetic', text: 'Synthetic' })
    expect(tagLabel(':odd')).toEqual({ kind: null, value: 'Odd', text: 'Odd' })
    expect(tagLabel('mood:')).toEqual({ kind: null, value: 'Mood', text: 'Mood' })
  })

  it('sums up the tags of a row by their values', () => {
    expect(tagSummary(['timbre:warm', 'style:narration', 'synthetic'])).toBe(
      'Warm · Narration · Synthetic',
    )
    expect(tagSummary([])).toBe('')
  })

  it('spells genders', () => {
    expect(genderLabel('not_specified')).toBe('Not specified')
  })
})
