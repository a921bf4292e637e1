import { AppError } from '../../shared/errors'

/** The longest link we hand to the OS. */
const MAX_URL_LENGTH = 2048

/** The part of Electron's `shell` this module needs (a fake in tests). */
export interface ExternalOpener {
  openExternal(url: string): Promise<void>
}

// Why no control characters at all: the URL parser silently drops tabs and newlines
// ("java\nscript:"), so a link that looks one way to a person can parse another way.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_INNER_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/

/**
 * Parses a link the user asked to open outside the app. Only absolute http(s) URLs with a host and
 * no user name or password ("https://app@evil.example" is a phishing trick) are accepted;
 * surrounding whitespace is trimmed, anything else returns null.
 */
export function parseExternalUrl(raw: string): URL | null {
  if (typeof raw !== 'string') return null
  const trimmed = raw.trim()
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH) return null
  if (CONTROL_OR_INNER_SPACE.test(trimmed)) return null
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.hostname === '') return null
  if (url.username !== '' || url.password !== '') return null
  return url
}

/**
 * The one caller of `shell.openExternal`: opens an http(s) link in the default browser after
 * {@link parseExternalUrl}; anything else is refused with VALIDATION_FAILED.
 */
export async function openExternalUrl(raw: string, shell: ExternalOpener): Promise<void> {
  const url = parseExternalUrl(raw)
  if (url === null) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Only web links (http or https, without a user name or password) can be opened in the browser.',
    )
  }
  await shell.openExternal(url.href)
}
