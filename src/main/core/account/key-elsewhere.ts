import type { AccountNotice, CredentialKind } from '../../../shared/domain/account'
import type { TrustGroups } from './credential-binding'
import { hostOf, originOf, trustGroupOf } from './credential-binding'
import { isLoopbackHost } from './service-address'

/** The services a user knows by name: the demo main started, and the build's own service. */
export interface KnownServices {
  /** The origin of the demo service main started, or null. */
  demo: string | null
  /** The build's default address (the service's own), or null when it names none. */
  own: string | null
  trustGroups: TrustGroups
}

/** The facts of a saved credential set aside because the address now names another service. */
export interface KeyElsewhere {
  kind: CredentialKind
  /** The origin the key was saved for; null when an older build stored none. */
  savedFor: string | null
  /** The origin the address points at now. */
  target: string
  /** Why no question about `target` comes (declined, or held back), in words; or null. */
  noQuestion: string | null
  known: KnownServices
}

/**
 * A service as the user knows it: "the demo service", "the voice service" (this build's own),
 * "a service on this computer", or its host name. Why not host:port: the user never typed a port
 * for a name they know, and the exact addresses go to Details.
 */
export function serviceNameOf(origin: string, known: KnownServices): string {
  if (known.demo !== null && origin === known.demo) return 'the demo service'
  const own = known.own === null ? null : originOf(known.own)
  if (own !== null && trustGroupOf(own, known.trustGroups).includes(origin))
    return 'the voice service'
  try {
    const { hostname } = new URL(origin)
    return isLoopbackHost(hostname) ? 'a service on this computer' : hostname
  } catch {
    return hostOf(origin)
  }
}

/**
 * What happened and the two ways out, in the user's words: no address, no "in Account" (the
 * Account screen shows it with the two buttons, other screens with a way to Account).
 */
export function keyElsewhereWords(facts: Omit<KeyElsewhere, 'noQuestion'>): string {
  const what = facts.kind === 'accessToken' ? 'access token' : 'key'
  if (facts.savedFor === null)
    return `Your ${what} was saved by an older VoiceDesk without the service it is for, so VoiceDesk does not send it anywhere. Paste the ${what} again to use it with this service.`
  const from = serviceNameOf(facts.savedFor, facts.known)
  const to = serviceNameOf(facts.target, facts.known)
  const happened =
    from === to
      ? `Your ${what} was saved for another service address than the one set now, so VoiceDesk does not send it there.`
      : `Your ${what} was saved for ${from}, and VoiceDesk is now set to use ${to}, so it does not send the ${what} there.`
  return `${happened} Go back to the ${what}'s address, or paste the ${what} for this one.`
}

/** The notice of a key set aside: the words, and the exact addresses behind Details. */
export function keyElsewhereNotice(facts: KeyElsewhere): AccountNotice {
  const saved =
    facts.savedFor === null
      ? 'none recorded (an older VoiceDesk saved it without one)'
      : hostOf(facts.savedFor)
  const details = `Saved for: ${saved}. Set now: ${hostOf(facts.target)}.`
  return {
    kind: 'key-elsewhere',
    message: keyElsewhereWords(facts),
    details: facts.noQuestion === null ? details : `${details} ${facts.noQuestion}`,
  }
}
