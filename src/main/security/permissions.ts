import type { AppOrigin } from './app-origin'
import { isAppUrl } from './app-origin'

/** One permission the app's own pages may be granted; media grants name their media types. */
export interface PermissionGrant {
  permission: string
  /** For `media`: the only media types granted (e.g. `['audio']` for the microphone). */
  mediaTypes?: readonly ('audio' | 'video')[]
}

/**
 * The allow-list: the microphone only (recording a personal voice sample in Voices), never the
 * camera, and for the app's own origin and main frame only (see {@link decidePermission}).
 */
export const ALLOWED_PERMISSIONS: readonly PermissionGrant[] = [
  { permission: 'media', mediaTypes: ['audio'] },
  // Copy buttons (tool-call JSON, error details) write text; reading the clipboard stays denied.
  { permission: 'clipboard-sanitized-write' },
]

/** What a permission request or check is about, as far as the policy cares. */
export interface PermissionQuery {
  permission: string
  /** The URL of the page (or frame) asking. */
  requestingUrl: string
  /** For media requests: the media types asked for. */
  mediaTypes?: readonly string[]
  /** False when a sub-frame asks. */
  isMainFrame?: boolean
}

/**
 * Deny by default: a permission is granted only when it is on the allow-list, the main frame of an
 * app page asks, and (for media) every requested media type is named in the grant.
 */
export function decidePermission(
  query: PermissionQuery,
  appOrigins: readonly AppOrigin[],
  allowList: readonly PermissionGrant[] = ALLOWED_PERMISSIONS,
): boolean {
  if (query.isMainFrame === false) return false
  if (!isAppUrl(query.requestingUrl, appOrigins)) return false
  const grant = allowList.find((g) => g.permission === query.permission)
  if (grant === undefined) return false
  if (grant.mediaTypes !== undefined) {
    const asked = query.mediaTypes ?? []
    if (asked.length === 0) return false
    return asked.every((type) => (grant.mediaTypes as readonly string[]).includes(type))
  }
  return true
}
