import type { AppOrigin } from './app-origin'
import { isAppUrl } from './app-origin'
import { parseExternalUrl } from './external-links'

/**
 * Whether a window may navigate (or be redirected) to `targetUrl`: only to the app's own pages.
 * Everything else, including other file: paths and custom schemes, is denied.
 */
export function decideNavigation(
  targetUrl: string,
  appOrigin: AppOrigin | readonly AppOrigin[],
): 'allow' | 'deny' {
  return isAppUrl(targetUrl, appOrigin) ? 'allow' : 'deny'
}

/**
 * What to do with `window.open` / target=_blank: never a new app window. http(s) links are handed
 * to the default browser (normalised URL in `openExternally`); any other scheme is dropped.
 */
export function decideWindowOpen(url: string): { action: 'deny'; openExternally: string | null } {
  const external = parseExternalUrl(url)
  return { action: 'deny', openExternally: external === null ? null : external.href }
}
