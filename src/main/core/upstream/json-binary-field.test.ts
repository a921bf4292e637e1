import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decodeBase64Bytes, liftBase64Field } from './json-binary-field'

const bytesOf = (text: string): Buffer => Buffer.from(text, 'utf8')

describe('decodeBase64Bytes', () => {
  it('decodes every length and padding exactly as Node does', () => {
    for (let length = 0; length < 40; length++) {
      const data = randomBytes(length)
      const encoded = bytesOf(data.toString('base64'))
      expect(Buffer.from(decodeBase64Bytes(encoded)!)).toEqual(data)
      // Unpadded and URL-safe spellings of the same bytes.
      const unpadded = bytesOf(data.toString('base64').replace(/=+$/, ''))
      expect(Buffer.from(decodeBase64Bytes(unpadded)!)).toEqual(data)
      const urlSafe = bytesOf(data.toString('base64url'))
      expect(Buffer.from(decodeBase64Bytes(urlSafe)!)).toEqual(data)
    }
  })

  it('refuses bytes outside the alphabet and impossible lengths', () => {
    expect(decodeBase64Bytes(bytesOf('QUJD RA=='))).toBeNull()
    expect(decodeBase64Bytes(bytesOf('QUJDR'))).toBeNull()
    expect(decodeBase64Bytes(bytesOf('QUJ=='))).toBeNull()
    expect(decodeBase64Bytes(bytesOf('QU=D'))).toBeNull()
  })
})

describe('liftBase64Field', () => {
  const audio = randomBytes(100_000)

  it('lifts the top-level field wherever it sits, leaving the rest parseable', () => {
    const marks = { type: 'sentence', value: 'audio_data', start: 0, end: 10 }
    for (const answer of [
      { audio_data: audio.toString('base64'), audio_format: 'wav', speech_marks: marks },
      { speech_marks: marks, audio_format: 'wav', audio_data: audio.toString('base64') },
      { nested: { audio_data: 'QUJD' }, audio_data: audio.toString('base64'), n: [1, { a: 2 }] },
    ]) {
      const body = bytesOf(JSON.stringify(answer, null, 1))
      const lifted = liftBase64Field(body, 'audio_data')
      expect(lifted).not.toBeNull()
      expect(Buffer.from(lifted!.bytes).equals(audio)).toBe(true)
      expect(JSON.parse(lifted!.json)).toEqual({ ...answer, audio_data: '' })
    }
  })

  it('keeps non-ASCII text in the rest of the answer intact', () => {
    const body = bytesOf(
      JSON.stringify({ speech_marks: { value: 'Grüße, 世界 \u{1F600}' }, audio_data: 'QUJD' }),
    )
    const lifted = liftBase64Field(body, 'audio_data')!
    expect(Buffer.from(lifted.bytes).toString()).toBe('ABC')
    expect(JSON.parse(lifted.json).speech_marks.value).toBe('Grüße, 世界 \u{1F600}')
  })

  it('ignores the name inside strings and nested objects', () => {
    const body = bytesOf('{"note":"\\"audio_data\\": \\"QUJD\\"","inner":{"audio_data":"QUJD"}}')
    expect(liftBase64Field(body, 'audio_data')).toBeNull()
  })

  it('leaves escaped, non-string and non-base64 values to the plain parse', () => {
    expect(liftBase64Field(bytesOf('{"audio_data":"QU\\/D"}'), 'audio_data')).toBeNull()
    expect(liftBase64Field(bytesOf('{"audio_data":null}'), 'audio_data')).toBeNull()
    expect(liftBase64Field(bytesOf('{"audio_data":"not base64!"}'), 'audio_data')).toBeNull()
    expect(liftBase64Field(bytesOf('[{"audio_data":"QUJD"}]'), 'audio_data')).toBeNull()
    expect(liftBase64Field(bytesOf('{"audio_data":"QUJD'), 'audio_data')).toBeNull()
  })

  it('an empty value lifts to no bytes (the caller reports the missing audio)', () => {
    const lifted = liftBase64Field(bytesOf('{"audio_data":"","audio_format":"mp3"}'), 'audio_data')
    expect(lifted?.bytes.byteLength).toBe(0)
    expect(JSON.parse(lifted!.json)).toEqual({ audio_data: '', audio_format: 'mp3' })
  })
})
