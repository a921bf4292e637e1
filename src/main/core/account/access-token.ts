import { decodeJwt } from 'jose'
import type { Scope } from '../../../shared/domain/account'
import { SCOPES } from '../../../shared/domain/account'
import { AppError } from '../../../shared/errors'

/** What an access token grants: the operations of AccountStatus.allowed. */
export interface Permissions {
  speech: boolean
  stream: boolean
  voicesRead: boolean
  voicesCreate: boolean
  voicesDelete: boolean
}

/** The facts read from a pasted access token. */
export interface TokenClaims {
  /** Granted scopes, umbrella scopes expanded (audio:all -> audio:speech + audio:stream). */
  scopes: Scope[]
  /** Expiry, epoch milliseconds. */
  expiresAtMs: number
}

/** Scopes a token carries when the service issued it without an explicit scope. */
const DEFAULT_SCOPE = 'audio:all voices:read'

const EXPANSIONS: Partial<Record<Scope, readonly Scope[]>> = {
  'audio:all': ['audio:speech', 'audio:stream'],
  'voices:all': ['voices:read', 'voices:create', 'voices:delete'],
}

/** Expands umbrella scopes and drops unknown ones; the result is sorted and without duplicates. */
export function expandScopes(raw: readonly string[]): Scope[] {
  const out = new Set<Scope>()
  for (const scope of raw) {
    if (!(SCOPES as readonly string[]).includes(scope)) continue
    const known = scope as Scope
    const expanded = EXPANSIONS[known]
    if (expanded === undefined) out.add(known)
    else for (const s of expanded) out.add(s)
  }
  return [...out].sort()
}

/** The operations a set of expanded scopes allows. */
export function permissionsOf(scopes: readonly Scope[]): Permissions {
  return {
    speech: scopes.includes('audio:speech'),
    stream: scopes.includes('audio:stream'),
    voicesRead: scopes.includes('voices:read'),
    voicesCreate: scopes.includes('voices:create'),
    voicesDelete: scopes.includes('voices:delete'),
  }
}

/** The latest expiry a token may carry: 9999-12-31T23:59:59Z, in epoch seconds. */
const LATEST_EXPIRY_S = 253_402_300_799

/** The ISO text of an epoch-ms moment, or null when it is not a date (never throws). */
export function isoOrNull(ms: number): string | null {
  const date = new Date(ms)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

function invalidToken(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: { fields: { token: message } } })
}

/**
 * Reads scope and expiry from an access token WITHOUT verifying its signature: the client has no
 * key to verify it with and does not need to, because the service checks it on every call. An
 * undecodable, expiry-less, out-of-range or already expired token is refused with VALIDATION_FAILED.
 */
export function readAccessToken(token: string, nowMs: number): TokenClaims {
  let payload: Record<string, unknown>
  try {
    payload = decodeJwt(token)
  } catch {
    throw invalidToken(
      'This is not an access token (a JWT: three dot-separated parts). Paste the whole access_token value.',
    )
  }
  const exp = payload.exp
  if (typeof exp !== 'number' || !Number.isFinite(exp)) {
    throw invalidToken(
      'This access token has no expiry time; request a new token from the service.',
    )
  }
  // Why a range: an expiry past what a date can hold (exp: 1e300) would make every later status
  // read throw; a real token expires within hours, so the year 9999 is generous.
  if (exp < 0 || exp > LATEST_EXPIRY_S) {
    throw invalidToken(
      'This access token has an expiry time that is not a real date. Request a new token from the service and paste it again.',
    )
  }
  const expiresAtMs = exp * 1000
  if (expiresAtMs <= nowMs) {
    throw invalidToken(
      `This access token expired at ${new Date(expiresAtMs).toISOString()}. Request a new token and paste it again.`,
    )
  }
  const rawScope = payload.scope ?? payload.scp
  let names: string[]
  if (typeof rawScope === 'string') names = rawScope.split(/\s+/).filter(Boolean)
  else if (Array.isArray(rawScope))
    names = rawScope.filter((s): s is string => typeof s === 'string')
  else names = DEFAULT_SCOPE.split(' ')
  return { scopes: expandScopes(names), expiresAtMs }
}
