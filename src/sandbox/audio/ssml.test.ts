import { describe, expect, it } from 'vitest'
import { planSpeech } from './speech-plan.js'
import { isSsml, parseSsml, SsmlError, EMOTION_PROSODY, emotionsIn } from './ssml.js'

describe('parseSsml', () => {
  it('maps every decoded character back to its range in the input, entities included', () => {
    const input = '<speak>A &amp; B</speak>'
    const [run] = parseSsml(input)
    expect(run).toMatchObject({ kind: 'text', text: 'A & B' })
    if (run?.kind !== 'text') throw new Error('expected text')
    expect(run.ranges[2]).toEqual([9, 14])
    expect(input.slice(...(run.ranges[2] ?? [0, 0]))).toBe('&amp;')
  })

  it('reads breaks by time and strength, nests prosody multiplicatively, ignores unknown tags', () => {
    const runs = parseSsml(
      '<speak><prosody rate="50%">slow <prosody rate="200%">normal</prosody></prosody><break strength="strong"/><break time="1.5s"/><emotion kind="x">plain</emotion></speak>',
    )
    expect(
      runs.map((run) => (run.kind === 'break' ? run.ms : `${run.text}@${run.prosody.rate}`)),
    ).toEqual(['slow @0.5', 'normal@1', 750, 1500, 'plain@1'])
  })

  it('speaks a <sub> alias over the range of its content', () => {
    const input = '<speak><sub alias="World Wide Web">WWW</sub> rocks</speak>'
    const plan = planSpeech(input, { textNormalization: false })
    expect(plan.words.map((word) => [word.value, input.slice(word.start, word.end)])).toEqual([
      ['World Wide Web', 'WWW'],
      ['rocks', 'rocks'],
    ])
  })

  it.each([
    '<speak>a</speak> trailing',
    '<speak><p>a</speak>',
    '<speak>a</p></speak>',
    '<speak>x &nbsp; y</speak>',
    '<speak attr=unquoted>x</speak>',
    '<speak><break time="forever"/></speak>',
    '<speak><prosody rate="quick">x</prosody></speak>',
    '<speak><sub>x</sub></speak>',
    '<speak><!-- open comment</speak>',
  ])('throws SsmlError for %s', (input) => {
    expect(() => parseSsml(input)).toThrow(SsmlError)
  })

  it('tells SSML from plain text', () => {
    expect(isSsml('  <speak>x</speak>')).toBe(true)
    expect(isSsml('<?xml version="1.0"?><speak>x</speak>')).toBe(true)
    expect(isSsml('I <3 speaking')).toBe(false)
  })
})

describe('planSpeech', () => {
  it('keeps plain text literal (no entity decoding) and skips symbol-only tokens', () => {
    const input = 'Fish &amp; chips — 5 < 6'
    const plan = planSpeech(input, { textNormalization: false })
    expect(plan.words.map((word) => input.slice(word.start, word.end))).toEqual([
      'Fish',
      '&amp;',
      'chips',
      '5',
      '6',
    ])
    expect(plan.billableCharacters).toBe([...input].length)
  })
})

describe('the style element', () => {
  it('speaks each emotion at its own rate and pitch and refuses an unknown one', () => {
    const prosodyOf = (emotion: string) => {
      const [run] = parseSsml(
        `<speak><speechify:style emotion="${emotion}">words</speechify:style></speak>`,
      )
      return run?.kind === 'text' ? `${run.prosody.rate}/${run.prosody.pitch}` : ''
    }
    const heard = Object.keys(EMOTION_PROSODY).map(prosodyOf)
    expect(new Set(heard).size).toBe(Object.keys(EMOTION_PROSODY).length)
    expect(() => prosodyOf('smug')).toThrow(/unknown emotion "smug"/)
    expect(emotionsIn('<speak><speechify:style emotion="Sad">a</speechify:style></speak>')).toEqual(
      ['sad'],
    )
  })
})
