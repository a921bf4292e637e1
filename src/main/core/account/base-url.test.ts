import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { normaliseBaseUrl } from './base-url'

describe('normaliseBaseUrl', () => {
  it.each([
    ['https://tts.example', 'https://tts.example'],
    ['https://tts.example/', 'https://tts.example'],
    ['  https://TTS.example//  ', 'https://tts.example'],
    ['https://tts.example:8443/api/', 'https://tts.example:8443/api'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ['http://localhost:4010/', 'http://localhost:4010'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://127.8.9.10', 'http://127.8.9.10'],
    ['http://[::1]:4010/', 'http://[::1]:4010'],
    ['http://0x7f.1:80/', 'http://127.0.0.1'],
  ])('%j -> %s', (raw, expected) => {
    expect(normaliseBaseUrl(raw)).toBe(expected)
  })

  it.each([
    ['tts.example', /not a web address/],
    ['/v1', /not a web address/],
    ['ftp://tts.example', /https/],
    ['file:///etc', /https/],
    ['javascript:alert(1)', /https/],
    ['http://tts.example', /plain http/],
    ['http://127.0.0.1.evil.example', /plain http/],
    ['http://192.168.1.2', /plain http/],
    ['https://user:pass@tts.example', /user name or password/],
    ['https://key@tts.example', /user name or password/],
    ['https://tts.example/?key=1', /"\?" or "#"/],
    ['https://tts.example/?', /"\?" or "#"/],
    ['https://tts.example/#x', /"\?" or "#"/],
  ])('refuses %j', (raw, message) => {
    let caught: unknown
    try {
      normaliseBaseUrl(raw)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(AppError)
    expect((caught as AppError).code).toBe('VALIDATION_FAILED')
    expect((caught as AppError).message).toMatch(message)
    expect((caught as AppError).details?.fields?.baseUrl).toBe((caught as AppError).message)
  })
})
