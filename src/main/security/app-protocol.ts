import { extname, isAbsolute, relative, resolve } from 'node:path'
import type { CustomScheme } from 'electron'
import { contentSecurityPolicy } from './csp'

/** The custom scheme the built renderer is served from in release builds. */
export const APP_SCHEME = 'app'
/** The one host of that scheme; any other host is refused. */
export const APP_HOST = 'voicedesk'
/** The page main loads in a window when there is no dev server. */
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/**
 * How the scheme is registered (before app ready). Why each privilege:
 * - standard: a real origin (`app://voicedesk`), relative URLs and web storage (the UI keeps voice
 *   ids in localStorage);
 * - secure: a secure context, which the microphone (getUserMedia) and the clipboard API require;
 * - supportFetchAPI: the page's own requests go through the normal fetch path; CSP still has
 *   `connect-src 'none'`, so this opens no connection;
 * - codeCache: V8 caches the compiled bundle, as it does for http pages.
 * Never bypassCSP (the policy must apply), never corsEnabled (other origins must not read our
 * files), no service workers, no streaming (audio plays from blob: URLs).
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
}

/** Where a request for the renderer leads: a file inside the renderer folder, or a refusal. */
export type AppPathResolution =
  | { ok: true; path: string; contentType: string }
  | { ok: false; status: 400 | 403 | 404; reason: string }

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.txt': 'text/plain; charset=utf-8',
}

/** The Content-Type for a file of the renderer, by extension; unknown types are opaque bytes. */
export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * The headers every answer for the app's pages carries: the CSP as a header (the only place
 * `frame-ancestors` works) and nosniff, so a file is only ever used as its declared type.
 */
export function securityHeaders(development = false): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(development),
    'X-Content-Type-Options': 'nosniff',
  }
}

function refuse(status: 400 | 403 | 404, reason: string): AppPathResolution {
  return { ok: false, status, reason }
}

/**
 * Maps a URL path (`/assets/x.js`, still percent-encoded) to a file inside `root`, or refuses it.
 * Pure: symlinks are checked by the server that reads the file (see app-file-server.ts).
 */
export function resolveAppPath(pathname: string, root: string): AppPathResolution {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return refuse(400, 'malformed percent-encoding')
  }
  // Why refuse rather than normalise: a backslash is a separator on Windows and a NUL ends a path
  // in C; either could make the file opened differ from the path checked here.
  if (decoded.includes('\\') || decoded.includes('\0')) return refuse(400, 'forbidden character')
  const segments = decoded.split('/').filter((segment) => segment !== '')
  // The URL parser already resolved literal dot segments; any left came out of percent-encoding
  // (`..%2f`) and can only be an attempt to leave the folder.
  if (segments.some((segment) => segment === '..' || segment === '.')) {
    return refuse(403, 'path leaves the renderer folder')
  }
  // A colon would name a Windows drive (`C:`) or an NTFS stream (`index.html:x`): never a file of
  // ours.
  if (segments.some((segment) => segment.includes(':'))) return refuse(403, 'forbidden path')
  if (pathname.endsWith('/')) segments.push('index.html')
  const base = resolve(root)
  const path = resolve(base, ...segments)
  const inside = relative(base, path)
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    return refuse(403, 'path leaves the renderer folder')
  }
  return { ok: true, path, contentType: contentTypeFor(path) }
}

/**
 * Maps an `app://voicedesk/...` URL to a file inside `root`, or refuses it: another scheme, another
 * host, a port or user info are 404 (nothing is served there); the path goes to
 * {@link resolveAppPath}.
 */
export function resolveAppUrl(raw: string, root: string): AppPathResolution {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return refuse(400, 'not a URL')
  }
  if (
    url.protocol !== `${APP_SCHEME}:` ||
    url.hostname !== APP_HOST ||
    url.port !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    return refuse(404, 'not an app URL')
  }
  return resolveAppPath(url.pathname === '' ? '/' : url.pathname, root)
}
