import { describe, expect, it } from 'vitest'
import type { Voice } from '../../../../../shared/domain/voice'
import { projectChoices } from './project-choices'

function voice(id: string, locale: string | null, models: Record<string, string[]>): Voice {
  return {
    id,
    type: 'shared',
    displayName: id,
    gender: 'not_specified',
    locale,
    avatarUrl: null,
    previewUrl: null,
    tags: [],
    models: Object.entries(models).map(([name, locales]) => ({
      name,
      languages: locales.map((l) => ({ locale: l, previewUrl: null })),
    })),
  }
}

describe('the project settings choices', () => {
  it('lists every language and model the voices name, once each, sorted by what the user reads', () => {
    const voices = [
      voice('ada', 'en-US', { 'simba-english': ['en-US', 'en-GB'] }),
      voice('bea', 'fr-FR', { 'simba-multilingual': ['fr-FR', 'de-DE', 'en-US'] }),
    ]
    const { languages, models } = projectChoices(voices, {})
    expect(languages.map((l) => l.label)).toEqual([
      'English (United Kingdom)',
      'English (United States)',
      'French (France)',
      'German (Germany)',
    ])
    expect(languages.map((l) => l.value)).toEqual(['en-GB', 'en-US', 'fr-FR', 'de-DE'])
    expect(models).toEqual([
      { value: 'simba-english', label: 'Simba English' },
      { value: 'simba-multilingual', label: 'Simba Multilingual' },
    ])
  })

  it("keeps the project's own language and model when no voice lists them", () => {
    const { languages, models } = projectChoices([], { language: 'es-MX', model: 'simba-legacy' })
    expect(languages).toEqual([{ value: 'es-MX', label: 'Spanish (Mexico)' }])
    expect(models).toEqual([{ value: 'simba-legacy', label: 'Simba Legacy' }])
  })

  it('offers no bare language or malformed locale: the service takes language-REGION only', () => {
    const { languages } = projectChoices([voice('cy', 'en', { m: ['EN-gb', 'pt-BR', ''] })], {})
    expect(languages.map((l) => l.value)).toEqual(['pt-BR'])
  })
})
