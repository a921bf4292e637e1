import { describe, expect, it } from 'vitest'
import { localeName, modelName } from './voice-names'

describe('language and model names', () => {
  it('names a language and its region in words, in one style for every locale', () => {
    expect(localeName('en-GB')).toBe('English (United Kingdom)')
    expect(localeName('en-US')).toBe('English (United States)')
    expect(localeName('fr-FR')).toBe('French (France)')
    expect(localeName('pt-BR')).toBe('Portuguese (Brazil)')
    expect(localeName('de-DE')).toBe('German (Germany)')
  })

  it('keeps a tag the runtime cannot name, and one that is not a tag at all', () => {
    expect(localeName('not a locale')).toBe('not a locale')
    expect(localeName('')).toBe('')
    expect(localeName('qaa-QM')).toBe('qaa-QM')
  })

  it('names the documented models, and turns any other id into words', () => {
    expect(modelName('simba-english')).toBe('Simba English')
    expect(modelName('simba-multilingual')).toBe('Simba Multilingual')
    expect(modelName('simba-3.0')).toBe('Simba 3.0')
    expect(modelName('acme-turbo-v2')).toBe('Acme Turbo v2')
    expect(modelName('studio_hd')).toBe('Studio Hd')
    expect(modelName('simba_english')).toBe('Simba English')
    expect(modelName('simba-v2')).toBe('Simba v2')
    expect(modelName('--')).toBe('--')
  })
})
