/** The longest account page address kept (the same bound as any link handed to the browser). */
export const MAX_ACCOUNT_PAGE_LENGTH = 2048

// Why no control characters or inner spaces: the URL parser silently drops tabs and newlines
// ("java\nscript:"), so an address that reads one way to a person could open another.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/

/** Names that never leave this computer or its network: no voice service's website uses them. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa|lan)$/i

/** An IPv4 or IPv6 literal, as the WHATWG URL parser leaves it (dotted, or in brackets). */
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i

/**
 * Checks the address of the user's page on the voice service's website (where credit is added),
 * in the words the Account screen shows. Accepted: an absolute https address with a host name,
 * no user name or password, no address on this computer or a local network (a name, not a
 * numeric address). Returns the normalised address, or why it is refused.
 */
export function checkAccountPage(raw: string): { url: string } | { problem: string } {
  const text = raw.trim()
  if (text.length === 0) return { problem: 'Paste the address of your account page.' }
  if (text.length > MAX_ACCOUNT_PAGE_LENGTH)
    return { problem: 'That address is too long. Copy it again from your browser.' }
  if (CONTROL_OR_SPACE.test(text))
    return { problem: 'That address has spaces in it. Copy it again from your browser.' }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return {
      problem:
        'That is not a web address. Copy it from your browser’s address bar; it starts with https://.',
    }
  }
  // Why https only: the page is where the user signs in and pays, so it must never be plain http,
  // and no other scheme (javascript:, file:, a custom app link) is a page on a website.
  if (url.protocol !== 'https:') return { problem: 'The address must start with https://.' }
  if (url.hostname === '') return { problem: 'The address has no website name after https://.' }
  if (url.username !== '' || url.password !== '')
    return { problem: 'Remove the user name or password from the address.' }
  if (LOCAL_NAME.test(url.hostname) || IP_LITERAL.test(url.hostname) || !url.hostname.includes('.'))
    return {
      problem:
        'Enter the voice service’s website, not an address on this computer or your network.',
    }
  return { url: url.href }
}

/**
 * The https form of an address refused only for being plain http, when that form is accepted
 * (checkAccountPage); null otherwise. Why offered and never applied unasked: the user sees the
 * address that will be kept, and nothing is ever opened or kept as plain http.
 */
export function httpsInstead(raw: string): string | null {
  const text = raw.trim()
  if (!/^http:\/\//i.test(text)) return null
  const checked = checkAccountPage(`https://${text.slice('http://'.length)}`)
  return 'url' in checked ? checked.url : null
}
