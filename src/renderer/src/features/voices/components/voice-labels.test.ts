import { describe, expect, it } from 'vitest'
import { genderLabel, localeName, modelName, tagLabel, tagSummary } from './voice-labels'

describe('voice labels', () => {
  it.each([
    ['en-GB', 'English (United Kingdom)'],
    ['en-US', 'English (United States)'],
    ['fr-FR', 'French (France)'],
    ['pt-BR', 'Portuguese (Brazil)'],
    ['not a locale', 'not a locale'],
  ])('names locales in words, and keeps a code the runtime does not know: %s', (code, name) => {
    expect(localeName(code)).toBe(name)
  })

  it.each([
    ['simba-english', 'Simba English'],
    ['simba-multilingual', 'Simba Multilingual'],
    ['simba-3.0', 'Simba 3.0'],
    ['acme-turbo-v2', 'Acme Turbo v2'],
    ['studio_hd', 'Studio Hd'],
    ['--', '--'],
  ])('names the documented models, and turns any other id into words: %s', (id, name) => {
    expect(modelName(id)).toBe(name)
  })

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
