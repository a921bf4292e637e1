import { describe, expect, it } from 'vitest'
import type { VoiceoverLine } from '../../../../../shared/domain/voiceover'
import { cueTime } from '../../../../../shared/domain/cue-time'
import {
  fasterPace,
  lineNextStep,
  lineVerdict,
  overflowing,
  overflowNextStep,
  overrunWarning,
  startingLate,
  withoutVoice,
} from './line-words'

const line = (over: Partial<VoiceoverLine>): VoiceoverLine => ({
  cue: 1,
  line: 2,
  startMs: 1000,
  endMs: 2000,
  text: 'Hello.',
  speaker: null,
  voiceId: 'olivia',
  fit: 'rate',
  ownFit: false,
  slotMs: 2000,
  placedMs: 1000,
  spokenMs: 1500,
  overflowMs: 0,
  pushedBy: null,
  action: 'as-is',
  rate: 1,
  measured: false,
  needsSpeaking: true,
  ...over,
})

describe('a line in words', () => {
  it('counts the lines that have no voice yet, which a render would refuse', () => {
    expect(withoutVoice([line({}), line({ voiceId: null }), line({ voiceId: null })])).toBe(2)
    expect(withoutVoice([line({})])).toBe(0)
  })

  it('says how much too long a line is, not only in colour', () => {
    expect(lineVerdict(line({ action: 'overflow', overflowMs: 840 }))).toEqual({
      words: '0.8 s too long',
      tone: 'warn',
    })
    expect(lineVerdict(line({ action: 'rate', rate: 1.18 })).words).toBe('Sped up to 118%')
    expect(lineVerdict(line({ action: 'shifted', placedMs: 1400 })).words).toBe('Starts 0.4 s late')
    expect(lineVerdict(line({})).words).toBe('Fits')
  })

  it('says a line pushed late past its slot is late, and points at the line that pushes it', () => {
    // The sample's end, with no video: line 5 is too long and pushes line 6, a short line whose
    // slot ends with the track, 1.6 s late and past the end.
    const five = line({ cue: 5, startMs: 11_500, slotMs: 1500, spokenMs: 3100 })
    const lines = [
      line({ cue: 4, startMs: 9500, slotMs: 2000, spokenMs: 1400 }),
      { ...five, placedMs: 11_500, overflowMs: 1600, action: 'overflow' as const },
      line({
        cue: 6,
        startMs: 13_000,
        slotMs: 1500,
        placedMs: 14_600,
        spokenMs: 1000,
        pushedBy: 5,
        action: 'shifted',
      }),
    ]
    expect(lineVerdict(lines[2]!, true)).toEqual({
      words: 'Starts 1.6 s late, runs past the end',
      tone: 'warn',
    })
    expect(lineVerdict(lines[2]!, false).words).toBe('Starts 1.6 s late, runs into the next line')
    expect(lineNextStep(lines, 2, 1.25)).toBe(
      'The line before runs into this one: shorten the line before, or allow a faster pace.',
    )
    expect(lineNextStep(lines, 1, 1.25)).toBe('Shorten the words, or allow a faster pace.')
    expect(lineNextStep(lines, 0, 1.25)).toBeNull()
    // Late but still ending in its slot: the long line's row says what to do.
    const roomy = [lines[1]!, { ...lines[2]!, slotMs: 4000 }]
    expect(lineVerdict(roomy[1]!, true).words).toBe('Starts 1.6 s late')
    expect(lineNextStep(roomy, 1, 1.25)).toBeNull()
    expect(overflowing(lines)).toBe(1)
    expect(startingLate(lines)).toBe(1)
    // Pushed from further back, the step names that line by its cue time.
    const far = [
      ...lines,
      line({ cue: 7, startMs: 14_500, placedMs: 15_600, pushedBy: 5, action: 'shifted' }),
    ]
    expect(lineNextStep(far, 3, 1.5)).toBe(
      'The line at 0:11.5 runs long and pushes this one: shorten that line.',
    )
  })

  it('shows a cue time as a subtitle editor does', () => {
    expect(cueTime(62_500)).toBe('1:02.5')
    expect(cueTime(3_723_400)).toBe('1:02:03.4')
  })

  it('gives a too-long line its next step in words, from the project’s choices', () => {
    const settings = {
      voiceId: 'olivia',
      cast: {},
      fit: 'rate' as const,
      maxRate: 1.25,
      maxStretch: 1.15,
    }
    expect(overflowNextStep(settings)).toBe('Shorten the words, or allow a faster pace.')
    expect(overflowNextStep({ ...settings, maxRate: 1.5 })).toBe(
      'Shorten the words: this is already the fastest pace.',
    )
    expect(overflowNextStep({ ...settings, fit: 'stretch' })).toBe(
      'Shorten the words, or choose Speed up.',
    )
  })

  it('says before saving how far lines still run over and what that does to later lines', () => {
    const settings = {
      voiceId: 'olivia',
      cast: {},
      fit: 'rate' as const,
      maxRate: 1.25,
      maxStretch: 1.15,
    }
    expect(overrunWarning([line({}), line({ cue: 2 })], settings)).toBeNull()
    const lines = [
      line({ cue: 1, action: 'overflow', overflowMs: 1100 }),
      line({ cue: 2, action: 'shifted', startMs: 5500, placedMs: 6600 }),
      line({ cue: 3, action: 'overflow', overflowMs: 800 }),
    ]
    expect(overrunWarning(lines, settings)).toBe(
      '2 lines run up to 1.1 s past their slot; lines after them start up to 1.1 s late. ' +
        'Shorten the words, or allow a faster pace.',
    )
    expect(overrunWarning([line({ cue: 4, action: 'overflow', overflowMs: 300 })], settings)).toBe(
      'Line 4 runs 0.3 s past its slot; nothing is cut. Shorten the words, or allow a faster pace.',
    )
  })

  it('offers the first faster pace that fits a too-long line, else the fastest with what is left', () => {
    // 3.0 s of speech at 125% in a 2.5 s slot: 3.75 s at the natural pace fits at 150%.
    const long = line({ action: 'overflow', rate: 1.25, spokenMs: 3000, slotMs: 2500 })
    expect(fasterPace(long, 1.25)).toEqual({ rate: 1.5, overMs: 0 })
    // 2.6 s at 125% in a 2.5 s slot: 3.25 s natural fits at 130%.
    expect(fasterPace({ ...long, spokenMs: 2600 }, 1.25)).toEqual({ rate: 1.3, overMs: 0 })
    // 4.0 s at 125%: 5 s natural is still 0.8 s too long at 150%.
    expect(fasterPace({ ...long, spokenMs: 4000 }, 1.25)).toEqual({ rate: 1.5, overMs: 833 })
    expect(fasterPace(long, 1.5)).toBeNull()
    expect(fasterPace({ ...long, fit: 'stretch' }, 1.25)).toBeNull()
    expect(fasterPace({ ...long, action: 'rate' }, 1.25)).toBeNull()
  })
})
