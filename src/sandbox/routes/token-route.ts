import { z } from 'zod'
import { OAuthError } from '../server/api-error.js'
import { bearerCredential } from '../server/auth.js'
import { credentialHint } from '../server/ids.js'
import { readBody } from '../server/read-body.js'
import { sendJson } from '../server/respond.js'
import { DEFAULT_SCOPE, isKnownScope } from '../server/scopes.js'
import type { Route } from './guards.js'

const tokenRequest = z.object({ grant_type: z.string().optional(), scope: z.string().optional() })

async function parseTokenBody(
  ctx: Parameters<Route['handler']>[0],
): Promise<z.infer<typeof tokenRequest>> {
  const raw = (await readBody(ctx.req, 65_536)).toString('utf8')
  const type = (ctx.req.headers['content-type'] ?? '').toLowerCase()
  let fields: unknown
  if (type.includes('application/json')) {
    try {
      fields = JSON.parse(raw)
    } catch {
      throw new OAuthError(400, 'invalid_request', 'the body is not valid JSON')
    }
  } else {
    fields = Object.fromEntries(new URLSearchParams(raw))
  }
  const parsed = tokenRequest.safeParse(fields)
  if (!parsed.success)
    throw new OAuthError(400, 'invalid_request', 'grant_type and scope must be strings')
  return parsed.data
}

/** `POST /v1/auth/token`: client-credentials grant, API key only, OAuth-style errors. */
export const tokenRoute: Route = {
  method: 'POST',
  pattern: /^\/v1\/auth\/token$/,
  handler: async (ctx) => {
    const credential = bearerCredential(ctx.req)
    if (!credential)
      throw new OAuthError(
        401,
        'invalid_client',
        'an API key is required in the Authorization header',
      )
    const account = ctx.env.accounts.lookup(credential)
    if (!account) {
      const looksLikeToken = !credential.startsWith('sk_')
      throw new OAuthError(
        401,
        looksLikeToken ? 'unauthorized_client' : 'invalid_client',
        looksLikeToken
          ? 'an access token cannot be used to issue access tokens; use an API key'
          : 'invalid API key',
      )
    }
    ctx.principal = { account, kind: 'api_key', scopes: null, hint: credentialHint(credential) }
    const body = await parseTokenBody(ctx)
    if (!body.grant_type) throw new OAuthError(400, 'invalid_request', 'grant_type is required')
    if (body.grant_type !== 'client_credentials') {
      throw new OAuthError(
        400,
        'unsupported_grant_type',
        `grant_type must be client_credentials, not ${body.grant_type}`,
      )
    }
    const scope = (body.scope ?? '').trim().split(/\s+/).filter(Boolean).join(' ') || DEFAULT_SCOPE
    const unknown = scope.split(' ').filter((name) => !isKnownScope(name))
    if (unknown.length > 0)
      throw new OAuthError(400, 'invalid_scope', `unknown scope: ${unknown.join(', ')}`)
    ctx.logBody = { grant_type: body.grant_type, scope }
    const ttl = ctx.env.settings.tokenTtlSeconds
    const token = await ctx.env.tokens.issue(account, scope, ttl)
    await sendJson(
      ctx,
      200,
      { access_token: token, token_type: 'bearer', expires_in: ttl, scope },
      { 'Cache-Control': 'no-store' },
    )
  },
}
