import { describe, expect, it } from 'vitest'
import { httpAppOrigin, isAppUrl, schemeAppOrigin } from './app-origin'
import { decideNavigation, decideWindowOpen } from './navigation-policy'

const dev = httpAppOrigin('http://localhost:5173/')
const prod = schemeAppOrigin()

describe('app origins', () => {
  it('is the app scheme and its one host in builds', () => {
    expect(schemeAppOrigin()).toEqual({ kind: 'scheme', scheme: 'app:', host: 'voicedesk' })
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

describe('decideNavigation (built app scheme origin)', () => {
  it.each([
    ['app://voicedesk/index.html', 'allow'],
    ['app://voicedesk/index.html#/script', 'allow'],
    ['app://voicedesk/', 'allow'],
    ['app://voicedesk', 'allow'],
    ['app://voicedesk/assets/../index.html', 'allow'],
    ['app://voicedesk.evil.example/index.html', 'deny'],
    ['app://evil/index.html', 'deny'],
    ['app://voicedesk:8080/index.html', 'deny'],
    ['app://user@voicedesk/index.html', 'deny'],
    ['app:///index.html', 'deny'],
    ['apps://voicedesk/index.html', 'deny'],
    ['http://voicedesk/index.html', 'deny'],
    // The renderer is no longer a file: page; no file: URL is the app, not even its own folder.
    ['file:///opt/VoiceDesk/resources/app.asar/out/renderer/index.html', 'deny'],
    ['file:///etc/passwd', 'deny'],
    ['https://example.com/', 'deny'],
    ['http://localhost:5173/', 'deny'],
    ['javascript:alert(1)', 'deny'],
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
    ['http://localhost:5173/', null],
    ['http://192.168.1.1/', null],
    ['http://[::ffff:127.0.0.1]/', null],
  ])('%j -> deny, open externally %j', (url, external) => {
    expect(decideWindowOpen(url)).toEqual({ action: 'deny', openExternally: external })
  })
})
