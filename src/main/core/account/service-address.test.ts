import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { isLoopbackHost, parseServiceAddress } from './service-address'

const normaliseBaseUrl = (raw: string): string => parseServiceAddress(raw).baseUrl

describe('parseServiceAddress: the one rule for the service address', () => {
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
    ['http://2130706433:4010', 'http://127.0.0.1:4010'],
    ['http://[0:0:0:0:0:0:0:1]:4010', 'http://[::1]:4010'],
    ['https://legacy.example.com/api/', 'https://legacy.example.com/api'],
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
    ['http://128.0.0.1', /plain http/],
    ['http://[::2]', /plain http/],
    // A name under .localhost may be resolved by a DNS server: plain http there is refused too.
    ['http://evil.localhost:4010', /plain http/],
    ['http://localhost.evil.example', /plain http/],
    ['not a url', /not a web address/],
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

  it('gives the origin with the address, and knows loopback hosts', () => {
    expect(parseServiceAddress('https://TTS.example:443/api/')).toEqual({
      baseUrl: 'https://tts.example/api',
      origin: 'https://tts.example',
    })
    expect(isLoopbackHost('LOCALHOST')).toBe(true)
    expect(isLoopbackHost('[::1]')).toBe(true)
    expect(isLoopbackHost('127.0.0.1.example.com')).toBe(false)
    expect(isLoopbackHost('app.localhost')).toBe(false)
  })
})
