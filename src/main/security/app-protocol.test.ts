import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  contentTypeFor,
  resolveAppPath,
  resolveAppUrl,
  securityHeaders,
} from './app-protocol'
import { contentSecurityPolicy } from './csp'

const root = '/opt/VoiceDesk/resources/app.asar/out/renderer'

describe('the app scheme', () => {
  it('is a standard, secure origin that never bypasses the CSP or opens to other origins', () => {
    expect(APP_ENTRY_URL).toBe('app://voicedesk/index.html')
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    })
  })
})

describe('resolveAppUrl', () => {
  it.each([
    ['app://voicedesk/index.html', 'index.html', 'text/html; charset=utf-8'],
    ['app://voicedesk/', 'index.html', 'text/html; charset=utf-8'],
    ['app://voicedesk', 'index.html', 'text/html; charset=utf-8'],
    ['app://voicedesk/index.html?x=1#/voices', 'index.html', 'text/html; charset=utf-8'],
    [
      'app://voicedesk/assets/index-abc.js',
      'assets/index-abc.js',
      'text/javascript; charset=utf-8',
    ],
    ['app://voicedesk/assets/index-abc.css', 'assets/index-abc.css', 'text/css; charset=utf-8'],
    ['app://voicedesk/assets/logo.svg', 'assets/logo.svg', 'image/svg+xml'],
    ['app://voicedesk/assets/a.woff2', 'assets/a.woff2', 'font/woff2'],
    ['app://voicedesk/assets/blob.bin', 'assets/blob.bin', 'application/octet-stream'],
    ['app://voicedesk/Voice%20Desk.png', 'Voice Desk.png', 'image/png'],
    // Literal and %2e dot segments are resolved by the URL parser and stay inside.
    ['app://voicedesk/assets/../index.html', 'index.html', 'text/html; charset=utf-8'],
    ['app://voicedesk/%2e%2e/%2e%2e/index.html', 'index.html', 'text/html; charset=utf-8'],
    ['app://voicedesk/a/../../../../etc/passwd', 'etc/passwd', 'application/octet-stream'],
    ['app://voicedesk//assets//x.js', 'assets/x.js', 'text/javascript; charset=utf-8'],
    // An encoded leading slash is not an absolute path: it stays under the root.
    ['app://voicedesk/%2fetc%2fpasswd', 'etc/passwd', 'application/octet-stream'],
    // Decoded once only: a double-encoded name is a literal (harmless) file name.
    ['app://voicedesk/%252e%252e/x', '%2e%2e/x', 'application/octet-stream'],
  ])('%s -> %s (%s)', (url, file, contentType) => {
    expect(resolveAppUrl(url, root)).toEqual({ ok: true, path: join(root, file), contentType })
  })

  it.each([
    ['app://voicedesk/..%2f..%2fmain/index.js', 403],
    ['app://voicedesk/..%2F..%2Fmain/index.js', 403],
    ['app://voicedesk/assets/%2e%2e%2f%2e%2e%2fmain.js', 403],
    ['app://voicedesk/..%5c..%5cmain.js', 400],
    ['app://voicedesk/a\\..\\..\\main.js', 400],
    ['app://voicedesk/index.html%00.png', 400],
    ['app://voicedesk/%E0%A4%A', 400],
    ['app://voicedesk/C:/Windows/win.ini', 403],
    ['app://voicedesk/index.html:stream', 403],
    ['app://evil/index.html', 404],
    ['app://voicedesk.evil.example/index.html', 404],
    ['app://voicedesk:8080/index.html', 404],
    ['app://user:pw@voicedesk/index.html', 404],
    ['app:///etc/passwd', 404],
    ['file:///etc/passwd', 404],
    ['http://voicedesk/index.html', 404],
    ['not a url', 400],
  ])('%s -> refused with %i', (url, status) => {
    expect(resolveAppUrl(url, root)).toMatchObject({ ok: false, status })
  })
})

describe('resolveAppPath (the e2e http host)', () => {
  it('maps "/" to index.html and keeps every path under the root', () => {
    expect(resolveAppPath('/', root)).toMatchObject({ ok: true, path: join(root, 'index.html') })
    expect(resolveAppPath('/assets/', root)).toMatchObject({
      ok: true,
      path: join(root, 'assets/index.html'),
    })
    expect(resolveAppPath('/..%2f..%2f..%2fetc/passwd', root)).toMatchObject({
      ok: false,
      status: 403,
    })
  })
})

describe('securityHeaders', () => {
  it('carries the release CSP (frame-ancestors included) and nosniff', () => {
    const headers = securityHeaders()
    expect(headers).toEqual({
      'Content-Security-Policy': contentSecurityPolicy(false),
      'X-Content-Type-Options': 'nosniff',
    })
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'")
    expect(securityHeaders(true)['Content-Security-Policy']).toBe(contentSecurityPolicy(true))
  })

  it('types files by extension, case-insensitively', () => {
    expect(contentTypeFor('/x/INDEX.HTML')).toBe('text/html; charset=utf-8')
    expect(contentTypeFor('/x/a.mjs')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeFor('/x/noext')).toBe('application/octet-stream')
  })
})
