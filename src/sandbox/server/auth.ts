import { errors, jwtVerify, SignJWT } from 'jose'
import type { IncomingMessage } from 'node:http'
import type { Account, AccountRegistry } from './accounts.js'
import { ApiError } from './api-error.js'
import { credentialHint } from './ids.js'
import { expandScopes } from './scopes.js'

/** Who is calling: the account, how they proved it, and what a token allows (null: an unscoped API key). */
export interface Principal {
  account: Account
  kind: 'api_key' | 'access_token'
  scopes: Set<string> | null
  hint: string
}

const ISSUER = 'voicedesk-sandbox'

/** Signs and checks access tokens (HS256 JWTs carrying account, scope and expiry). */
export class TokenAuthority {
  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => number,
  ) {}

  /** Issues a signed token for an account; it is never stored. */
  async issue(account: Account, scope: string, ttlSeconds: number): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000)
    return new SignJWT({ scope, plan: account.plan })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(account.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .setJti(crypto.randomUUID())
      .sign(this.secret)
  }

  /** Verifies signature and expiry without any lookup; returns the account id and scope, or throws 401. */
  async verify(token: string): Promise<{ accountId: string; scope: string }> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      })
      if (typeof payload.sub !== 'string' || typeof payload['scope'] !== 'string') {
        throw new ApiError(401, 'unauthorized', 'access token is missing its account or scope')
      }
      return { accountId: payload.sub, scope: payload['scope'] }
    } catch (error) {
      if (error instanceof ApiError) throw error
      if (error instanceof errors.JWTExpired)
        throw new ApiError(401, 'unauthorized', 'access token has expired')
      throw new ApiError(401, 'unauthorized', 'invalid API key or access token')
    }
  }
}

/** Reads the bearer credential of a request, or null when there is none. */
export function bearerCredential(req: IncomingMessage): string | null {
  const header = req.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? null
}

/** Authenticates a request by API key (lookup) or access token (signature); throws 401 otherwise. */
export async function authenticate(
  req: IncomingMessage,
  accounts: AccountRegistry,
  tokens: TokenAuthority,
): Promise<Principal> {
  const credential = bearerCredential(req)
  if (!credential) {
    throw new ApiError(401, 'unauthorized', 'missing Authorization: Bearer header', undefined, {
      'WWW-Authenticate': 'Bearer',
    })
  }
  const hint = credentialHint(credential)
  const byKey = accounts.lookup(credential)
  if (byKey) return { account: byKey, kind: 'api_key', scopes: null, hint }
  if (credential.startsWith('sk_'))
    throw new ApiError(401, 'unauthorized', 'invalid API key or access token')
  const { accountId, scope } = await tokens.verify(credential)
  const account = accounts.byId(accountId)
  if (!account) throw new ApiError(401, 'unauthorized', 'access token names an unknown account')
  return { account, kind: 'access_token', scopes: expandScopes(scope), hint }
}
