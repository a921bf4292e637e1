import { isIP } from 'node:net'
import { AppError } from '../../../shared/errors'

/** True for hosts that never leave this machine: 127.0.0.0/8, ::1 and `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1'
  return false
}

/**
 * Parses and checks a base URL (the current or the legacy address, or a sandbox). https is
 * required except on loopback: the key goes in every request's header and must never cross the
 * network in clear text. A path prefix is kept; a query or fragment is refused.
 */
export function parseBaseUrl(input: string): URL {
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    throw new AppError(
      'VALIDATION_FAILED',
      `"${input}" is not a valid address. Enter the service address, for example https://api.example.com.`,
      { details: { fields: { baseUrl: 'not a valid URL' } } },
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('VALIDATION_FAILED', 'The service address must start with https://.', {
      details: { fields: { baseUrl: 'must be an https address' } },
    })
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The service address must use https:// (plain http is allowed only for this computer, such as 127.0.0.1), so the API key is never sent in clear text. Use https://${url.host}${url.pathname === '/' ? '' : url.pathname}.`,
      { details: { fields: { baseUrl: 'must use https' } } },
    )
  }
  if (url.username !== '' || url.password !== '') {
    throw new AppError(
      'VALIDATION_FAILED',
      'The service address must not contain a user name or password; put the API key in Account.',
      { details: { fields: { baseUrl: 'must not contain credentials' } } },
    )
  }
  if (url.search !== '' || url.hash !== '') {
    throw new AppError('VALIDATION_FAILED', 'The service address must not contain ? or #.', {
      details: { fields: { baseUrl: 'must not contain a query or fragment' } },
    })
  }
  // Normalise the path prefix to end without a slash, so joining `/v1/...` is unambiguous.
  url.pathname = url.pathname.replace(/\/+$/, '')
  return url
}

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
