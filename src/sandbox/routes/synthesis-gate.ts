import { ApiError } from '../server/api-error.js'
import type { Principal } from '../server/auth.js'
import type { RequestContext } from '../server/context.js'
import { readJson } from '../server/read-body.js'
import { requireScope } from './guards.js'
import { synthesisLogSummary } from './synthesis-request.js'

/** What a synthesis request has once it is let through. */
export interface AdmittedSynthesis {
  principal: Principal
  body: unknown
  /** When the request was admitted (the start of its service time). */
  admittedAt: number
  /** RateLimit-* headers for the answer. */
  headers: Record<string, string>
}

/**
 * Everything before synthesis, in the service's order: credential, scope, credit, a 429 storm,
 * the body (read first so the request log always holds the text), then concurrency and rate limits.
 * The in-flight slot is released when the answer is finished or the client goes away.
 */
export async function admitSynthesis(
  ctx: RequestContext,
  scope: 'audio:speech' | 'audio:stream',
): Promise<AdmittedSynthesis> {
  const principal = await requireScope(ctx, scope)
  const body = await readJson(ctx.req)
  ctx.logBody = synthesisLogSummary(body)
  if (principal.account.settings.outOfCredit) {
    throw new ApiError(402, 'payment_required', 'the account has no synthesis credit left')
  }
  if (ctx.faults.rateLimit || ctx.env.faults.takeStorm()) {
    throw new ApiError(429, 'rate_limited', 'too many requests (sandbox 429 storm)', undefined, {
      'Retry-After': String(ctx.env.faults.stormRetryAfter()),
    })
  }
  const now = ctx.env.now()
  const { release, headers } = principal.account.limiter.admitSynthesis(now)
  ctx.res.once('close', release)
  return { principal, body, admittedAt: now, headers }
}
