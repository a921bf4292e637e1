import { isIP } from 'node:net'
import { AppError } from '../../../shared/errors'
import { BUILT_IN_DEPLOYMENT } from './built-in-deployment'

/**
 * The service's address as one checked, normalised value: the base URL (scheme, host, port and
 * path prefix, no trailing slash) and its origin. Account builds it (from the Account screen, the
 * settings or the command line); the upstream client only uses it.
 */
export interface ServiceAddress {
  /** The normalised base URL: `https://host[:port][/prefix]`, never a trailing slash. */
  readonly baseUrl: string
  /** Its origin (scheme://host:port), what a saved credential is bound to. */
  readonly origin: string
}

/**
 * The service's own base address, which the first run uses so it asks only for the key. Set when
 * the app is built for a deployment (VOICEDESK_SERVICE_ADDRESS, see deployment-config.ts); empty
 * in a development build, as the code names no service host. The runtime can be given one (tests
 * give the sandbox's).
 */
export const SERVICE_DEFAULT_ADDRESS = BUILT_IN_DEPLOYMENT.serviceAddress

/**
 * True for hosts that never leave this machine: 127.0.0.0/8, ::1 and `localhost` itself. Why not
 * `*.localhost`: Node resolves names through the system resolver, which may ask a DNS server for
 * them, and plain http there would carry the key over the network in clear text.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost') return true
  // The URL parser has already turned every IPv4 spelling (0x7f.1, 2130706433) into dotted form.
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return host === '::1'
  return false
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: { fields: { baseUrl: message } } })
}

/**
 * Checks and normalises a service base URL, the one rule for the app and the command line: https
 * (http only on loopback: 127.0.0.0/8, ::1, localhost), no user name or password, no query or
 * fragment, trailing slashes removed. Throws VALIDATION_FAILED naming the `baseUrl` field.
 */
export function parseServiceAddress(raw: string): ServiceAddress {
  const text = raw.trim()
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw invalid(`"${text}" is not a web address. Enter the service address, like https://host.`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid('The service address must start with https://.')
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    // Why: the key goes in every request's header and must never cross the network in clear text.
    throw invalid(
      'The service address must use https://; plain http:// is allowed only for this computer (localhost, 127.0.0.1, ::1).',
    )
  }
  if (url.username !== '' || url.password !== '') {
    // Why refuse: credentials in the URL would end up in settings.json in plain text.
    throw invalid(
      'Remove the user name or password from the service address; set the API key in its own field.',
    )
  }
  if (url.search !== '' || url.hash !== '' || text.includes('?') || text.includes('#')) {
    throw invalid('The service address cannot contain "?" or "#"; enter only the base address.')
  }
  // Why no trailing slash: joining `/v1/...` onto the prefix must be unambiguous.
  const path = url.pathname.replace(/\/+$/, '')
  return { baseUrl: `${url.origin}${path}`, origin: url.origin }
}

/** The default address (given, else this build's) checked by the one address rule, or null. */
export function defaultAddressOf(given?: string): string | null {
  const raw = given ?? SERVICE_DEFAULT_ADDRESS
  return raw.trim() === '' ? null : parseServiceAddress(raw).baseUrl
}

/** `settings` with the service's default address while the user has set none. */
export function withDefaultAddress<T extends { baseUrl: string }>(
  settings: T,
  fallback: string | null,
): T {
  if (settings.baseUrl.trim() !== '' || fallback === null) return settings
  return { ...settings, baseUrl: fallback }
}
