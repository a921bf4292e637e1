import { describe, expect, it } from 'vitest'
import { marksOfSsml } from './ssml-marks'

describe('Turn into marks', () => {
  it('turns the tags marks can say into marks on the plain words', () => {
    expect(
      marksOfSsml(
        '<speak>Tom &amp; <emphasis level="strong">Jerry</emphasis>,<break time="0.5s"/> <speechify:style emotion="sad"><prosody rate="slow" pitch="low">gone</prosody></speechify:style> to <sub alias="N. A. S. A.">NASA</sub>.</speak>',
      ),
    ).toEqual({
      text: 'Tom & Jerry, gone to NASA.',
      marks: [
        { kind: 'emphasis', start: 6, end: 11, value: 'strong' },
        { kind: 'pause', start: 12, end: 12, ms: 500 },
        { kind: 'emotion', start: 13, end: 17, value: 'sad' },
        { kind: 'pitch', start: 13, end: 17, value: 'low' },
        { kind: 'rate', start: 13, end: 17, value: 'slow' },
        { kind: 'alias', start: 21, end: 25, value: 'N. A. S. A.' },
      ],
    })
  })

  it('leaves a block alone when some of its SSML has no mark', () => {
    expect(marksOfSsml('<speak><prosody rate="83%">odd</prosody></speak>')).toBeNull()
    expect(marksOfSsml('<speak><say-as interpret-as="date">2020</say-as></speak>')).toBeNull()
    expect(marksOfSsml('<speak><emphasis>open</speak>')).toBeNull()
  })
})
