import { APP_HOST, APP_SCHEME } from './app-protocol'

/**
 * Where the app's own pages live: the dev server's origin in development (and the e2e browser
 * host's loopback server), or the privileged `app://voicedesk` scheme in builds. `file:` pages are
 * never the app: the renderer is not loaded from disk URLs any more.
 */
export type AppOrigin =
  | { readonly kind: 'http'; readonly origin: string }
  | { readonly kind: 'scheme'; readonly scheme: string; readonly host: string }

/** The dev server (or e2e host) origin, from any URL on it: `http://localhost:5173/x` -> origin. */
export function httpAppOrigin(url: string): AppOrigin {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`An http app origin needs an http(s) URL, got ${parsed.protocol}`)
  }
  return { kind: 'http', origin: parsed.origin }
}

/** The origin of the built renderer, served by main on the privileged scheme (`app://voicedesk`). */
export function schemeAppOrigin(): AppOrigin {
  return { kind: 'scheme', scheme: `${APP_SCHEME}:`, host: APP_HOST }
}

function parse(raw: string): URL | null {
  try {
    return new URL(raw)
  } catch {
    return null
  }
}

function matches(url: URL, origin: AppOrigin): boolean {
  if (origin.kind === 'http') {
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin.origin
  }
  // Why compare parts: URL.origin is "null" for a custom scheme outside Chromium, so the scheme,
  // the host and the absence of a port and user info are checked one by one.
  return (
    url.protocol === origin.scheme &&
    url.hostname === origin.host &&
    url.port === '' &&
    url.username === '' &&
    url.password === ''
  )
}

/**
 * True when `raw` is a page of the app itself: same http origin as the dev server, or a URL on the
 * app scheme's one host. Parsed with URL, never string-matched.
 */
export function isAppUrl(raw: string, origins: AppOrigin | readonly AppOrigin[]): boolean {
  const url = parse(raw)
  if (url === null) return false
  const list: readonly AppOrigin[] = Array.isArray(origins) ? origins : [origins as AppOrigin]
  return list.some((origin) => matches(url, origin))
}
