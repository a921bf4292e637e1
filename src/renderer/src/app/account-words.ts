import type { AccountStatus } from '../../../shared/domain/account'
import { humanPastTime } from '../lib/human-time'

/** The dot's colour. */
export type Tone = 'ok' | 'warning' | 'danger' | 'unknown'

/**
 * What the dot says, in words: the short text beside it, its colour, and the sentence its
 * tooltip and accessible name give. Why from the last check only: green is a promise that the
 * service answered this key at this address, never a guess from a key being saved. Why no
 * address: the state is what a user acts on; where the service is lives under Account's Advanced.
 */
export function accountState(
  status: AccountStatus,
  nowMs: number,
  outOfCreditAt?: string,
): { text: string; tone: Tone; sentence: string } {
  const checked =
    status.checkedAt === null ? '' : ` Checked ${humanPastTime(status.checkedAt, nowMs)}.`
  if (status.credential === 'none')
    return {
      text: 'No API key',
      tone: 'unknown',
      sentence: 'No API key yet. Open Account to paste it.',
    }
  const demo = status.credential === 'sandbox'
  if (status.keyFor?.usable === false)
    return {
      text: 'Key for another service',
      tone: 'warning',
      sentence:
        'The saved key belongs to another service, so nothing is sent. Open Account to fix it.',
    }
  if (status.rejected)
    return {
      text: 'Key not accepted',
      tone: 'danger',
      sentence: 'The service did not accept this key. Open Account to paste a new one.',
    }
  // Why the Connection card's own titles (error-messages.ts, context "connection"): one problem
  // has one name, in the sidebar and in Account alike.
  if (status.connection === 'unreachable')
    return {
      text: 'Cannot reach the service',
      tone: 'danger',
      sentence: `Cannot reach the service.${checked} Open Account to try again.`,
    }
  if (status.connection === 'wrong-address')
    return {
      text: 'Wrong service address',
      tone: 'danger',
      sentence: `Wrong service address: what answers there is not the voice service.${checked} Open Account to correct it.`,
    }
  if (status.connection === 'service-trouble')
    return {
      text: 'The service had a problem',
      tone: 'danger',
      sentence: `The service had a problem of its own.${checked} Open Account to check again.`,
    }
  // Why before "Connected": the key works, but renders and previews are refused until credit is
  // added, so green would promise work that cannot happen. The demo bills nothing.
  if (outOfCreditAt !== undefined && !demo)
    return {
      text: 'Out of credit',
      tone: 'danger',
      sentence: `The service said ${humanPastTime(outOfCreditAt, nowMs)} that your account has no credit left, so renders and previews stop. Open Account when you have added credit.`,
    }
  // Why its own words and amber: the key works now but is lost at quit (no keychain), which the
  // user can still prevent. The demo's key is always a session one and nothing is lost with it.
  if (status.connection === 'connected' && status.storage === 'session' && !demo)
    return {
      text: 'Connected for this session',
      tone: 'warning',
      sentence: `Connected to the service.${checked} The system keychain isn't available, so your key is forgotten when you quit. Open Account to see how to keep it.`,
    }
  if (status.connection === 'connected')
    return {
      text: demo ? 'Demo service' : 'Connected',
      tone: 'ok',
      sentence: `${demo ? 'Connected to the demo service on this computer.' : 'Connected to the service.'}${checked}`,
    }
  return {
    text: demo ? 'Demo service' : 'Not checked yet',
    tone: 'unknown',
    sentence: demo
      ? 'Using the demo service on this computer. Open Account to use your own key.'
      : 'Not checked yet. Open Account to check the connection.',
  }
}
