import { AppError } from '../../../shared/errors'

function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true
  // The URL parser has already turned every IPv4 spelling (0x7f.1, 2130706433) into dotted form.
  const parts = hostname.split('.')
  return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p))
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: { fields: { baseUrl: message } } })
}

/**
 * Checks and normalises a service base URL: https (http only on loopback: 127.0.0.0/8, ::1,
 * localhost), no user name or password, no query or fragment, trailing slashes removed.
 */
export function normaliseBaseUrl(raw: string): string {
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
  const path = url.pathname.replace(/\/+$/, '')
  return `${url.origin}${path}`
}
