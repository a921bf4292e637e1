import { describe, expect, it, vi } from 'vitest'
import { httpAppOrigin, schemeAppOrigin } from './app-origin'
import { createManualClock } from '../testing/manual-clock'
import { createExternalLinkOpener } from './external-links'
import { hardenSession, hardenWebContents } from './harden-window'

vi.mock('electron', () => ({}))

type Handler = (...args: unknown[]) => unknown
const appOrigins = [httpAppOrigin('http://localhost:5173')]

function fakeContents() {
  const listeners = new Map<string, Handler>()
  let openHandler: Handler | null = null
  const contents = {
    on: vi.fn((name: string, listener: Handler) => {
      listeners.set(name, listener)
      return contents
    }),
    setWindowOpenHandler: vi.fn((handler: Handler) => {
      openHandler = handler
    }),
  }
  return { contents, listeners, open: (url: string) => openHandler?.({ url }) }
}

function navigation(url: string) {
  return { url, preventDefault: vi.fn() }
}

describe('hardenWebContents', () => {
  function setup() {
    const fake = fakeContents()
    const opened: string[] = []
    const blocked: [string, string][] = []
    hardenWebContents(fake.contents as never, {
      appOrigins,
      openExternal: (url) => {
        opened.push(url)
        return Promise.resolve()
      },
      onBlocked: (what, url) => blocked.push([what, url]),
    })
    return { ...fake, opened, blocked }
  }

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    '%s: stays on the app, blocks the rest',
    (name) => {
      const { listeners, blocked } = setup()
      const inside = navigation('http://localhost:5173/#/voices')
      listeners.get(name)?.(inside)
      expect(inside.preventDefault).not.toHaveBeenCalled()
      for (const url of [
        'https://evil.example/',
        'file:///etc/passwd',
        'javascript:alert(1)',
        'http://localhost:5173@evil.example/',
      ]) {
        const away = navigation(url)
        listeners.get(name)?.(away)
        expect(away.preventDefault).toHaveBeenCalledTimes(1)
      }
      expect(blocked).toHaveLength(4)
    },
  )

  it('refuses every webview', () => {
    const { listeners, blocked } = setup()
    const event = { preventDefault: vi.fn() }
    listeners.get('will-attach-webview')?.(event, {}, { src: 'http://localhost:5173/' })
    expect(event.preventDefault).toHaveBeenCalledTimes(1)
    expect(blocked).toEqual([['webview', 'http://localhost:5173/']])
  })

  it('denies window.open, sending only http(s) links to the browser', () => {
    const { open, opened, blocked } = setup()
    expect(open('https://example.com/docs')).toEqual({ action: 'deny' })
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' })
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://example.com/docs'])
    expect(blocked.map(([what]) => what)).toEqual(['window', 'window'])
  })

  it('window.open never reaches this computer or the local network', () => {
    const { open, opened, blocked } = setup()
    for (const url of ['http://localhost:8080/', 'http://192.168.0.1/', 'http://[::1]/']) {
      expect(open(url)).toEqual({ action: 'deny' })
    }
    expect(opened).toEqual([])
    expect(blocked).toHaveLength(3)
  })

  it('a page calling window.open in a loop opens one tab, through the paced opener', async () => {
    const fake = fakeContents()
    const clock = createManualClock()
    const browser = { openExternal: vi.fn(() => Promise.resolve()) }
    const blocked: string[] = []
    hardenWebContents(fake.contents as never, {
      appOrigins,
      openExternal: createExternalLinkOpener(browser, { clock }),
      onBlocked: (_what, url) => blocked.push(url),
    })
    for (let i = 0; i < 20; i++) fake.open(`https://example.com/${i}`)
    // The refusals are settled promises: all of them have run before the next macrotask.
    await new Promise((resolve) => setImmediate(resolve))
    expect(blocked).toHaveLength(19)
    expect(browser.openExternal.mock.calls).toEqual([['https://example.com/0']])
  })
})

function fakeSession() {
  const handlers: {
    request?: Handler
    check?: Handler
    device?: Handler
    headers?: Handler
  } = {}
  const session = {
    setPermissionRequestHandler: (h: Handler) => (handlers.request = h),
    setPermissionCheckHandler: (h: Handler) => (handlers.check = h),
    setDevicePermissionHandler: (h: Handler) => (handlers.device = h),
    webRequest: { onHeadersReceived: (h: Handler) => (handlers.headers = h) },
  }
  return { session, handlers }
}

describe('hardenSession', () => {
  it('denies permission requests and checks by default, even for the app (the microphone aside)', () => {
    const { session, handlers } = fakeSession()
    hardenSession(session as never, { appOrigins, development: false })
    const media = (mediaTypes: string[]) => {
      const callback = vi.fn()
      handlers.request?.({}, 'media', callback, {
        requestingUrl: 'http://localhost:5173/',
        isMainFrame: true,
        mediaTypes,
      })
      return callback.mock.calls[0]?.[0] as boolean
    }
    expect(media(['audio'])).toBe(true)
    expect(media(['video'])).toBe(false)
    expect(media(['audio', 'video'])).toBe(false)
    for (const permission of ['notifications', 'geolocation', 'openExternal', 'clipboard-read']) {
      const callback = vi.fn()
      handlers.request?.({}, permission, callback, {
        requestingUrl: 'http://localhost:5173/',
        isMainFrame: true,
        mediaTypes: ['audio'],
      })
      expect(callback).toHaveBeenCalledWith(false)
      expect(
        handlers.check?.({}, permission, 'http://localhost:5173', {
          requestingUrl: 'http://localhost:5173/',
          isMainFrame: true,
        }),
      ).toBe(false)
    }
    expect(handlers.device?.({})).toBe(false)
  })

  it('grants an allow-listed permission to the app origin only', () => {
    const { session, handlers } = fakeSession()
    hardenSession(session as never, {
      appOrigins,
      development: false,
      allowList: [{ permission: 'media', mediaTypes: ['audio'] }],
    })
    const ask = (url: string, mediaTypes: string[]) => {
      const callback = vi.fn()
      handlers.request?.({}, 'media', callback, {
        requestingUrl: url,
        isMainFrame: true,
        mediaTypes,
      })
      return callback.mock.calls[0]?.[0] as boolean
    }
    expect(ask('http://localhost:5173/', ['audio'])).toBe(true)
    expect(ask('http://localhost:5173/', ['video'])).toBe(false)
    expect(ask('https://evil.example/', ['audio'])).toBe(false)
    expect(
      handlers.check?.({}, 'media', 'http://localhost:5173', {
        requestingUrl: 'http://localhost:5173/',
        isMainFrame: true,
        mediaType: 'audio',
      }),
    ).toBe(true)
    expect(
      handlers.check?.({}, 'media', 'http://localhost:5173', {
        requestingUrl: 'http://localhost:5173/',
        isMainFrame: true,
        mediaType: 'video',
      }),
    ).toBe(false)
  })

  it('sets the CSP header on the app page only, replacing any other', () => {
    const { session, handlers } = fakeSession()
    hardenSession(session as never, { appOrigins, development: true })
    const app = vi.fn()
    handlers.headers?.(
      {
        url: 'http://localhost:5173/',
        resourceType: 'mainFrame',
        responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': ['1'] },
      },
      app,
    )
    const headers = (app.mock.calls[0]?.[0] as { responseHeaders: Record<string, string[]> })
      .responseHeaders
    expect(headers['content-security-policy']).toBeUndefined()
    expect(headers['X-Other']).toEqual(['1'])
    expect(headers['Content-Security-Policy']?.[0]).toMatch(/default-src 'none'/)
    expect(headers['Content-Security-Policy']?.[0]).toMatch(/object-src 'none'/)
    expect(headers['Content-Security-Policy']?.[0]).toMatch(/frame-ancestors 'none'/)
    expect(headers['X-Content-Type-Options']).toEqual(['nosniff'])
    const other = vi.fn()
    handlers.headers?.(
      { url: 'https://elsewhere.example/', resourceType: 'mainFrame', responseHeaders: {} },
      other,
    )
    expect(other).toHaveBeenCalledWith({})
  })

  it('grants to the app scheme origin in builds, and never to a file: page', () => {
    const { session, handlers } = fakeSession()
    hardenSession(session as never, {
      appOrigins: [schemeAppOrigin()],
      development: false,
      allowList: [{ permission: 'notifications' }],
    })
    const ask = (requestingUrl: string) => {
      const callback = vi.fn()
      handlers.request?.({}, 'notifications', callback, { requestingUrl, isMainFrame: true })
      return callback.mock.calls[0]?.[0] as boolean
    }
    expect(ask('app://voicedesk/index.html')).toBe(true)
    expect(ask('file:///app/out/renderer/index.html')).toBe(false)
    expect(ask('app://elsewhere/index.html')).toBe(false)
    // A check may name only the requesting origin (no trailing slash, no path).
    expect(handlers.check?.({}, 'notifications', 'app://voicedesk', { isMainFrame: true })).toBe(
      true,
    )
  })

  it('leaves app:// responses alone: the scheme handler sets the release headers itself', () => {
    const { session, handlers } = fakeSession()
    // Unpackaged builds run with development true; the dev policy must not reach app://.
    hardenSession(session as never, { appOrigins: [schemeAppOrigin()], development: true })
    const callback = vi.fn()
    handlers.headers?.(
      { url: 'app://voicedesk/index.html', resourceType: 'mainFrame', responseHeaders: {} },
      callback,
    )
    expect(callback).toHaveBeenCalledWith({})
  })
})
