import type { SenderInfo } from '../ipc/dispatch'
import type { AppOrigin } from './app-origin'
import { isAppUrl } from './app-origin'

/**
 * The IPC sender policy: only the main frame of one of our own pages (not an iframe, not a
 * webview) may call into main. Pure, so the e2e browser host applies the very same decision.
 */
export function isTrustedSender(sender: SenderInfo, appOrigins: readonly AppOrigin[]): boolean {
  if (!sender.isMainFrame) return false
  if (sender.isWebview) return false
  return isAppUrl(sender.url, appOrigins)
}
