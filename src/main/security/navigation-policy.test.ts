import { describe, expect, it } from 'vitest'
import { fileAppOrigin, httpAppOrigin, isAppUrl } from './app-origin'
import { decideNavigation, decideWindowOpen } from './navigation-policy'

const dev = httpAppOrigin('http://localhost:5173/')
const prod = fileAppOrigin('/opt/VoiceDesk/resources/app.asar/out/renderer')

describe('app origins', () => {
  it('builds a file origin ending with a slash, percent-encoded', () => {
    expect(fileAppOrigin('/opt/Voice Desk/out/renderer')).toEqual({
      kind: 'file',
      directory: 'file:///opt/Voice%20Desk/out/renderer/',
    })
  })

  it('refuses a non-http dev origin', () => {
    expect(() => httpAppOrigin('file:///x')).toThrow(TypeError)
  })

  it('accepts a single origin or a list', () => {
    expect(isAppUrl('http://localhost:5173/', dev)).toBe(true)
    expect(isAppUrl('http://localhost:5173/', [prod, dev])).toBe(true)
    expect(isAppUrl('http://localhost:5173/', [])).toBe(false)
  })
})

describe('decideNavigation (dev server origin)', () => {
  it.each([
    ['http://localhost:5173/', 'allow'],
    ['http://localhost:5173/#/voices', 'allow'],
    ['http://localhost:5173/index.html?x=1', 'allow'],
    ['http://localhost:5174/', 'deny'],
    ['https://localhost:5173/', 'deny'],
    ['http://127.0.0.1:5173/', 'deny'],
    ['http://localhost:5173@evil.example/', 'deny'],
    ['http://localhost.evil.example:5173/', 'deny'],
    ['https://evil.example/', 'deny'],
    ['javascript:alert(1)', 'deny'],
    ['data:text/html,hi', 'deny'],
    ['file:///etc/passwd', 'deny'],
    ['voicedesk://x', 'deny'],
    ['/relative', 'deny'],
    ['', 'deny'],
    ['  http://localhost:5173/  ', 'allow'],
  ] as const)('%j -> %s', (url, expected) => {
    expect(decideNavigation(url, dev)).toBe(expected)
  })
})

describe('decideNavigation (packaged file origin)', () => {
  it.each([
    ['file:///opt/VoiceDesk/resources/app.asar/out/renderer/index.html', 'allow'],
    ['file:///opt/VoiceDesk/resources/app.asar/out/renderer/index.html#/script', 'allow'],
    ['file:///opt/VoiceDesk/resources/app.asar/out/renderer/../renderer/index.html', 'allow'],
    ['file:///opt/VoiceDesk/resources/app.asar/out/renderer/../main/index.js', 'deny'],
    ['file:///opt/VoiceDesk/resources/app.asar/out/renderer/%2e%2e/main/index.js', 'deny'],
    ['file:///opt/VoiceDesk/resources/app.asar/out/renderer/..%2f..%2fmain.js', 'deny'],
    ['file:///opt/VoiceDesk/resources/app.asar/out/renderer/..%5C..%5Cmain.js', 'deny'],
    ['file:///opt/VoiceDesk/resources/app.asar/out/renderer-evil/index.html', 'deny'],
    ['file:///opt/VoiceDesk/resources/app.asar/out/renderer', 'deny'],
    ['file://remote-host/opt/VoiceDesk/resources/app.asar/out/renderer/index.html', 'deny'],
    ['file:///etc/passwd', 'deny'],
    ['https://example.com/', 'deny'],
    ['http://localhost:5173/', 'deny'],
  ] as const)('%j -> %s', (url, expected) => {
    expect(decideNavigation(url, prod)).toBe(expected)
  })
})

describe('decideWindowOpen', () => {
  it.each([
    ['https://example.com/docs', 'https://example.com/docs'],
    ['http://example.com', 'http://example.com/'],
    [' https://bücher.example ', 'https://xn--bcher-kva.example/'],
    ['javascript:alert(1)', null],
    ['file:///etc/passwd', null],
    ['data:text/html,x', null],
    ['about:blank', null],
    ['voicedesk://open', null],
    ['https://app@evil.example/', null],
    ['/relative', null],
    ['http://localhost:5173/', 'http://localhost:5173/'],
  ])('%j -> deny, open externally %j', (url, external) => {
    expect(decideWindowOpen(url)).toEqual({ action: 'deny', openExternally: external })
  })
})
