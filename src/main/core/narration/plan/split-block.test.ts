import { describe, expect, it } from 'vitest'
import { compileLexicon } from '../../../../shared/domain/lexicon'
import { splitBlock } from './split-block'

const cp = (s: string) => [...s].length
const noLex = { lexicon: null, locale: 'en', maxCodePoints: 2000 }

function sentences(n: number, word = 'word'): string {
  return Array.from({ length: n }, (_, i) => `Sentence ${i} has a ${word} or two.`).join(' ')
}

describe('splitBlock', () => {
  it('keeps a short plain block as one plain request', () => {
    const pieces = splitBlock(
      { id: 'b1', text: '  Hello there. How are you?  ', ssml: false },
      noLex,
    )
    expect(pieces).toHaveLength(1)
    expect(pieces[0]!.input).toBe('Hello there. How are you?')
    expect(pieces[0]!.billableCharacters).toBe(cp('Hello there. How are you?'))
  })

  it('gives no request for an empty block', () => {
    expect(splitBlock({ id: 'b', text: '  \n ', ssml: false }, noLex)).toEqual([])
  })

  it('cuts long text at sentence ends, each request within the limit, nothing lost', () => {
    const text = sentences(40)
    const pieces = splitBlock({ id: 'b', text, ssml: false }, { ...noLex, maxCodePoints: 200 })
    expect(pieces.length).toBeGreaterThan(4)
    for (const p of pieces) {
      expect(cp(p.input)).toBeLessThanOrEqual(200)
      expect(p.input.trimEnd()).toMatch(/two\.$/)
    }
    expect(pieces.map((p) => p.input).join('')).toBe(text)
  })

  it('counts code points, not UTF-16 units (emoji), and never cuts inside a word', () => {
    const sentence = 'Party 🎉🎉🎉 time. '
    const text = sentence.repeat(30).trim()
    const pieces = splitBlock({ id: 'b', text, ssml: false }, { ...noLex, maxCodePoints: 50 })
    for (const p of pieces) expect(cp(p.input)).toBeLessThanOrEqual(50)
    // 50 code points hold 3 sentences of 16 code points; UTF-16 counting would fit only 2.
    expect(pieces[0]!.input).toBe(sentence.repeat(3))
    expect(pieces.map((p) => p.input).join('')).toBe(text)
  })

  it('falls back to word boundaries inside one overlong sentence', () => {
    const text = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ') + '.'
    const pieces = splitBlock({ id: 'b', text, ssml: false }, { ...noLex, maxCodePoints: 60 })
    expect(pieces.length).toBeGreaterThan(3)
    for (const p of pieces) {
      expect(cp(p.input)).toBeLessThanOrEqual(60)
      expect(p.input).toMatch(/^w\d+/)
    }
    expect(pieces.map((p) => p.input).join('')).toBe(text)
  })

  it('refuses a single word longer than a request, naming the block', () => {
    expect(() =>
      splitBlock(
        { id: 'blk-7', text: 'x'.repeat(80), ssml: false },
        { ...noLex, maxCodePoints: 50 },
      ),
    ).toThrow(/blk-7/)
  })

  it('closes and reopens elements at a cut so every request is well-formed SSML', () => {
    const inner = sentences(12)
    const text = `<speak><prosody rate="slow">${inner}</prosody> Done.</speak>`
    const pieces = splitBlock({ id: 'b', text, ssml: true }, { ...noLex, maxCodePoints: 250 })
    expect(pieces.length).toBeGreaterThanOrEqual(2)
    for (const p of pieces) {
      expect(cp(p.input)).toBeLessThanOrEqual(250)
      expect(p.input.startsWith('<speak>')).toBe(true)
      expect(p.input.endsWith('</speak>')).toBe(true)
      const opens = (p.input.match(/<prosody/g) ?? []).length
      const closes = (p.input.match(/<\/prosody>/g) ?? []).length
      expect(opens).toBe(closes)
    }
    expect(pieces[1]!.input.startsWith('<speak><prosody rate="slow">Sentence')).toBe(true)
    expect(pieces.at(-1)!.input).toMatch(/Done\.<\/speak>$/)
  })

  it('never cuts inside a <sub> element or a tag', () => {
    const sub = '<sub alias="World Wide Web Consortium">W3C</sub>'
    const text = `<speak>${Array.from({ length: 30 }, () => `We like ${sub} a lot.`).join(' ')}</speak>`
    const pieces = splitBlock({ id: 'b', text, ssml: true }, { ...noLex, maxCodePoints: 150 })
    for (const p of pieces) {
      const body = p.input.slice('<speak>'.length, -'</speak>'.length)
      expect((body.match(/<sub/g) ?? []).length).toBe((body.match(/<\/sub>/g) ?? []).length)
      expect(body).not.toMatch(/<[^>]*$/)
    }
    expect(pieces[0]!.billableCharacters).toBe(
      cp('We like World Wide Web Consortium a lot. ') *
        (pieces[0]!.input.match(/<sub/g) ?? []).length,
    )
  })

  it('reports malformed SSML as a validation error naming the block', () => {
    expect(() =>
      splitBlock({ id: 'intro', text: '<speak><prosody>Hi</speak>', ssml: true }, noLex),
    ).toThrow(/intro/)
  })

  it('applies the lexicon with <sub>, escaping the rest, and maps offsets back to the block', () => {
    const lexicon = compileLexicon([{ term: 'SQL', alias: 'sequel', matchCase: false }])
    const text = 'Tom & Jerry use SQL.'
    const [piece] = splitBlock({ id: 'b', text, ssml: false }, { ...noLex, lexicon })
    expect(piece!.input).toBe('<speak>Tom &amp; Jerry use <sub alias="sequel">SQL</sub>.</speak>')
    const subStart = piece!.input.indexOf('<sub')
    const span = piece!.spans.find((s) => s.outStart === subStart)!
    expect(text.slice(span.srcStart, span.srcEnd)).toBe('SQL')
    const amp = piece!.spans.find((s) => piece!.input.slice(s.outStart, s.outEnd) === '&amp;')!
    expect(text.slice(amp.srcStart, amp.srcEnd)).toBe('&')
    expect(piece!.billableCharacters).toBe(cp('Tom & Jerry use sequel.'))
  })

  it('leaves entities in author SSML alone when applying the lexicon', () => {
    const lexicon = compileLexicon([{ term: 'amp', alias: 'amplifier', matchCase: false }])
    const text = '<speak>Rock &amp; roll amp.</speak>'
    const [piece] = splitBlock({ id: 'b', text, ssml: true }, { ...noLex, lexicon })
    expect(piece!.input).toBe('<speak>Rock &amp; roll <sub alias="amplifier">amp</sub>.</speak>')
  })
})
