import { describe, expect, it } from 'vitest'
import type { TextMark } from './text-marks'
import { normalizeMarks } from './text-marks'
import { markdownOfMarked, markedOfMarkdown } from './marks-markdown'

function roundTrip(text: string, marks: TextMark[]): string {
  const source = { text, marks: normalizeMarks(marks, text.length) }
  const written = markdownOfMarked(source)
  expect(markedOfMarkdown(written)).toEqual(source)
  return written
}

describe('marks as Markdown', () => {
  it("keeps brackets that are not marks or links as text: a citation, an editor's [sic]", () => {
    const read = markedOfMarkdown(
      'Rivers rise [12], he said [sic], see [the map](m.png) [big]{emotion=angry}.',
    )
    expect(read.text).toBe('Rivers rise [12], he said [sic], see the map big.')
    expect(read.marks).toEqual([{ kind: 'emotion', start: 45, end: 48, value: 'angry' }])
  })

  it('writes every kind readably and reads it back to the same marks', () => {
    const text = 'She was screaming at NASA, then calm and slow and quiet.'
    expect(
      roundTrip(text, [
        { kind: 'emphasis', start: 8, end: 17, value: 'moderate' },
        { kind: 'emphasis', start: 0, end: 3, value: 'strong' },
        { kind: 'alias', start: 21, end: 25, value: 'N. A. S. A.' },
        { kind: 'pause', start: 26, end: 26, ms: 700 },
        { kind: 'emotion', start: 32, end: 36, value: 'calm' },
        { kind: 'rate', start: 41, end: 45, value: 'x-slow' },
        { kind: 'pitch', start: 41, end: 45, value: 'low' },
        { kind: 'volume', start: 50, end: 55, value: 'soft' },
        { kind: 'emphasis', start: 50, end: 55, value: 'reduced' },
      ]),
    ).toBe(
      '**She** was *screaming* at [NASA]{say="N. A. S. A."},{pause=700ms} then [calm]{emotion=calm} and [slow]{pitch=low rate=x-slow} and [quiet]{volume=soft emphasis=reduced}.',
    )
  })

  it('nests marks that overlap and keeps literal syntax characters as text', () => {
    roundTrip('one two three four', [
      { kind: 'emphasis', start: 0, end: 7, value: 'strong' },
      { kind: 'emotion', start: 4, end: 13, value: 'angry' },
      { kind: 'rate', start: 8, end: 18, value: 'fast' },
    ])
    expect(roundTrip('# 5 * 3 = [x]_{y} `z` ~~w~~ a\\b', [])).toBe(
      '\\# 5 \\* 3 = \\[x\\]\\_\\{y\\} \\`z\\` \\~\\~w\\~\\~ a\\\\b',
    )
    roundTrip('a "quoted" alias', [
      { kind: 'alias', start: 2, end: 10, value: 'say "this" \\ too' },
    ])
  })

  it('reads Markdown as people write it: links, code and underscores', () => {
    expect(markedOfMarkdown('A [link](http://x) and `code` and _soft_ and __hard__.')).toEqual({
      text: 'A link and code and soft and hard.',
      marks: [
        { kind: 'emphasis', start: 20, end: 24, value: 'moderate' },
        { kind: 'emphasis', start: 29, end: 33, value: 'strong' },
      ],
    })
  })
})
