// The service's scope list is one table for the app and the sandbox (service-interface.md, "Scopes").
import { SCOPES, type Scope } from '../../shared/domain/account.js'

/** Scope granted when a token request names none. */
export const DEFAULT_SCOPE = 'audio:all voices:read'

const IMPLIES: Partial<Record<Scope, Scope[]>> = {
  'audio:all': ['audio:speech', 'audio:stream'],
  'voices:all': ['voices:read', 'voices:create', 'voices:delete'],
}

/** True for a scope name the service knows. */
export function isKnownScope(scope: string): scope is Scope {
  return (SCOPES as readonly string[]).includes(scope)
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
