import { describe, expect, it } from 'vitest'
import { blockStateWords } from './block-state'
import { NO_VOICE_YET, spokenVoice, voiceHint } from './spoken-voice'

describe('blockStateWords', () => {
  it('says each state in words, a rendered block with its length', () => {
    expect(blockStateWords({ state: 'new' })).toBe('Not rendered')
    expect(blockStateWords({ state: 'no-voice' })).toBe('Needs a voice')
    expect(blockStateWords({ state: 'stale' })).toBe('Changed since render')
    expect(blockStateWords({ state: 'cached', seconds: 13.6 })).toBe('Rendered · 0:14')
    // Under a second still reads as a length, never "0:00".
    expect(blockStateWords({ state: 'cached', seconds: 0.3 })).toBe('Rendered · 0:01')
    expect(blockStateWords({ state: 'cached' })).toBe('Rendered')
  })
})

describe('spokenVoice', () => {
  const cast = { ELIAS: 'olivia' }
  it('names the voice that will speak: the block’s own, its speaker’s, then the default', () => {
    expect(spokenVoice('george', 'ELIAS', cast, 'emma')).toEqual({
      voiceId: 'george',
      source: 'block',
    })
    expect(spokenVoice(undefined, 'ELIAS', cast, 'emma')).toEqual({
      voiceId: 'olivia',
      source: 'cast',
    })
    expect(spokenVoice(undefined, 'NOOR', cast, 'emma')).toEqual({
      voiceId: 'emma',
      source: 'default',
    })
    expect(spokenVoice(undefined, 'NOOR', cast, undefined)).toBeNull()
  })

  it('hints where an inherited voice comes from, in the same words everywhere', () => {
    expect(voiceHint('default', 'NOOR')).toBe('(default)')
    expect(voiceHint('cast', 'ELIAS')).toBe('(cast for ELIAS)')
    expect(voiceHint('block', 'ELIAS')).toBeUndefined()
    expect(NO_VOICE_YET).toBe('No voice yet — choose one')
  })
})
