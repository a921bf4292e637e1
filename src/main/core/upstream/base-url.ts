/** Joins an API path (`/v1/...`) onto the base URL, keeping its path prefix; adds query values. */
export function joinUrl(
  base: URL,
  path: string,
  query?: Record<string, string | number | undefined>,
): URL {
  const url = new URL(base.href)
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value))
  }
  return url
}

/** Encodes one path segment (an id from the service or the user). */
export function segment(value: string): string {
  return encodeURIComponent(value)
}

/**
 * True when `candidate` may receive the credential: same scheme, host and port as the base URL.
 * Why: a recording URL comes from the service's data and may point anywhere; the key must only
 * ever go to the service the user configured.
 */
export function isSameOrigin(base: URL, candidate: URL): boolean {
  return base.origin === candidate.origin
}
