import { randomUUID } from 'node:crypto'
import type PQueue from 'p-queue'
import type { z } from 'zod'
import type { Credential } from '../account/account-ports'
import type { Clock } from '../clock'
import { credentialElsewhere } from '../account/credential-binding'
import type { Logger } from '../log/logger'
import { joinUrl } from './base-url'
import type { OperationContext } from './errors'
import { errorFromResponse, scopesOfToken, unreadableAnswer } from './errors'
import type { HttpResponse, HttpTransport } from './http'
import { cancelledError, readBody } from './http'
import { MAX_JSON_BYTES } from './download-limits'
import { liftBase64Field } from './json-binary-field'
import type { RetryPolicy } from './retry'
import { logEachRetry, withRetry } from './retry'
import type { SynthesisScheduler } from './scheduler'

/** Time limits of the client, all in milliseconds. */
export interface Timeouts {
  /** From send to response headers for reads and voice operations. */
  headersMs: number
  /** From send to response headers for synthesis (the service renders before answering). */
  synthesisHeadersMs: number
  /** No body byte for this long while reading a JSON answer or a download -> TIMEOUT. */
  idleMs: number
  /** No audio byte for this long during a stream -> STREAM_TRUNCATED (default for `stream`). */
  streamStallMs: number
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  headersMs: 30_000,
  synthesisHeadersMs: 90_000,
  idleMs: 30_000,
  streamStallMs: 15_000,
}

/** Everything the resource modules share: one per client. */
export interface UpstreamContext {
  baseUrl: URL
  transport: HttpTransport
  logger: Logger
  scheduler: SynthesisScheduler
  readLimiter: PQueue
  retry: RetryPolicy
  /** Time source of retry waits and the scheduler's pauses (the same one). */
  clock: Clock
  timeouts: Timeouts
  userAgent: string
  getCredential(): Promise<Credential>
}

/** One request as the resource modules describe it. */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'DELETE'
  /** `/v1/...` on the base URL, or an absolute URL already checked by the caller. */
  path: string | URL
  query?: Record<string, string | number | undefined>
  headers?: Record<string, string>
  body?: Uint8Array | string
  op: Omit<OperationContext, 'host' | 'credentialKind' | 'grantedScopes'>
  signal?: AbortSignal
  /** Synthesis requests get the longer header timeout. */
  synthesis?: boolean
  /** False for a request that carries no credential (foreign-origin downloads). */
  authenticated?: boolean
  /** A 2xx answer is read to its end even after a cancel: it is paid for (see HttpRequestInit). */
  keepPaidAnswer?: boolean
}

/** Builds the operation context for error messages from a spec and the credential in use. */
export function operationContext(
  ctx: UpstreamContext,
  spec: RequestSpec,
  credential: Credential | null,
): OperationContext {
  const op: OperationContext = { ...spec.op, host: ctx.baseUrl.host }
  if (credential !== null) {
    op.credentialKind = credential.kind
    if (credential.kind === 'accessToken') op.grantedScopes = scopesOfToken(credential.secret)
  }
  return op
}

/**
 * Sends one request with the credential and maps any non-2xx answer to an AppError (reading the
 * error body, whatever its shape). Returns the open response on 2xx: the caller reads the body.
 */
export async function send(ctx: UpstreamContext, spec: RequestSpec): Promise<HttpResponse> {
  const credential = spec.authenticated === false ? null : await ctx.getCredential()
  const op = operationContext(ctx, spec, credential)
  const url =
    typeof spec.path === 'string' ? joinUrl(ctx.baseUrl, spec.path, spec.query) : spec.path
  const headers: Record<string, string> = {
    'user-agent': ctx.userAgent,
    accept: 'application/json',
    ...spec.headers,
  }
  if (credential !== null) {
    // Why check here, at the one place the header is attached: whatever changed the base URL (or
    // a URL that came from the service's data), a saved key never leaves the origins it belongs to.
    const allowed = credential.binding?.origins ?? [ctx.baseUrl.origin]
    if (!allowed.includes(url.origin)) {
      throw credentialElsewhere(
        credential.binding ?? { savedFor: ctx.baseUrl.origin },
        url.origin,
        credential.kind,
      )
    }
    headers.authorization = `Bearer ${credential.secret}`
  }
  const started = Date.now()
  const init = {
    method: spec.method,
    url,
    headers,
    headersTimeoutMs: spec.synthesis ? ctx.timeouts.synthesisHeadersMs : ctx.timeouts.headersMs,
    ctx: op,
    ...(spec.body === undefined ? {} : { body: spec.body }),
    ...(spec.signal === undefined ? {} : { signal: spec.signal }),
    ...(spec.keepPaidAnswer === true ? { keepPaidAnswer: true } : {}),
  }
  const res = await ctx.transport.send(init)
  // Only method, path and status are logged: never headers, never a body (keys live there).
  const logFields = {
    method: spec.method,
    path: url.pathname,
    status: res.status,
    requestId: res.requestId ?? null,
    ms: Date.now() - started,
  }
  if (res.status >= 200 && res.status < 300) {
    ctx.logger.debug('upstream answer', logFields)
    return res
  }
  let text = ''
  try {
    text = (
      await readBody(res, { maxBytes: 64 * 1024, idleTimeoutMs: ctx.timeouts.idleMs, ctx: op })
    ).toString('utf8')
  } catch {
    // An unreadable error body still has a status: map by status alone.
  }
  const error = errorFromResponse(res.status, res.headers, text, op, ctx.clock.now())
  ctx.logger.info('upstream error', {
    ...logFields,
    code: error.code,
    upstreamCode: error.details?.upstreamCode,
  })
  throw error
}

/** Sends a request, reads the JSON answer and parses it with `schema` (strict about what must be there). */
export async function requestJson<S extends z.ZodType>(
  ctx: UpstreamContext,
  spec: RequestSpec,
  schema: S,
  options: { base64Field?: string; maxBytes?: number } = {},
): Promise<{
  data: z.output<S>
  requestId: string | undefined
  status: number
  /** The decoded `base64Field`, lifted out of the body before parsing (its value is then ""). */
  binary: Uint8Array | null
}> {
  const res = await send(ctx, spec)
  const op = operationContext(ctx, spec, null)
  const body = await readBody(res, {
    maxBytes: options.maxBytes ?? MAX_JSON_BYTES,
    idleTimeoutMs: ctx.timeouts.idleMs,
    ctx: op,
  })
  // Why lift a field: see json-binary-field.ts (megabytes of base64 audio per speech answer).
  const lifted = options.base64Field ? liftBase64Field(body, options.base64Field) : null
  let json: unknown
  try {
    json = JSON.parse(lifted ? lifted.json : body.toString('utf8'))
  } catch {
    ctx.logger.warn('unreadable upstream answer', {
      requestId: res.requestId,
      bytes: body.byteLength,
    })
    throw unreadableAnswer(op, res.requestId, 'not valid JSON')
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue
      ? `${issue.path.join('.') || 'answer'}: ${issue.message}`
      : 'unexpected shape'
    ctx.logger.warn('unexpected upstream answer', { requestId: res.requestId, where })
    throw unreadableAnswer(op, res.requestId, where)
  }
  return {
    data: parsed.data,
    requestId: res.requestId,
    status: res.status,
    binary: lifted?.bytes ?? null,
  }
}

/** Runs a read (voices, conversations, downloads) with retries; conversation reads go through their limiter. */
export function withReadRetry<T>(
  ctx: UpstreamContext,
  signal: AbortSignal | undefined,
  attempt: (n: number) => Promise<T>,
  options: { limited?: boolean; waitOutRateLimits?: boolean; priority?: number } = {},
): Promise<T> {
  const queued = { ...(signal ? { signal } : {}), priority: options.priority ?? 0 }
  const run = options.limited
    ? async (n: number) => {
        try {
          return await ctx.readLimiter.add<T>(() => attempt(n), queued)
        } catch (error) {
          // p-queue rejects a dropped queued task with a DOMException: report it as a cancel.
          if (signal?.aborted) throw cancelledError()
          throw error
        }
      }
    : attempt
  return withRetry(run, {
    // Why list and evaluation reads wait out a 429 (for at most READ_RATE_LIMIT_BUDGET_MS):
    // the overview and an export read hundreds of them in a row, and the account's rate is
    // shared with every other read; a short wait the service asked for is not a failure. A
    // conversation's own read still reports its 429 at once (the live view shows "reconnecting").
    policy: options.waitOutRateLimits
      ? {
          ...ctx.retry,
          rateLimitBudgetMs: Math.min(
            ctx.retry.rateLimitBudgetMs ?? READ_RATE_LIMIT_BUDGET_MS,
            READ_RATE_LIMIT_BUDGET_MS,
          ),
        }
      : ctx.retry,
    clock: ctx.clock,
    ...(signal === undefined ? {} : { signal }),
    ...(options.waitOutRateLimits ? { waitOutRateLimits: true } : {}),
    onRetry: logEachRetry(ctx.logger, 'retrying read'),
  })
}

/**
 * The limiter's priority of reads made in the background (the overview's evaluation reads): a
 * read the user waits for (a call opened by id, a list page) starts before them, whatever was
 * queued first. Why: hundreds of them share the account's read rate with the user's own reads.
 */
export const BACKGROUND_READ_PRIORITY = -1

/** Longest a read waits out the service's 429s in all before it reports them. */
export const READ_RATE_LIMIT_BUDGET_MS = 60_000

/** A fresh idempotency key for a request that must not be applied twice. */
export function idempotencyKey(): string {
  return randomUUID()
}
