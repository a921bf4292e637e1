import type { Clock } from '../clock'
import type { TokenClaims } from './access-token'
import { TOKEN_EXPIRING_MS } from './account-notices'

/**
 * Calls `onMoment` when the token is about to expire and when it has expired (moments already
 * past are skipped). Why timers: the UI must learn both without polling; each moment broadcasts
 * a fresh status. Returns what cancels the timers still pending.
 */
export function scheduleTokenNotices(
  clock: Clock,
  token: TokenClaims,
  onMoment: () => void,
): () => void {
  const now = clock.now()
  const cancels: (() => void)[] = []
  for (const at of [token.expiresAtMs - TOKEN_EXPIRING_MS, token.expiresAtMs]) {
    const delay = at - now
    if (delay <= 0) continue
    cancels.push(clock.setTimer(onMoment, delay))
  }
  return () => {
    for (const cancel of cancels) cancel()
  }
}
