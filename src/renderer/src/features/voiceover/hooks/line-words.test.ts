import { describe, expect, it } from 'vitest'
import type { VoiceoverLine } from '../../../../../shared/domain/voiceover'
import { cueTime, lineVerdict } from './line-words'

const line = (over: Partial<VoiceoverLine>): VoiceoverLine => ({
  cue: 1,
  line: 2,
  startMs: 1000,
  endMs: 2000,
  text: 'Hello.',
  speaker: null,
  slotMs: 2000,
  placedMs: 1000,
  spokenMs: 1500,
  overflowMs: 0,
  action: 'as-is',
  rate: 1,
  measured: false,
  needsSpeaking: true,
  ...over,
})

describe('a line in words', () => {
  it('says how much too long a line is, not only in colour', () => {
    expect(lineVerdict(line({ action: 'overflow', overflowMs: 840 }))).toEqual({
      words: '0.8 s too long',
      tone: 'bad',
    })
    expect(lineVerdict(line({ action: 'rate', rate: 1.18 })).words).toBe('Sped up to 118%')
    expect(lineVerdict(line({ action: 'shifted', placedMs: 1400 })).words).toBe('Starts 0.4 s late')
    expect(lineVerdict(line({})).words).toBe('Fits')
  })

  it('shows a cue time as a subtitle editor does', () => {
    expect(cueTime(62_500)).toBe('1:02.5')
    expect(cueTime(3_723_400)).toBe('1:02:03.4')
  })
})
