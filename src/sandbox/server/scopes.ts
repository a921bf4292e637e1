// The sandbox states the service's scope list on its own, not from the app's copy in
// shared/domain/account.ts: a stand-in that read the app's list would agree with any mistake in it.
/** Every scope the token endpoint grants. */
export const KNOWN_SCOPES = [
  'audio:speech',
  'audio:stream',
  'audio:all',
  'voices:read',
  'voices:create',
  'voices:delete',
  'voices:all',
] as const

/** A scope the service knows. */
export type Scope = (typeof KNOWN_SCOPES)[number]

/** Scope granted when a token request names none. */
export const DEFAULT_SCOPE = 'audio:all voices:read'

const IMPLIES: Partial<Record<Scope, Scope[]>> = {
  'audio:all': ['audio:speech', 'audio:stream'],
  'voices:all': ['voices:read', 'voices:create', 'voices:delete'],
}

/** True for a scope name the service knows. */
export function isKnownScope(scope: string): scope is Scope {
  return (KNOWN_SCOPES as readonly string[]).includes(scope)
}

/** The scopes a space-separated scope string grants, with `audio:all` and `voices:all` expanded. */
export function expandScopes(scope: string): Set<string> {
  const granted = new Set<string>()
  for (const name of scope.split(/\s+/).filter(Boolean)) {
    granted.add(name)
    if (isKnownScope(name)) for (const implied of IMPLIES[name] ?? []) granted.add(implied)
  }
  return granted
}
