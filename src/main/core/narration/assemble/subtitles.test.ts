import { describe, expect, it } from 'vitest'
import type { TimedWord } from './spoken-words'
import { mapToSource, timedWordsOfPiece, wordsOf } from './spoken-words'
import { buildCues, layoutLines, withPunctuation, DEFAULT_CUE_RULES } from './subtitle-cues'
import { formatSrt, formatVtt } from './subtitle-format'

function timed(text: string, msPerWord = 300, blockIndex = 0, startMs = 0): TimedWord[] {
  return wordsOf(text).map((w, i) => ({
    blockIndex,
    text: w.word,
    spoken: w.word,
    srcStart: w.offset,
    srcEnd: w.offset + w.word.length,
    startMs: startMs + i * msPerWord,
    endMs: startMs + i * msPerWord + msPerWord - 50,
  }))
}

describe('subtitle cues', () => {
  it('ends cues at sentence ends and keeps punctuation', () => {
    const text = 'Hello there. How are you today? Fine.'
    const cues = buildCues(withPunctuation(timed(text), () => text))
    expect(cues.map((c) => c.lines.join(' '))).toEqual([
      'Hello there.',
      'How are you today?',
      'Fine.',
    ])
    expect(cues[2]!.endMs - cues[2]!.startMs).toBeGreaterThanOrEqual(1000)
    for (let i = 1; i < cues.length; i++)
      expect(cues[i]!.startMs).toBeGreaterThanOrEqual(cues[i - 1]!.endMs)
  })

  it('keeps long sentences within two lines of 42 characters and 7 seconds, breaking at commas', () => {
    const text =
      'This sentence is deliberately long, it keeps going with many words, and it has commas in several places so that the cue builder must break it somewhere sensible before the end.'
    const cues = buildCues(withPunctuation(timed(text, 400), () => text))
    expect(cues.length).toBeGreaterThan(2)
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2)
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42)
      expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(7000)
    }
    expect(cues[0]!.lines.join(' ')).toMatch(/,$/)
    expect(cues.map((c) => c.lines.join(' ')).join(' ')).toBe(text)
  })

  it('starts a new cue when the block (speaker) changes', () => {
    const a = 'Good morning'
    const b = 'Hello'
    const words = [...timed(a, 300, 0), ...timed(b, 300, 1, 1000)]
    const cues = buildCues(withPunctuation(words, (i) => (i === 0 ? a : b)))
    expect(cues.map((c) => c.lines.join(' '))).toEqual(['Good morning', 'Hello'])
  })

  it('balances two lines', () => {
    expect(
      layoutLines('one two three four five six seven eight nine ten eleven', DEFAULT_CUE_RULES),
    ).toEqual(['one two three four five six', 'seven eight nine ten eleven'])
  })

  it('writes SRT and VTT timestamps', () => {
    const cues = [{ startMs: 3_723_004.4, endMs: 3_724_500, lines: ['a <b>', 'c'] }]
    expect(formatSrt(cues)).toBe('1\n01:02:03,004 --> 01:02:04,500\na <b>\nc\n')
    expect(formatVtt(cues)).toBe('WEBVTT\n\n01:02:03.004 --> 01:02:04.500\na &lt;b&gt;\nc\n')
  })
})

describe('speech marks to timeline words', () => {
  it('maps marks through SSML spans, shifts times, and merges a number read as words', () => {
    const block = 'I have 55 SQL books.'
    // input: "<speak>I have 55 <sub alias="sequel">SQL</sub> books.</speak>"
    const input = '<speak>I have 55 <sub alias="sequel">SQL</sub> books.</speak>'
    const subStart = input.indexOf('<sub')
    const subEnd = input.indexOf('</sub>') + 6
    const spans = [
      { outStart: 7, outEnd: subStart, srcStart: 0, srcEnd: 10 },
      { outStart: subStart, outEnd: subEnd, srcStart: 10, srcEnd: 13 },
      { outStart: subEnd, outEnd: subEnd + 7, srcStart: 13, srcEnd: 20 },
    ]
    const mark = (value: string, start: number, end: number, t: number) => ({
      type: 'word',
      value,
      start,
      end,
      startMs: t,
      endMs: t + 100,
    })
    const at = (s: string) => input.indexOf(s)
    const words = timedWordsOfPiece(
      {
        sentence: null,
        words: [
          mark('I', at('I'), at('I') + 1, 0),
          mark('have', at('have'), at('have') + 4, 200),
          mark('fifty', at('55'), at('55') + 2, 400),
          mark('five', at('55'), at('55') + 2, 600),
          mark('sequel', subStart, subEnd, 800),
          mark('books', at('books'), at('books') + 5, 1000),
        ],
      },
      { blockIndex: 2, spans, blockText: block },
      5000,
    )
    expect(words.map((w) => [w.text, w.startMs, w.endMs])).toEqual([
      ['I', 5000, 5100],
      ['have', 5200, 5300],
      ['55', 5400, 5700],
      ['SQL', 5800, 5900],
      ['books', 6000, 6100],
    ])
    expect(words[2]!.spoken).toBe('fifty five')
    expect(mapToSource(spans, at('have') + 1, at('have') + 3)).toEqual({ srcStart: 3, srcEnd: 5 })
  })
})
