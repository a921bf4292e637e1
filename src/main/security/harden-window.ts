import type { Session, WebContents } from 'electron'
import type { AppOrigin } from './app-origin'
import { isAppUrl } from './app-origin'
import { securityHeaders } from './app-protocol'
import { decideNavigation, decideWindowOpen } from './navigation-policy'
import type { PermissionGrant } from './permissions'
import { ALLOWED_PERMISSIONS, decidePermission } from './permissions'

/** What hardening a web contents needs: the app's origins and where allowed links go. */
export interface HardenOptions {
  appOrigins: readonly AppOrigin[]
  /** Opens an http(s) link in the default browser (the guarded helper). */
  openExternal: (url: string) => Promise<void>
  /** Told about every refused navigation, window or webview (for the log). */
  onBlocked?: (what: 'navigation' | 'redirect' | 'window' | 'webview', url: string) => void
}

type NavigationEvent = { url: string; preventDefault(): void }

/**
 * Wires the navigation policy onto one web contents: navigations and redirects off the app's
 * pages are prevented (in every frame), `window.open` is denied (http(s) links go to the browser),
 * and `<webview>` is refused.
 */
export function hardenWebContents(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  options: HardenOptions,
): void {
  const { appOrigins, onBlocked } = options
  const guard =
    (what: 'navigation' | 'redirect') =>
    (event: NavigationEvent): void => {
      if (decideNavigation(event.url, appOrigins) === 'allow') return
      event.preventDefault()
      onBlocked?.(what, event.url)
    }
  contents.on('will-navigate', guard('navigation'))
  contents.on('will-frame-navigate', guard('navigation'))
  contents.on('will-redirect', guard('redirect'))
  contents.on('will-attach-webview', (event, _webPreferences, params) => {
    // Why refuse outright (webviewTag is already false): a webview is a second, separately
    // configured renderer; the app has no use for one.
    event.preventDefault()
    onBlocked?.('webview', params.src ?? '')
  })
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url)
    if (decision.openExternally !== null) {
      options.openExternal(decision.openExternally).catch(() => onBlocked?.('window', url))
    } else {
      onBlocked?.('window', url)
    }
    return { action: decision.action }
  })
}

/** What hardening a session needs. */
export interface SessionHardenOptions {
  appOrigins: readonly AppOrigin[]
  development: boolean
  /** Default: {@link ALLOWED_PERMISSIONS} (empty). */
  allowList?: readonly PermissionGrant[]
}

/**
 * Wires deny-by-default permission handlers (request, check and device) and adds the CSP and
 * nosniff headers to the dev server's page (an http app origin), which cannot set them itself. The
 * `app://` scheme's responses carry them already (app-file-server.ts), always with the release
 * policy, so they are left alone here.
 */
export function hardenSession(
  session: Pick<
    Session,
    'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
  > & { webRequest: Pick<Session['webRequest'], 'onHeadersReceived'> },
  options: SessionHardenOptions,
): void {
  const allowList = options.allowList ?? ALLOWED_PERMISSIONS
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : []
    callback(
      decidePermission(
        {
          permission,
          requestingUrl: details.requestingUrl,
          isMainFrame: details.isMainFrame,
          mediaTypes,
        },
        options.appOrigins,
        allowList,
      ),
    )
  })
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    decidePermission(
      {
        permission,
        requestingUrl: details.requestingUrl ?? requestingOrigin,
        isMainFrame: details.isMainFrame,
        ...(details.mediaType === undefined ? {} : { mediaTypes: [details.mediaType] }),
      },
      options.appOrigins,
      allowList,
    ),
  )
  session.setDevicePermissionHandler(() => false)
  const devServers = options.appOrigins.filter((origin) => origin.kind === 'http')
  const added = Object.entries(securityHeaders(options.development))
  session.webRequest.onHeadersReceived((details, callback) => {
    if (details.resourceType !== 'mainFrame' || !isAppUrl(details.url, devServers)) {
      callback({})
      return
    }
    const headers = { ...(details.responseHeaders ?? {}) }
    for (const [name] of added) {
      for (const present of Object.keys(headers)) {
        if (present.toLowerCase() === name.toLowerCase()) delete headers[present]
      }
    }
    for (const [name, value] of added) headers[name] = [value]
    callback({ responseHeaders: headers })
  })
}
