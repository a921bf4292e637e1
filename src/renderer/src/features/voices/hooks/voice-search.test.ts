import { describe, expect, it } from 'vitest'
import type { Voice } from '../../../../../shared/domain/voice'
import { buildVoiceIndex, facetsOf, filterVoices, NO_CRITERIA, sortVoices } from './voice-search'

function voice(partial: Partial<Voice> & { id: string }): Voice {
  return {
    type: 'shared',
    displayName: partial.id,
    gender: 'female',
    locale: 'en-US',
    avatarUrl: null,
    previewUrl: null,
    tags: [],
    models: [],
    ...partial,
  }
}

const voices = [
  voice({
    id: 'emma',
    displayName: 'Emma',
    tags: ['timbre:bright'],
    models: [{ name: 'simba-english', languages: [{ locale: 'en-US', previewUrl: null }] }],
  }),
  voice({ id: 'george', displayName: 'George', gender: 'male', tags: ['timbre:deep'] }),
  voice({
    id: 'louis',
    displayName: 'Louis',
    gender: 'male',
    locale: 'fr-FR',
    models: [
      {
        name: 'simba-multilingual',
        languages: [
          { locale: 'fr-FR', previewUrl: null },
          { locale: 'en-GB', previewUrl: null },
        ],
      },
    ],
  }),
  voice({
    id: 'v_123',
    displayName: 'My voice',
    type: 'personal',
    gender: 'not_specified',
    locale: null,
  }),
]
const index = buildVoiceIndex(voices)
const ids = (list: { voice: Voice }[]) => list.map((e) => e.voice.id)

describe('voice search', () => {
  it('matches every word against name, id and tags, case-insensitively', () => {
    expect(ids(filterVoices(index, { ...NO_CRITERIA, query: 'EMMA' }, new Set()))).toEqual(['emma'])
    expect(ids(filterVoices(index, { ...NO_CRITERIA, query: 'v_12' }, new Set()))).toEqual([
      'v_123',
    ])
    expect(ids(filterVoices(index, { ...NO_CRITERIA, query: 'deep' }, new Set()))).toEqual([
      'george',
    ])
    expect(
      ids(filterVoices(index, { ...NO_CRITERIA, query: 'timbre: bright' }, new Set())),
    ).toEqual(['emma'])
    expect(filterVoices(index, { ...NO_CRITERIA, query: 'nobody' }, new Set())).toEqual([])
  })

  it('filters by a locale the voice speaks with any model, gender, model, type and favourites', () => {
    expect(ids(filterVoices(index, { ...NO_CRITERIA, locale: 'en-GB' }, new Set()))).toEqual([
      'louis',
    ])
    expect(ids(filterVoices(index, { ...NO_CRITERIA, gender: 'male' }, new Set()))).toEqual([
      'george',
      'louis',
    ])
    expect(ids(filterVoices(index, { ...NO_CRITERIA, model: 'simba-english' }, new Set()))).toEqual(
      ['emma'],
    )
    expect(ids(filterVoices(index, { ...NO_CRITERIA, type: 'personal' }, new Set()))).toEqual([
      'v_123',
    ])
    expect(
      ids(filterVoices(index, { ...NO_CRITERIA, favoritesOnly: true }, new Set(['louis']))),
    ).toEqual(['louis'])
  })

  it('offers the facets present in the data', () => {
    expect(facetsOf(index)).toEqual({
      locales: ['en-GB', 'en-US', 'fr-FR'],
      models: ['simba-english', 'simba-multilingual'],
    })
  })

  it('sorts by name either way, by locale, and by recent use', () => {
    expect(ids(sortVoices(index, 'name', []))).toEqual(['emma', 'george', 'louis', 'v_123'])
    expect(ids(sortVoices(index, 'name-desc', []))).toEqual(['v_123', 'louis', 'george', 'emma'])
    expect(ids(sortVoices(index, 'locale', []))).toEqual(['emma', 'george', 'louis', 'v_123'])
    expect(ids(sortVoices(index, 'recent', ['louis', 'george']))).toEqual([
      'louis',
      'george',
      'emma',
      'v_123',
    ])
  })
})
