import { afterEach, describe, expect, it, vi } from 'vitest'
import { compileLexicon } from '../../../../shared/domain/lexicon'
import { splitBlock } from './split-block'
import { sentenceEnds } from './text-atoms'

/** Ends as one pass of Intl.Segmenter over the whole text finds them (the reference). */
function onePassEnds(text: string): number[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' })
  return [...segmenter.segment(text)].map((s) => s.index + s.segment.length)
}

const WORDS = [
  'Hello',
  'world.',
  'Dr.',
  'Smith',
  'U.S.',
  'Army',
  'e.g.',
  'café',
  '🎉',
  '"Quoted."',
  '(aside)',
  'it’s',
  '3.14',
  '東京。',
  'Привет!',
  '...',
  'ok?!',
  'wait;',
  'line\n',
  '\n\n',
  '¿Qué?',
  '«Bon»',
  ')',
  '.',
  'i.e.',
  'lower',
]

/** A deterministic mix of sentences, abbreviations, quotes, scripts and line breaks. */
function mixedText(length: number, seed: number): string {
  let state = seed
  const parts: string[] = []
  let size = 0
  while (size < length) {
    state = (state * 1103515245 + 12345) % 2147483648
    const word = WORDS[state % WORDS.length] ?? ''
    parts.push(word)
    size += word.length + 1
  }
  return parts.join(' ')
}

/** A long block of short sentences, the shape that made planning quadratic. */
function shortSentences(length: number): string {
  const sentence = 'The boat drifted past the old stone bridge. Nobody remembered why! '
  return (
    sentence
      .repeat(Math.ceil(length / sentence.length))
      .slice(0, length)
      .trimEnd() + '.'
  )
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('sentenceEnds', () => {
  it('finds the same ends in small windows as in one pass over the whole text', () => {
    for (let seed = 1; seed <= 16; seed++) {
      const text = mixedText(2000 + seed * 50, seed)
      const expected = onePassEnds(text)
      for (const windows of [
        { window: 64, margin: 16 },
        { window: 300, margin: 60 },
      ]) {
        expect([...sentenceEnds(text, 'en', (i) => i, windows)], `seed ${seed}`).toEqual(expected)
      }
    }
  })

  it('finds the ends of a sentence longer than a window', () => {
    const long = `${'word '.repeat(200)}end. Short one. ${'more '.repeat(150)}done.`
    expect([...sentenceEnds(long, 'en', (i) => i, { window: 64, margin: 16 })]).toEqual(
      onePassEnds(long),
    )
  })

  it('maps every end through toSource', () => {
    expect([...sentenceEnds('One. Two.', 'en', (i) => i + 100)]).toEqual([105, 109])
  })
})

describe('splitBlock on a long block', () => {
  // Why counted work, not time: a timed assertion flakes on a busy machine. Planning used to hand
  // the whole block to the segmenter (whose cost per sentence grows with the text) and copy the
  // text before every word; both make the work grow with the square of the length.
  it('never segments more than a window at once and copies the text a bounded number of times', () => {
    const text = shortSentences(80_000)
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment')
    const slice = vi.spyOn(String.prototype, 'slice')
    const pieces = splitBlock(
      { id: 'b', text, ssml: false },
      { lexicon: null, locale: 'en', maxCodePoints: 2000 },
    )
    const slicedChars = slice.mock.results.reduce(
      (n, r) => n + (typeof r.value === 'string' ? r.value.length : 0),
      0,
    )
    const segmented = segment.mock.calls.map(([part]) => String(part).length)
    vi.restoreAllMocks()

    expect(pieces.map((p) => p.input).join('')).toBe(text)
    expect(Math.max(...segmented)).toBeLessThanOrEqual(16_384)
    expect(segmented.reduce((a, b) => a + b, 0)).toBeLessThan(text.length * 1.2)
    expect(slicedChars).toBeLessThan(text.length * 10)
  })

  it('copies a long SSML block with elements and lexicon hits a bounded number of times', () => {
    const lexicon = compileLexicon([{ term: 'bridge', alias: 'span', matchCase: false }])
    const body = shortSentences(40_000).replaceAll('Nobody', '<sub alias="no one">Nobody</sub>')
    const text = `<speak><prosody rate="slow">${body}</prosody></speak>`
    const slice = vi.spyOn(String.prototype, 'slice')
    const lower = vi.spyOn(String.prototype, 'toLowerCase')
    const pieces = splitBlock(
      { id: 'b', text, ssml: true },
      { lexicon, locale: 'en', maxCodePoints: 2000 },
    )
    const copied = [...slice.mock.results, ...lower.mock.results].reduce(
      (n, r) => n + (typeof r.value === 'string' ? r.value.length : 0),
      0,
    )
    vi.restoreAllMocks()

    expect(pieces.length).toBeGreaterThan(20)
    expect(pieces.every((p) => p.input.includes('<sub alias="span">bridge</sub>'))).toBe(true)
    expect(copied).toBeLessThan(text.length * 10)
  })
})
