import { describe, expect, it } from 'vitest'
import type { TextMark } from '../../../../shared/domain/text-marks'
import { planRender } from './render-plan'
import { splitBlock } from './split-block'
import { createProject } from '../../../../shared/domain/script'

/** True when every element closes in order and no text holds a bare `<`, `>` or `&`. */
function wellFormed(input: string): boolean {
  const stack: string[] = []
  const rest = input.replace(
    /<(\/?)([\w:.-]+)[^<>]*?(\/?)>/g,
    (_, close: string, name: string, empty: string) => {
      if (empty) return ''
      if (!close) stack.push(name)
      else if (stack.pop() !== name) stack.push('!')
      return ''
    },
  )
  return stack.length === 0 && !/[<>]|&(?!(amp|lt|gt|quot|apos);)/.test(rest)
}

const noLex = { lexicon: null, locale: 'en', maxCodePoints: 2000 }

function inputs(text: string, marks: TextMark[], maxCodePoints = 2000): string[] {
  return splitBlock({ id: 'b', text, ssml: false, marks }, { ...noLex, maxCodePoints }).map(
    (p) => p.input,
  )
}

describe('marks compiled to SSML', () => {
  it('writes each kind as the element the service takes, text escaped', () => {
    const text = 'Tom & "Jerry" <run> NASA now, quietly.'
    const marks: TextMark[] = [
      { kind: 'emphasis', start: 0, end: 3, value: 'strong' },
      { kind: 'emotion', start: 6, end: 13, value: 'cheerful' },
      { kind: 'alias', start: 20, end: 24, value: 'N. A. S. A.' },
      { kind: 'pause', start: 29, end: 29, ms: 700 },
      { kind: 'rate', start: 30, end: 37, value: 'slow' },
    ]
    expect(inputs(text, marks)).toEqual([
      '<speak><emphasis level="strong">Tom</emphasis> &amp; <speechify:style emotion="cheerful">&quot;Jerry&quot;</speechify:style> &lt;run&gt; <sub alias="N. A. S. A.">NASA</sub> now,<break time="700ms"/> <prosody rate="slow">quietly</prosody>.</speak>',
    ])
  })

  it('nests overlapping marks by closing and reopening the inner one', () => {
    const text = 'one two three four'
    const marks: TextMark[] = [
      { kind: 'emphasis', start: 0, end: 7, value: 'moderate' },
      { kind: 'pitch', start: 4, end: 13, value: 'high' },
    ]
    const [input] = inputs(text, marks)
    expect(input).toBe(
      '<speak><emphasis level="moderate">one <prosody pitch="high">two</prosody></emphasis><prosody pitch="high"> three</prosody> four</speak>',
    )
    expect(wellFormed(input!)).toBe(true)
  })

  it('keeps every piece of a long marked block balanced when it is cut', () => {
    const sentence = 'The wind was loud and the sea was wild. '
    const text = sentence.repeat(30).trim()
    const marks: TextMark[] = [
      { kind: 'emotion', start: 50, end: 900, value: 'terrified' },
      { kind: 'emphasis', start: 100, end: 300, value: 'strong' },
    ]
    const pieces = inputs(text, marks, 200)
    expect(pieces.length).toBeGreaterThan(5)
    let words = ''
    for (const input of pieces) {
      expect([...input].length).toBeLessThanOrEqual(200)
      expect(wellFormed(input)).toBe(true)
      words += input.replace(/<[^>]*>/g, '')
    }
    expect(words).toBe(text)
    // A piece inside the emotion's range starts by reopening it.
    expect(pieces[2]).toMatch(/^<speak><speechify:style emotion="terrified">/)
  })

  it('changes the cache key of exactly the block whose mark changed', () => {
    const blocks = [
      { id: 'a', text: 'First line here.' },
      { id: 'b', text: 'Second line here.' },
    ]
    const base = createProject({ defaults: { voiceId: 'v' }, blocks })
    const marked = createProject({
      defaults: { voiceId: 'v' },
      blocks: [
        blocks[0]!,
        { ...blocks[1]!, marks: [{ kind: 'emotion', start: 0, end: 6, value: 'sad' }] },
      ],
    })
    const [a, b] = [planRender(base), planRender(marked)]
    expect(b.pieces[0]!.hash).toBe(a.pieces[0]!.hash)
    expect(b.pieces[1]!.hash).not.toBe(a.pieces[1]!.hash)
    expect(b.pieces[1]!.request.input).toContain(
      '<speechify:style emotion="sad">Second</speechify:style>',
    )
  })

  it('refuses a mark that runs past its text when the project is read', () => {
    expect(() =>
      createProject({
        blocks: [
          { id: 'a', text: 'Short.', marks: [{ kind: 'rate', start: 0, end: 99, value: 'fast' }] },
        ],
      }),
    ).toThrow(/mark of this block ends after the text/)
  })
})
