import { AppError } from '../../../shared/errors'

/**
 * Origins (scheme://host:port) that are one service: the key saved for one of them works on all.
 * The service's current and legacy base addresses form one such group; a legacy address that
 * differs only by path (as the sandbox serves it) is the same origin and needs no group.
 */
export type TrustGroups = readonly (readonly string[])[]

/**
 * The service's own group (its current and legacy base origins), the default of the app and the
 * CLI. Empty here: this build does not name the service's hosts (settings start with no base URL),
 * and a legacy address that differs only by path is the same origin anyway. A build for a known
 * deployment lists the two origins here, in this one place.
 */
export const SERVICE_TRUST_GROUPS: TrustGroups = []

/** Where a saved credential may be sent, as the upstream client checks it on every request. */
export interface CredentialBinding {
  /** The origin stored with the credential; null when none was (an older build's entry). */
  savedFor: string | null
  /** Every origin the credential may go to: the trust group of `savedFor`, plus trusted extras. */
  origins: readonly string[]
}

/** The origin of a base URL, or null when it is empty or not a web address. */
export function originOf(baseUrl: string): string | null {
  if (baseUrl.trim() === '') return null
  try {
    const origin = new URL(baseUrl).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/** The origins trusted together with `origin`: its group in `groups`, or just itself. */
export function trustGroupOf(origin: string, groups: TrustGroups): string[] {
  const group = groups.find((members) => members.some((member) => originOf(member) === origin))
  const members = (group ?? []).map(originOf).filter((o): o is string => o !== null)
  return [...new Set([origin, ...members])]
}

/**
 * The binding of a credential saved for `savedFor`: its trust group plus `alsoTrusted` (the
 * sandbox main itself started, which never leaves this machine).
 */
export function bindingFor(
  savedFor: string | null,
  groups: TrustGroups,
  alsoTrusted: readonly string[] = [],
): CredentialBinding {
  const group = savedFor === null ? [] : trustGroupOf(savedFor, groups)
  return { savedFor, origins: [...new Set([...group, ...alsoTrusted])] }
}

/** True when a credential with `binding` may be sent to `origin`. */
export function mayCarryTo(binding: CredentialBinding, origin: string): boolean {
  return binding.origins.includes(origin)
}

/** The host:port of an origin, for messages ("tts.example", "127.0.0.1:4010"). */
export function hostOf(origin: string): string {
  try {
    return new URL(origin).host
  } catch {
    return origin
  }
}

/**
 * The AUTH_MISSING error for a credential that belongs elsewhere: it names both hosts and says
 * what to do. `kind` words the credential; `target` is the origin a request would have gone to.
 */
export function credentialElsewhere(
  binding: Pick<CredentialBinding, 'savedFor'>,
  target: string,
  kind: 'apiKey' | 'accessToken',
): AppError {
  const what = kind === 'accessToken' ? 'access token' : 'key'
  const to = hostOf(target)
  const message =
    binding.savedFor === null
      ? `The saved ${what} has no address recorded with it (an older VoiceDesk stored it without one), so VoiceDesk does not send it to ${to}. Open VoiceDesk and enter the ${what} for ${to} again in Account.`
      : `The saved ${what} belongs to ${hostOf(binding.savedFor)}. Enter the ${what} for ${to} in Account.`
  return new AppError('AUTH_MISSING', message)
}

/** A saved credential about to follow the base URL to another origin. */
export interface CredentialMove {
  kind: 'apiKey' | 'accessToken'
  /** The origin it belongs to now (null: none recorded). */
  from: string | null
  to: string
}

/** The native question main asks before a saved credential moves; it names both hosts. */
export function moveQuestion(move: CredentialMove): {
  title: string
  message: string
  detail: string
  confirmLabel: string
  cancelLabel: string
} {
  const what = move.kind === 'accessToken' ? 'access token' : 'API key'
  const to = hostOf(move.to)
  const from = move.from === null ? null : hostOf(move.from)
  const cancelLabel = from === null ? 'Do not send it' : `Keep it for ${from}`
  return {
    title: 'Use the saved key with another service?',
    message: `Send your saved ${what} to ${to}?`,
    detail: `${from === null ? 'No address was recorded for it.' : `It was saved for ${from}.`} Only say yes if ${to} is the same service. Otherwise choose "${cancelLabel}" and enter the ${what} for ${to} in Account.`,
    confirmLabel: `Use it with ${to}`,
    cancelLabel,
  }
}

/** Refusal to save a credential while no base URL is set: a key is saved for one address. */
export function saveAddressFirst(): AppError {
  const message =
    'Enter the service address too: your key is saved for that address only and sent nowhere else.'
  return new AppError('VALIDATION_FAILED', message, { details: { fields: { baseUrl: message } } })
}
