import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { checkSubtitles, linesOrRefuse } from './subtitle-check'
import { parseSubtitleFile, parseSubtitleText } from './subtitle-parse'
import { decodeSubtitleBytes } from './subtitle-text'

const SRT = `1
00:00:01,000 --> 00:00:02,500
NARRATOR: Hi <i>there</i>,
friend.

2
00:00:03,000 --> 00:00:04,000
{\\an8}Second line
`

const VTT = `WEBVTT - a film

NOTE written by hand

intro
00:01.000 --> 00:02.500 align:start position:10%
<v Roger Bingham>We are in New York City</v>

00:00:03.000 --> 00:00:04.250
<v.loud Neil deGrasse>Yes &amp; no</v>

STYLE
::cue { color: red }

00:05.000 --> 00:06.000
Nobody named
`

const ASS = `[Script Info]
ScriptType: v4.00+

[V4+ Styles]
Format: Name, Fontname
Style: Default,Arial

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

Dialogue: 0,0:00:01.00,0:00:02.50,Default,Alice,0,0,0,,Hello, {\\i1}world{\\i0}\\Nagain
Comment: 0,0:00:02.00,0:00:02.50,Default,,0,0,0,,not spoken
Dialogue: 0,0:00:03.00,0:00:04.05,Default,,0,0,0,,BOB: Bye
`

describe('reading subtitle files into timed lines', () => {
  it('reads SRT cues with their times, file lines, markup removed and a NAME: speaker', () => {
    const parsed = parseSubtitleText(SRT, 'film.srt')
    expect(parsed.format).toBe('srt')
    expect(parsed.lines).toEqual([
      {
        cue: 1,
        line: 2,
        startMs: 1000,
        endMs: 2500,
        text: 'Hi there, friend.',
        speaker: 'NARRATOR',
      },
      { cue: 2, line: 7, startMs: 3000, endMs: 4000, text: 'Second line', speaker: null },
    ])
  })

  it('reads WebVTT voices as speakers and ignores settings, notes and styles', () => {
    const parsed = parseSubtitleText(VTT, 'film.vtt')
    expect(parsed.format).toBe('vtt')
    expect(parsed.unreadable).toEqual([])
    expect(parsed.lines.map((l) => [l.cue, l.line, l.startMs, l.endMs, l.speaker, l.text])).toEqual(
      [
        [1, 6, 1000, 2500, 'Roger Bingham', 'We are in New York City'],
        [2, 9, 3000, 4250, 'Neil deGrasse', 'Yes & no'],
        [3, 15, 5000, 6000, null, 'Nobody named'],
      ],
    )
  })

  it('reads ASS dialogue whole (first letter, commas) with its actor, skipping comments', () => {
    const parsed = parseSubtitleText(ASS, 'film.ass')
    expect(parsed.format).toBe('ass')
    expect(parsed.lines).toEqual([
      {
        cue: 1,
        line: 11,
        startMs: 1000,
        endMs: 2500,
        text: 'Hello, world again',
        speaker: 'Alice',
      },
      { cue: 2, line: 13, startMs: 3000, endMs: 4050, text: 'Bye', speaker: 'BOB' },
    ])
  })

  it('reads SSA (v4) dialogue by its own Format line', () => {
    const ssa = ASS.replace('v4.00+', 'v4.00')
      .replace('[V4+ Styles]', '[V4 Styles]')
      .replace('Format: Layer', 'Format: Marked')
      .replace(/Dialogue: 0,/g, 'Dialogue: Marked=0,')
    const parsed = parseSubtitleText(ssa, 'film.ssa')
    expect(parsed.format).toBe('ssa')
    expect(parsed.lines.map((l) => [l.text, l.speaker])).toEqual([
      ['Hello, world again', 'Alice'],
      ['Bye', 'BOB'],
    ])
  })

  it('detects UTF-8 (with and without BOM), UTF-16 with a BOM and Windows-1252', () => {
    const text = '1\n00:00:01,000 --> 00:00:02,000\nCafé déjà vu\n'
    const utf8 = new TextEncoder().encode(text)
    const utf16le = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))])
    const be = Buffer.from(text, 'utf16le').swap16()
    const utf16be = new Uint8Array([0xfe, 0xff, ...new Uint8Array(be)])
    const cp1252 = new Uint8Array(Buffer.from(text, 'latin1'))
    expect(decodeSubtitleBytes(utf8)).toEqual({ text, encoding: 'utf-8' })
    expect(decodeSubtitleBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toEqual({
      text,
      encoding: 'utf-8',
    })
    expect(decodeSubtitleBytes(utf16le)).toEqual({ text, encoding: 'utf-16le' })
    expect(decodeSubtitleBytes(utf16be)).toEqual({ text, encoding: 'utf-16be' })
    expect(decodeSubtitleBytes(cp1252)).toEqual({ text, encoding: 'windows-1252' })
    expect(parseSubtitleFile(utf16le, 'x.srt').lines[0]?.text).toBe('Café déjà vu')
  })

  it('refuses binary data and text in no known encoding, in plain words', () => {
    expect(() =>
      decodeSubtitleBytes(new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 1, 0])),
    ).toThrow(/could not be recognised \(it holds binary data/)
    expect(() => decodeSubtitleBytes(new Uint8Array([0x31, 0x0a, 0x81, 0x8d]))).toThrow(
      /neither UTF-8 nor Windows-1252.*Save it as UTF-8/,
    )
  })
})

const BAD_SRT = `1
00:00:05,000 --> 00:00:06,000
First

2
00:00:04,000 --> 00:00:04,500
Out of order

3
00:00:07,000 --> 00:00:06,900
Ends before it starts

4
00:00:08,000 --> 00:00:09,000

5
00:00:05,500 --> 00:00:10,000
Overlaps cue one

6
00:00:1x,000 --> 00:00:12,000
Bad time
`

describe('checking cues before anything is sent', () => {
  it('names each bad cue and its file line: order, end before start, empty, overlap, unreadable', () => {
    const { lines, issues } = checkSubtitles(parseSubtitleText(BAD_SRT, 'bad.srt'))
    expect(lines.map((l) => l.cue)).toEqual([1])
    expect(issues.map((i) => [i.kind, i.cue, i.line])).toEqual([
      ['outOfOrder', 2, 6],
      ['endBeforeStart', 3, 10],
      ['empty', 4, 14],
      ['overlap', 5, 17],
      ['unreadable', 6, 21],
    ])
    expect(issues[0]?.message).toBe(
      'Cue 2 (line 6) starts at 00:00:04,000, before cue 1 (00:00:05,000): the cues are out of order. Sort them by time in your subtitle editor.',
    )
    expect(issues[3]?.message).toMatch(
      /Cue 5 \(line 17\) starts at 00:00:05,500, before cue 1 ends at 00:00:06,000/,
    )
  })

  it('merges overlapping cues into one line when asked', () => {
    const srt = `1\n00:00:01,000 --> 00:00:03,000\nOne\n\n2\n00:00:02,500 --> 00:00:04,000\ntwo\n\n3\n00:00:05,000 --> 00:00:06,000\nthree\n`
    const parsed = parseSubtitleText(srt, 'o.srt')
    expect(checkSubtitles(parsed).issues.map((i) => i.kind)).toEqual(['overlap'])
    const merged = linesOrRefuse(parsed, 'merge')
    expect(merged.map((l) => [l.cue, l.startMs, l.endMs, l.text])).toEqual([
      [1, 1000, 4000, 'One two'],
      [3, 5000, 6000, 'three'],
    ])
  })

  it('refuses a file with problems as one error listing them', () => {
    let caught: unknown
    try {
      linesOrRefuse(parseSubtitleText(BAD_SRT, 'bad.srt'), 'refuse')
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(AppError)
    const error = caught as AppError
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.message).toMatch(
      /^This subtitle file has 5 problems; nothing was sent\. Cue 2 \(line 6\)/,
    )
    expect(Object.keys(error.details?.fields ?? {})).toEqual([
      'cue 2',
      'cue 3',
      'cue 4',
      'cue 5',
      'cue 6',
    ])
  })

  it('refuses a file that is no subtitle file', () => {
    expect(() => parseSubtitleText('just some words\nand more', 'notes.txt')).toThrow(
      /not a subtitle file VoiceDesk reads/,
    )
  })
})
