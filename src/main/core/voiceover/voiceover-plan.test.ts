import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { DEFAULT_FIT_LIMITS } from './line-fit'
import type { TimedLine } from './subtitle-lines'
import { VoicePaces } from './voice-pace'
import type { VoiceoverSettings } from './voiceover-plan'
import { estimateVoiceover, planVoiceover, voiceoverProject } from './voiceover-plan'
import { retimedSubtitles, voiceoverReportJson, voiceoverReportText } from './voiceover-report'

const settings: VoiceoverSettings = {
  title: 't',
  voiceId: 'olivia',
  cast: { BOB: 'george' },
  fit: 'rate',
  slotEnd: 'next',
  limits: DEFAULT_FIT_LIMITS,
  defaults: { format: 'wav' },
}

/** 30 characters: 2 s at the default pace of 15 a second. */
const TEXT = 'abcde fghij klmno pqrst uvwxyz'

/** Each cue's own 30 characters (a letter, not its number: a number counts as its words). */
const textOf = (cue: number): string => `${String.fromCharCode(96 + cue)}${TEXT.slice(1)}`

function line(cue: number, startMs: number, speaker: string | null = null): TimedLine {
  return { cue, line: cue * 4, startMs, endMs: startMs + 500, text: textOf(cue), speaker }
}

describe('planning a voice-over', () => {
  it('asks a line faster in <prosody rate> only when its slot is short, each on its voice', () => {
    const project = voiceoverProject([line(1, 0), line(2, 1000, 'BOB')], settings, [1.1, 1])
    expect(project.blocks.map((b) => [b.text, b.ssml, b.speaker ?? null, b.pauseAfterMs])).toEqual([
      [`<prosody rate="110%">${textOf(1)}</prosody>`, true, null, 0],
      [textOf(2), false, 'BOB', 0],
    ])
  })

  it('counts the possible repeats in the cost preview: lines predicted close to their slot', async () => {
    const paces = await VoicePaces.open(null)
    // Slots of 10 s (fits easily), 2.1 s (close: may need a second request), 1.9 s (needs a
    // rate under the maximum: may need a second request), 1 s (needs 200%: asked at 125% once).
    const lines = [line(1, 0), line(2, 10_000), line(3, 12_100), line(4, 14_000)]
    const estimate = estimateVoiceover(lines, settings, paces, 15_000, { has: () => false })
    expect(estimate.requests).toBe(4)
    expect(estimate.possibleRepeats).toBe(2)
    expect(estimate.billableWithRepeats).toBe(estimate.billableCharacters + 2 * 30)
    expect(estimate.billableCharacters).toBe(4 * 30)
    const stretched = estimateVoiceover(lines, { ...settings, fit: 'stretch' }, paces, 15_000, {
      has: () => false,
    })
    expect(stretched.possibleRepeats).toBe(0)
  })

  it('refuses AAC and M4B output before anything is planned', () => {
    expect(() =>
      planVoiceover([line(1, 0)], { ...settings, defaults: { format: 'm4b' } }, [1]),
    ).toThrow(AppError)
  })
})

describe('the voice-over reports', () => {
  it('tells each line its slot, lengths and what was done, and re-times shifted subtitles', () => {
    const outcome = {
      cue: 2,
      line: 6,
      text: 'Two',
      speaker: 'BOB',
      voiceId: 'george',
      cueStartMs: 3000,
      slotMs: 2000,
      naturalMs: 2900,
      rate: 1.25,
      requests: 2,
      tempo: 1,
      finalMs: 2320,
      placedMs: 3150,
      driftMs: 150,
      overflowMs: 320,
      pushedBy: 1,
      action: 'overflow' as const,
    }
    const summary = {
      outputPath: 'out.wav',
      durationSeconds: 6,
      trackEndMs: 6000,
      requests: 3,
      billableCharacters: 40,
      lines: [outcome],
    }
    expect(voiceoverReportText(summary)).toContain(
      'Cue 2 (line 6) at 00:00:03,000: slot 2.00 s, natural 2.90 s, final 2.32 s; asked at 125% (second request); starts 0.15 s late, pushed by cue 1; OVERFLOWS its slot by 0.32 s.',
    )
    expect(JSON.parse(voiceoverReportJson(summary))).toMatchObject({
      overflowingLines: 1,
      maxDriftMs: 150,
    })
    const line = { cue: 2, line: 6, startMs: 3000, endMs: 4000, text: 'Two', speaker: 'BOB' }
    expect(retimedSubtitles([line], [outcome], 'srt')).toBe(
      '1\n00:00:03,150 --> 00:00:05,470\nBOB: Two\n',
    )
  })

  it('tells a line pushed late by a long one as late, not as too long, and counts only the long one', () => {
    const base = {
      line: 1,
      speaker: null,
      voiceId: 'george',
      naturalMs: 1000,
      rate: 1,
      requests: 1,
      tempo: 1,
    }
    const long = {
      ...base,
      cue: 5,
      text: 'Long',
      cueStartMs: 11_500,
      slotMs: 1500,
      finalMs: 3100,
      placedMs: 11_500,
      driftMs: 0,
      overflowMs: 1600,
      pushedBy: null,
      action: 'overflow' as const,
    }
    const pushed = {
      ...base,
      cue: 6,
      text: 'Short',
      cueStartMs: 13_000,
      slotMs: 1500,
      finalMs: 1000,
      placedMs: 14_600,
      driftMs: 1600,
      overflowMs: 0,
      pushedBy: 5,
      action: 'shifted' as const,
    }
    const summary = {
      outputPath: 'out.wav',
      durationSeconds: 15.6,
      trackEndMs: 14_500,
      requests: 2,
      billableCharacters: 9,
      lines: [long, pushed],
    }
    const text = voiceoverReportText(summary)
    expect(text).toContain('1 line did not fit within the limits')
    expect(text).toContain(
      'Cue 6 (line 1) at 00:00:13,000: slot 1.50 s, natural 1.00 s, final 1.00 s; starts 1.60 s late, pushed by cue 5; runs 1.10 s past its slot.',
    )
    expect(JSON.parse(voiceoverReportJson(summary))).toMatchObject({ overflowingLines: 1 })
  })
})
