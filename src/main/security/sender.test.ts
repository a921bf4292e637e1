import { describe, expect, it } from 'vitest'
import type { SenderInfo } from '../ipc/dispatch'
import { httpAppOrigin, schemeAppOrigin } from './app-origin'
import { isTrustedSender } from './sender'

const origins = [httpAppOrigin('http://localhost:5173'), schemeAppOrigin()]
const good: SenderInfo = {
  webContentsId: 1,
  isMainFrame: true,
  url: 'http://localhost:5173/#/voices',
  isWebview: false,
}

describe('isTrustedSender', () => {
  it('trusts the main frame of an app page (dev server or the app scheme)', () => {
    expect(isTrustedSender(good, origins)).toBe(true)
    expect(isTrustedSender({ ...good, url: 'app://voicedesk/index.html#/voices' }, origins)).toBe(
      true,
    )
  })

  it.each([
    ['a sub-frame', { isMainFrame: false }],
    ['a webview', { isWebview: true }],
    ['a foreign origin', { url: 'https://evil.example/' }],
    ['another port', { url: 'http://localhost:5174/' }],
    ['a file: page, even the renderer folder', { url: 'file:///app/out/renderer/index.html' }],
    ['another app scheme host', { url: 'app://evil/index.html' }],
    ['the app scheme on a port', { url: 'app://voicedesk:1/index.html' }],
    ['an app sub-frame', { url: 'app://voicedesk/index.html', isMainFrame: false }],
    ['a data: page', { url: 'data:text/html,hi' }],
    ['a lost frame (empty URL)', { url: '', isMainFrame: false }],
    ['userinfo trick', { url: 'http://localhost:5173@evil.example/' }],
  ] as const)('refuses %s', (_name, patch) => {
    expect(isTrustedSender({ ...good, ...patch }, origins)).toBe(false)
  })
})
