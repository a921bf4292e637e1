import { describe, expect, it } from 'vitest'
import { genderLabel, localeName, modelName, tagLabel, tagSummary } from './voice-labels'

describe('voice labels', () => {
  it('names locales in words, and keeps a code the runtime does not know', () => {
    expect(localeName('en-GB')).toBe('English (United Kingdom)')
    expect(localeName('en-US')).toBe('English (United States)')
    expect(localeName('fr-FR')).toBe('French (France)')
    expect(localeName('pt-BR')).toBe('Portuguese (Brazil)')
    expect(localeName('not a locale')).toBe('not a locale')
  })

  it('names the documented models, and turns any other id into words', () => {
    expect(modelName('simba-english')).toBe('Simba English')
    expect(modelName('simba-multilingual')).toBe('Simba Multilingual')
    expect(modelName('simba-3.0')).toBe('Simba 3.0')
    expect(modelName('acme-turbo-v2')).toBe('Acme Turbo v2')
    expect(modelName('studio_hd')).toBe('Studio Hd')
    expect(modelName('--')).toBe('--')
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
