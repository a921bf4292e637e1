import { describe, expect, it } from 'vitest'
import type { SenderInfo } from '../ipc/dispatch'
import { fileAppOrigin, httpAppOrigin } from './app-origin'
import { isTrustedSender } from './sender'

const origins = [httpAppOrigin('http://localhost:5173'), fileAppOrigin('/app/out/renderer')]
const good: SenderInfo = {
  webContentsId: 1,
  isMainFrame: true,
  url: 'http://localhost:5173/#/voices',
  isWebview: false,
}

describe('isTrustedSender', () => {
  it('trusts the main frame of an app page (dev server or renderer folder)', () => {
    expect(isTrustedSender(good, origins)).toBe(true)
    expect(isTrustedSender({ ...good, url: 'file:///app/out/renderer/index.html' }, origins)).toBe(
      true,
    )
  })

  it.each([
    ['a sub-frame', { isMainFrame: false }],
    ['a webview', { isWebview: true }],
    ['a foreign origin', { url: 'https://evil.example/' }],
    ['another port', { url: 'http://localhost:5174/' }],
    ['a file outside the renderer folder', { url: 'file:///app/out/main/index.js' }],
    ['a data: page', { url: 'data:text/html,hi' }],
    ['a lost frame (empty URL)', { url: '', isMainFrame: false }],
    ['userinfo trick', { url: 'http://localhost:5173@evil.example/' }],
  ] as const)('refuses %s', (_name, patch) => {
    expect(isTrustedSender({ ...good, ...patch }, origins)).toBe(false)
  })
})
