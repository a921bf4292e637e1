import { describe, expect, it } from 'vitest'
import type { Voice } from '../../../../../shared/domain/voice'
import { spokenLanguages, tagWords, voiceFacts, voiceMoods, voiceUse } from './voice-words'

function voice(overrides: Partial<Voice>): Voice {
  return {
    id: 'louis',
    type: 'shared',
    displayName: 'Louis',
    gender: 'male',
    locale: 'fr-FR',
    avatarUrl: null,
    previewUrl: null,
    tags: [],
    models: [],
    ...overrides,
  }
}

describe('voiceFacts', () => {
  it('says the language and the gender in words', () => {
    expect(voiceFacts(voice({}))).toBe('French (France) · Male')
  })
  it('leaves out a gender the service did not specify', () => {
    expect(voiceFacts(voice({ gender: 'not_specified', locale: 'zh-CN' }))).toBe('Chinese (China)')
  })
})

describe('voiceMoods', () => {
  it('says the emotions a voice can take as words, never as its raw tag', () => {
    const arthur = voice({
      tags: ['timbre:deep', 'style:audiobook', 'emotions:calm,warm,assertive,direct'],
    })
    expect(voiceMoods(arthur)).toBe('calm, warm, assertive or direct')
    expect(voiceMoods(voice({ tags: ['emotions:calm'] }))).toBe('calm')
    expect(voiceMoods(voice({ tags: ['timbre:deep'] }))).toBe('')
  })
})

describe('spokenLanguages', () => {
  it('names each language once, however many models speak it, and no model', () => {
    const languages = spokenLanguages(
      voice({
        models: [
          {
            name: 'simba-multilingual',
            languages: [
              { locale: 'de-DE', previewUrl: null },
              { locale: 'fr-FR', previewUrl: null },
            ],
          },
          { name: 'simba-3.0', languages: [{ locale: 'fr-FR', previewUrl: '/p/fr.mp3' }] },
        ],
      }),
    )
    expect(languages).toEqual([
      { name: 'French (France)', previewLocale: 'fr-FR' },
      { name: 'German (Germany)', previewLocale: null },
    ])
  })
  it('falls back to the voice’s own language when no model lists one', () => {
    expect(spokenLanguages(voice({ models: [{ name: 'simba-english', languages: [] }] }))).toEqual([
      { name: 'French (France)', previewLocale: null },
    ])
    expect(spokenLanguages(voice({ locale: null }))).toEqual([])
  })
})

describe('voiceUse', () => {
  it('says what the voice is for in words', () => {
    expect(voiceUse(voice({ tags: ['timbre:warm', 'style:narration'] }))).toBe('Warm · Narration')
  })
  it('leaves the emotions a voice can take out of its use words (they are a list, in Details)', () => {
    expect(
      voiceUse(voice({ tags: ['timbre:deep', 'style:audiobook', 'emotions:calm,warm'] })),
    ).toBe('Deep · Audiobook')
  })
  it('does not repeat "Personal" on a personal voice, which is marked as one already', () => {
    expect(voiceUse(voice({ type: 'personal', tags: ['personal'] }))).toBe('')
    expect(voiceUse(voice({ type: 'personal', tags: ['personal', 'style:calm'] }))).toBe('Calm')
  })
})

describe('tagWords', () => {
  it('says each tag in words, its kind first, and a list with spaces after its commas', () => {
    const tags = [
      'timbre:deep',
      'style:audiobook',
      'emotions:calm,warm,assertive,direct',
      'synthetic',
    ]
    expect(tagWords(voice({ tags }))).toEqual([
      'Timbre: deep',
      'Style: audiobook',
      'Emotions: calm, warm, assertive, direct',
      'Synthetic',
    ])
  })
})
