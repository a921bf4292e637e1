import { pathToFileURL } from 'node:url'

/**
 * Where the app's own pages live: the dev server's origin in development, or the folder of the
 * built renderer on disk (a `file:` URL prefix) in release builds.
 */
export type AppOrigin =
  | { readonly kind: 'http'; readonly origin: string }
  | { readonly kind: 'file'; readonly directory: string }

/** The dev server (or e2e host) origin, from any URL on it: `http://localhost:5173/x` -> origin. */
export function httpAppOrigin(url: string): AppOrigin {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`An http app origin needs an http(s) URL, got ${parsed.protocol}`)
  }
  return { kind: 'http', origin: parsed.origin }
}

/** The built renderer folder on disk, as a `file:` URL path prefix ending with "/". */
export function fileAppOrigin(rendererDirectory: string): AppOrigin {
  const href = pathToFileURL(rendererDirectory).href
  return { kind: 'file', directory: href.endsWith('/') ? href : `${href}/` }
}

function parse(raw: string): URL | null {
  try {
    return new URL(raw)
  } catch {
    return null
  }
}

// Why reject encoded separators: "%2F" and "%5C" stay encoded in URL.pathname, so a prefix check
// would pass while the file actually loaded could sit outside the renderer folder.
const ENCODED_SEPARATOR = /%2f|%5c/i

function matches(url: URL, origin: AppOrigin): boolean {
  if (origin.kind === 'http') {
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin.origin
  }
  if (url.protocol !== 'file:' || url.host !== '') return false
  if (ENCODED_SEPARATOR.test(url.pathname)) return false
  // The URL parser has already resolved "." and ".." segments (also their %2e forms), so a plain
  // prefix test on the normalised path is sound.
  const directory = new URL(origin.directory)
  return url.pathname.startsWith(directory.pathname)
}

/**
 * True when `raw` is a page of the app itself: same http origin as the dev server, or a file inside
 * the renderer folder. Parsed with URL, never string-matched.
 */
export function isAppUrl(raw: string, origins: AppOrigin | readonly AppOrigin[]): boolean {
  const url = parse(raw)
  if (url === null) return false
  const list: readonly AppOrigin[] = Array.isArray(origins) ? origins : [origins as AppOrigin]
  return list.some((origin) => matches(url, origin))
}
