import { describe, expect, it } from 'vitest'
import type { TextMark } from './text-marks'
import { addMark, normalizeMarks, removeMarks } from './text-marks'
import { diffTexts, replaceMarked, shiftMarks, sliceMarks, spliceMarked } from './text-mark-edits'

const TEXT = 'She was screaming at the sea.'
// "screaming" is [8, 17)
const EM: TextMark = { kind: 'emphasis', start: 8, end: 17, value: 'strong' }
const PAUSE: TextMark = { kind: 'pause', start: 17, end: 17, ms: 500 }

/** The text after typing `after` over the old one, and where each mark now lands. */
function typed(before: string, after: string, marks: TextMark[], caret?: number): string[] {
  const moved = shiftMarks(marks, diffTexts(before, after, caret), after.length)
  return moved.map((m) => (m.kind === 'pause' ? `|${m.start}` : after.slice(m.start, m.end)))
}

describe('marks follow their text', () => {
  it('moves with an insertion before, grows with one inside, stays out of one at its edges', () => {
    expect(typed(TEXT, `Oh, ${TEXT}`, [EM])).toEqual(['screaming'])
    expect(typed(TEXT, TEXT.replace('screaming', 'scream-ing'), [EM])).toEqual(['scream-ing'])
    expect(typed(TEXT, TEXT.replace('screaming', 'xscreaming'), [EM], 9)).toEqual(['screaming'])
    expect(typed(TEXT, TEXT.replace('screaming', 'screamingx'), [EM], 18)).toEqual(['screaming'])
  })

  it('shrinks with a deletion inside or across an edge, and goes with its whole text', () => {
    expect(typed(TEXT, TEXT.replace('scream', 'sc'), [EM])).toEqual(['scing'])
    expect(typed(TEXT, TEXT.replace('was scream', 'w'), [EM])).toEqual(['ing'])
    expect(typed(TEXT, TEXT.replace('ing at', ''), [EM])).toEqual(['scream'])
    expect(typed(TEXT, TEXT.replace('was screaming at', 'yelled at'), [EM])).toEqual([])
  })

  it('keeps the mark when its exact text is typed over, and a pause with its place', () => {
    expect(typed(TEXT, TEXT.replace('screaming', 'y'), [EM])).toEqual(['y'])
    expect(typed(TEXT, TEXT.replace(' at', ' right at'), [PAUSE])).toEqual(['|17'])
    expect(typed(TEXT, TEXT.replace('She', 'He'), [PAUSE])).toEqual(['|16'])
    expect(typed(TEXT, TEXT.replace('ing at', ''), [PAUSE])).toEqual([])
  })

  it('settles a repeated letter by the caret', () => {
    // "aa" -> "aaa" with the caret after the first: the new "a" is the first, before the mark.
    const mark: TextMark = { kind: 'rate', start: 1, end: 2, value: 'slow' }
    expect(diffTexts('aa', 'aaa', 1)).toEqual({ start: 0, removed: 0, inserted: 1 })
    expect(shiftMarks([mark], diffTexts('aa', 'aaa', 1), 3)).toEqual([
      { ...mark, start: 2, end: 3 },
    ])
  })
})

describe('mark sets stay canonical', () => {
  it('lets a later mark of a kind win, joins touching ones, and takes marks off a range', () => {
    const moderate: TextMark = { kind: 'emphasis', start: 0, end: 10, value: 'moderate' }
    const strong: TextMark = { kind: 'emphasis', start: 5, end: 15, value: 'strong' }
    expect(addMark([moderate], strong, 20)).toEqual([{ ...moderate, end: 5 }, strong])
    expect(
      normalizeMarks(
        [
          { ...moderate, end: 5 },
          { ...moderate, start: 5 },
        ],
        20,
      ),
    ).toEqual([moderate])
    expect(removeMarks([moderate], 'emphasis', 3, 6, 20)).toEqual([
      { ...moderate, end: 3 },
      { ...moderate, start: 6 },
    ])
  })

  it('copies a slice with its marks and pastes it elsewhere', () => {
    const piece = { text: TEXT.slice(4, 17), marks: sliceMarks([EM], 4, 17) }
    expect(piece.marks).toEqual([{ ...EM, start: 4, end: 13 }])
    const pasted = spliceMarked({ text: 'Then ', marks: [] }, 5, 5, piece)
    expect(pasted.text).toBe('Then was screaming')
    expect(pasted.marks.map((m) => pasted.text.slice(m.start, m.end))).toEqual(['screaming'])
  })

  it('replaces every match and shifts the marks after each', () => {
    const out = replaceMarked({ text: TEXT, marks: [EM, PAUSE] }, /s/gi, () => 'SS')
    expect(out.text).toBe('SShe waSS SScreaming at the SSea.')
    expect(out.marks.map((m) => out.text.slice(m.start, m.end))).toEqual(['SScreaming', ''])
    expect(out.text.slice(out.marks[1]!.start)).toBe(' at the SSea.')
  })
})
