import { describe, expect, it } from 'vitest'
import type { Voice } from '../../../../../shared/domain/voice'
import { sampleCast } from './sample-script'

function voice(id: string, gender: Voice['gender'], locale: string, tags: string[] = []): Voice {
  return {
    id,
    type: 'shared',
    displayName: id,
    gender,
    locale,
    avatarUrl: null,
    previewUrl: null,
    tags,
    models: [],
  }
}

describe('the sample script’s cast', () => {
  it('gives the narrator a reading voice and each speaker a voice of their own, English first', () => {
    const voices = [
      voice('louis', 'male', 'fr-FR', ['style:narration']),
      voice('ava', 'female', 'en-US', ['style:news']),
      voice('liam', 'male', 'en-US'),
      voice('olivia', 'female', 'en-US', ['style:narration']),
      voice('emma', 'female', 'en-US'),
    ]
    expect(sampleCast(voices)).toEqual({
      narrator: 'olivia',
      cast: { NOOR: 'ava', ELIAS: 'liam' },
    })
  })

  it('casts from whatever the list holds, and nothing from an empty list', () => {
    expect(sampleCast([voice('solo', 'not_specified', 'de-DE')])).toEqual({
      narrator: 'solo',
      cast: { NOOR: 'solo', ELIAS: 'solo' },
    })
    expect(sampleCast([])).toBeNull()
  })
})
