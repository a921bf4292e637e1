import { ApiError, fieldError } from '../server/api-error.js'
import { authenticate, type Principal } from '../server/auth.js'
import type { RequestContext } from '../server/context.js'

/** A route handler; `params` are the pattern's capture groups. */
export type Handler = (ctx: RequestContext, params: string[]) => Promise<void>

/** A route: method, anchored path pattern, handler. */
export interface Route {
  method: string
  pattern: RegExp
  handler: Handler
}

/** Authenticates the request and remembers the principal for the request log. */
export async function principalOf(ctx: RequestContext): Promise<Principal> {
  const principal = await authenticate(ctx.req, ctx.env.accounts, ctx.env.tokens)
  ctx.principal = principal
  return principal
}

/** Authenticates and checks that a token carries `scope` (API keys carry every scope). */
export async function requireScope(ctx: RequestContext, scope: string): Promise<Principal> {
  const principal = await principalOf(ctx)
  if (principal.scopes && !principal.scopes.has(scope)) {
    throw new ApiError(
      ctx.env.shapes.scopeDeniedStatus,
      'insufficient_scope',
      `this operation needs the ${scope} scope`,
      undefined,
      {
        'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}"`,
      },
    )
  }
  return principal
}

/** An opaque cursor for offset pagination. */
export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url')
}

/** Reads `limit` and `cursor` query parameters; 400 validation_failed when malformed. */
export function pageRequest(
  ctx: RequestContext,
  defaultLimit: number,
  maxLimit: number,
): { offset: number; limit: number } {
  const rawLimit = ctx.url.searchParams.get('limit')
  const rawCursor = ctx.url.searchParams.get('cursor')
  let limit = defaultLimit
  if (rawLimit !== null) {
    limit = Number(rawLimit)
    if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit)
      throw fieldError('limit', `must be an integer from 1 to ${maxLimit}`)
  }
  let offset = 0
  if (rawCursor !== null && rawCursor !== '') {
    try {
      const parsed: unknown = JSON.parse(Buffer.from(rawCursor, 'base64url').toString('utf8'))
      const value =
        typeof parsed === 'object' && parsed !== null && 'o' in parsed ? parsed.o : undefined
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
        throw new Error('bad cursor')
      offset = value
    } catch {
      throw fieldError('cursor', 'is not a cursor this service issued')
    }
  }
  return { offset, limit }
}

/** Slices one page and says where the next one starts. */
export function page<T>(
  items: readonly T[],
  offset: number,
  limit: number,
): { items: T[]; nextCursor: string | null; hasMore: boolean } {
  const slice = items.slice(offset, offset + limit)
  const hasMore = offset + limit < items.length
  return { items: slice, nextCursor: hasMore ? encodeCursor(offset + limit) : null, hasMore }
}
