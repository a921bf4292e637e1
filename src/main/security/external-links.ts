import { AppError } from '../../shared/errors'
import type { Clock } from '../core/clock'
import { systemClock } from '../core/clock'
import { isLocalHost } from './local-hosts'

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

/** Why a link was not opened. */
export type LinkRefusal = 'not-a-web-link' | 'local-address'

/**
 * Reads a link the user asked to open outside the app. Only absolute http(s) URLs with a host and
 * no user name or password ("https://app@evil.example" is a phishing trick) are web links;
 * surrounding whitespace is trimmed. Why refuse this computer and the local network too: the
 * browser would carry the page's request to a router, a printer or a local server (with the
 * user's cookies there), which no link in VoiceDesk needs.
 */
export function checkExternalUrl(raw: string): { url: URL } | { refused: LinkRefusal } {
  if (typeof raw !== 'string') return { refused: 'not-a-web-link' }
  const trimmed = raw.trim()
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH) return { refused: 'not-a-web-link' }
  if (CONTROL_OR_INNER_SPACE.test(trimmed)) return { refused: 'not-a-web-link' }
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return { refused: 'not-a-web-link' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: 'not-a-web-link' }
  if (url.hostname === '') return { refused: 'not-a-web-link' }
  if (url.username !== '' || url.password !== '') return { refused: 'not-a-web-link' }
  if (isLocalHost(url.hostname)) return { refused: 'local-address' }
  return { url }
}

/** The link as a URL when {@link checkExternalUrl} accepts it, else null. */
export function parseExternalUrl(raw: string): URL | null {
  const checked = checkExternalUrl(raw)
  return 'url' in checked ? checked.url : null
}

const REFUSAL_MESSAGES: Record<LinkRefusal, string> = {
  'not-a-web-link':
    'Only web links (http or https, without a user name or password) can be opened in the browser.',
  'local-address':
    'Links to this computer or the local network (localhost, 192.168.…, 10.…, .local names) are not opened from VoiceDesk. Open the address in your browser yourself if you trust it.',
}

/** The checked link, or VALIDATION_FAILED saying why it is refused. */
function checkedOrThrow(raw: string): URL {
  const checked = checkExternalUrl(raw)
  if ('refused' in checked)
    throw new AppError('VALIDATION_FAILED', REFUSAL_MESSAGES[checked.refused])
  return checked.url
}

/**
 * Opens a checked link in the default browser ({@link checkExternalUrl}); anything else is
 * refused with VALIDATION_FAILED. Not paced: the platform port under a paced opener.
 */
export async function openExternalUrl(raw: string, shell: ExternalOpener): Promise<void> {
  await shell.openExternal(checkedOrThrow(raw).href)
}

/** How often links may be opened: one a second, and a few a minute. */
export interface LinkPaceLimits {
  minGapMs: number
  perMinute: number
}

/** The default: a person clicking links never meets it; a page opening tabs in a loop does. */
export const DEFAULT_LINK_PACE: LinkPaceLimits = { minGapMs: 1000, perMinute: 5 }

/**
 * Counts opened links on `clock`: `take()` is true (and counts one) while under both limits,
 * false otherwise; `waitMs()` says how long until the next one may open.
 */
export function createLinkPace(
  clock: Pick<Clock, 'now'> = systemClock,
  limits: LinkPaceLimits = DEFAULT_LINK_PACE,
): { take(): boolean; waitMs(): number } {
  const opened: number[] = []
  const waitMs = (): number => {
    const now = clock.now()
    while (opened.length > 0 && (opened[0] ?? 0) <= now - 60_000) opened.shift()
    const last = opened.at(-1)
    const gap = last === undefined ? 0 : last + limits.minGapMs - now
    const first = opened[0]
    const window =
      opened.length >= limits.perMinute && first !== undefined ? first + 60_000 - now : 0
    return Math.max(0, gap, window)
  }
  return {
    waitMs,
    take() {
      if (waitMs() > 0) return false
      opened.push(clock.now())
      return true
    },
  }
}

/**
 * The guarded opener for links the page asks for (app:openExternal, window.open): each link is
 * checked, then paced. Why a pace: main cannot see whether the user just clicked (Electron gives
 * neither the IPC call nor the window-open handler a user-activation flag), so a page that went
 * wrong could open tabs in a loop; at one a second and five a minute, a person clicking links
 * never notices, and a loop is stopped with RATE_LIMITED.
 */
export function createExternalLinkOpener(
  shell: ExternalOpener,
  options: { clock?: Pick<Clock, 'now'>; limits?: LinkPaceLimits } = {},
): (raw: string) => Promise<void> {
  const pace = createLinkPace(options.clock, options.limits)
  return async (raw) => {
    const url = checkedOrThrow(raw)
    if (!pace.take()) {
      const waitMs = pace.waitMs()
      throw new AppError(
        'RATE_LIMITED',
        `VoiceDesk just opened several links, so it did not open this one. Wait ${Math.max(1, Math.ceil(waitMs / 1000))} s and click it again.`,
        { retryable: true, details: { retryAfterMs: waitMs } },
      )
    }
    await shell.openExternal(url.href)
  }
}
