import type { IncomingHttpHeaders } from 'node:http'
import type { ErrorCode, ErrorDetails } from '../../../shared/errors'
import { AppError } from '../../../shared/errors'
import { formatWait, parseRetryAfter } from './retry-after'

/** What the failed call was, so an error message can name it in the user's words. */
export interface OperationContext {
  /** Verb phrase: "list voices", "synthesize speech", "read this conversation". */
  operation: string
  /** The scope an access token needs for this operation, when the service documents one. */
  requiredScope?: string
  /** The resource the call was about, for "No voice with id X". */
  resource?: { kind: 'voice' | 'conversation' | 'recording' | 'sample'; id: string }
  /** Host of the base URL, for network messages. */
  host: string
  /** How the request was authenticated (an access token may lack a scope; a key never does). */
  credentialKind?: 'apiKey' | 'accessToken'
  /** Scopes granted by the access token in use, when readable from the token. */
  grantedScopes?: readonly string[]
}

interface ParsedErrorBody {
  upstreamCode?: string
  message?: string
  fields?: Record<string, string>
  requestId?: string
}

/**
 * A request id as the service sends it: up to 128 letters, digits and `._:=+/-`. Why a shape at
 * all: the id is shown to the user and kept in errors, so a service that echoes a header (the
 * Authorization one with its space, a pasted body) must not get anything else through it.
 */
const REQUEST_ID = /^[A-Za-z0-9._:=+/-]{1,128}$/

/** The request id when it has a request id's shape, else undefined (see {@link REQUEST_ID}). */
export function plausibleRequestId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  return REQUEST_ID.test(trimmed) ? trimmed : undefined
}

/** Reads the request id from `X-Request-ID` or any `*-Request-Id` header (only a plausible one). */
export function requestIdFromHeaders(headers: IncomingHttpHeaders): string | undefined {
  const direct = plausibleRequestId(headers['x-request-id'])
  if (direct !== undefined) return direct
  for (const [name, value] of Object.entries(headers)) {
    const id = name.endsWith('-request-id') ? plausibleRequestId(value) : undefined
    if (id !== undefined) return id
  }
  return undefined
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string') out[k] = v
    else if (v !== undefined && v !== null) out[k] = JSON.stringify(v)
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/**
 * Reads an error body of any generation: the JSON envelope, the OAuth shape of the token endpoint,
 * plain text, or nothing at all.
 */
export function parseErrorBody(text: string): ParsedErrorBody {
  const trimmed = text.trim()
  if (trimmed === '') return {}
  let json: unknown
  try {
    json = JSON.parse(trimmed)
  } catch {
    // Plain-text bodies from older deployments: keep a short, single-line excerpt.
    return { message: trimmed.replace(/\s+/g, ' ').slice(0, 200) }
  }
  if (json === null || typeof json !== 'object') return {}
  const body = json as Record<string, unknown>
  const out: ParsedErrorBody = {}
  const requestId = plausibleRequestId(body.request_id)
  if (requestId !== undefined) out.requestId = requestId
  const error = body.error
  if (typeof error === 'string') {
    out.upstreamCode = error
    if (typeof body.error_description === 'string') out.message = body.error_description
  } else if (error !== null && typeof error === 'object') {
    const e = error as Record<string, unknown>
    if (typeof e.code === 'string') out.upstreamCode = e.code
    if (typeof e.message === 'string') out.message = e.message
    const fields = stringRecord(e.fields)
    if (fields) out.fields = fields
  } else if (typeof body.message === 'string') {
    out.message = body.message
  }
  return out
}

function withPeriod(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`
}

function notFoundMessage(ctx: OperationContext, upstreamMessage?: string): string {
  const r = ctx.resource
  if (r?.kind === 'voice')
    return `No voice with id ${r.id}. It may have been deleted; refresh the voice list.`
  if (r?.kind === 'conversation')
    return `No conversation with id ${r.id}. Check the id and try again.`
  if (r?.kind === 'sample')
    return `Voice ${r.id} has no sample to download (only personal voices have one).`
  if (r?.kind === 'recording') return 'The recording of this conversation is not available.'
  return `The service could not find what VoiceDesk asked for${upstreamMessage ? ` (${upstreamMessage})` : ''}.`
}

function scopeMessage(ctx: OperationContext, scope: string): string {
  return `This access token does not allow VoiceDesk to ${ctx.operation} (it needs ${scope}). Sign in with an API key or a token that has ${scope}.`
}

function lacksScope(ctx: OperationContext): boolean {
  if (ctx.credentialKind !== 'accessToken' || ctx.requiredScope === undefined) return false
  const granted = new Set(ctx.grantedScopes ?? [])
  if (granted.size === 0) return false
  const family = ctx.requiredScope.split(':')[0]
  return !granted.has(ctx.requiredScope) && !granted.has(`${family}:all`)
}

/** What a non-2xx answer said, as the wording of its error needs it. */
interface FailedAnswer {
  status: number
  ctx: OperationContext
  /** The service's own error code, when it gave one. */
  code: string | undefined
  /** The service's own message, when it gave one. */
  message: string | undefined
  /** " The service said: …", or '' when it said nothing. */
  said: string
  retryAfterMs: number | undefined
}

type StatusWording = (answer: FailedAnswer) => {
  code: ErrorCode
  message: string
  retryable?: boolean
}

const refused: StatusWording = ({ ctx, said }) => ({
  code: 'VALIDATION_FAILED',
  message: `The service refused the request to ${ctx.operation}.${said || ' Check the input and try again.'}`,
})

/** What each HTTP status becomes, in the user's words; other statuses are {@link otherStatus}. */
const STATUS_WORDING: Partial<Record<number, StatusWording>> = {
  400: refused,
  422: refused,
  401: ({ ctx }) => ({
    code: 'AUTH_INVALID',
    message:
      ctx.credentialKind === 'accessToken'
        ? 'The service did not accept the access token (it may have expired). Sign in again in Account.'
        : 'The service did not accept the API key. Check it in Account and try again.',
  }),
  402: ({ ctx, code }) => ({
    code: 'PAYMENT_REQUIRED',
    message:
      code === 'voice_cloning_not_included'
        ? 'Your plan does not include voice cloning. Upgrade the plan to create personal voices.'
        : `The account is out of credit, so the service refused to ${ctx.operation}. Add credit to the account and try again.`,
  }),
  403: ({ ctx, said }) => ({
    code: 'AUTH_INVALID',
    message: `The service does not allow this account to ${ctx.operation}.${said}`,
  }),
  404: ({ ctx, message }) => ({ code: 'NOT_FOUND', message: notFoundMessage(ctx, message) }),
  408: ({ ctx }) => ({
    code: 'TIMEOUT',
    message: `The service took too long to ${ctx.operation}. Try again.`,
    retryable: true,
  }),
  409: ({ ctx, code, said }) => ({
    code: 'CONFLICT',
    message:
      code === 'too_many_voices'
        ? 'You have reached the maximum number of personal voices. Delete one and try again.'
        : `The service refused to ${ctx.operation} because of a conflict.${said}`,
  }),
  413: ({ ctx }) => ({
    code: 'VALIDATION_FAILED',
    message: `The request to ${ctx.operation} is too large for the service. Use a smaller file or shorter text.`,
  }),
  429: ({ code, retryAfterMs }) => {
    const wait =
      retryAfterMs !== undefined
        ? ` Try again in ${formatWait(Math.max(1000, retryAfterMs))}.`
        : ' Wait a moment and try again.'
    return {
      code: 'RATE_LIMITED',
      message:
        code === 'concurrency_limit_reached'
          ? `Too many requests are running at once on this account.${wait}`
          : `The account's request limit was reached.${wait}`,
      retryable: true,
    }
  },
}

/** Any other status: the service failed; a gateway or server error is worth another try. */
const otherStatus: StatusWording = ({ status, ctx, said }) => {
  const retryable = status === 500 || status === 502 || status === 503 || status === 504
  return {
    code: 'UPSTREAM',
    message: `The service failed to ${ctx.operation} (HTTP ${status}).${retryable ? ' Try again in a moment.' : said}`,
    retryable,
  }
}

function responseDetails(
  status: number,
  headers: IncomingHttpHeaders,
  body: ParsedErrorBody,
  retryAfterMs: number | undefined,
): ErrorDetails {
  const details: ErrorDetails = { status }
  if (body.upstreamCode !== undefined) details.upstreamCode = body.upstreamCode
  const requestId = requestIdFromHeaders(headers) ?? body.requestId
  if (requestId !== undefined) details.requestId = requestId
  if (retryAfterMs !== undefined) details.retryAfterMs = retryAfterMs
  if (body.fields !== undefined) details.fields = body.fields
  return details
}

/**
 * Maps a non-2xx answer to the closed error codes, keeping status, code, request id and wait
 * (`now` is the clock an HTTP-date Retry-After is measured from).
 */
export function errorFromResponse(
  status: number,
  headers: IncomingHttpHeaders,
  bodyText: string,
  ctx: OperationContext,
  now: number = Date.now(),
): AppError {
  const body = parseErrorBody(bodyText)
  const retryAfterHeader = headers['retry-after']
  const retryAfterMs = parseRetryAfter(
    typeof retryAfterHeader === 'string' ? retryAfterHeader : undefined,
    now,
  )
  const details = responseDetails(status, headers, body, retryAfterMs)
  const code = body.upstreamCode
  if (code === 'insufficient_scope' || ((status === 401 || status === 403) && lacksScope(ctx))) {
    const scope = ctx.requiredScope ?? 'a wider scope'
    if (ctx.requiredScope !== undefined) details.requiredScope = ctx.requiredScope
    return new AppError('SCOPE_MISSING', scopeMessage(ctx, scope), { details })
  }
  const said = body.message !== undefined ? ` The service said: ${withPeriod(body.message)}` : ''
  const answer: FailedAnswer = { status, ctx, code, message: body.message, said, retryAfterMs }
  const wording = (STATUS_WORDING[status] ?? otherStatus)(answer)
  return new AppError(wording.code, wording.message, {
    retryable: wording.retryable ?? false,
    details,
  })
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'ERR_SSL_WRONG_VERSION_NUMBER',
])

/** Maps a failure to reach the service (no HTTP answer) to NETWORK; retryable before any byte. */
export function networkError(error: unknown, ctx: OperationContext, retryable = true): AppError {
  if (error instanceof AppError) return error
  const code =
    error !== null && typeof error === 'object' && 'code' in error ? String(error.code) : undefined
  const tls =
    code !== undefined &&
    (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || code.includes('CERT'))
  const message = tls
    ? `Can't make a secure connection to ${ctx.host} (${code}). Check the base URL in Account.`
    : `Can't reach ${ctx.host}${code !== undefined && NETWORK_CODES.has(code) ? ` (${code})` : ''}. Check your connection or the base URL.`
  return new AppError('NETWORK', message, { retryable: retryable && !tls, cause: error })
}

/** The service answered 2xx with a body VoiceDesk cannot read (malformed JSON, missing fields). */
export function unreadableAnswer(
  ctx: OperationContext,
  requestId: string | undefined,
  why: string,
): AppError {
  return new AppError(
    'UPSTREAM',
    `The service sent an answer VoiceDesk could not read while trying to ${ctx.operation} (${why}). Try again; if it keeps happening, check the base URL.`,
    { details: requestId === undefined ? {} : { requestId } },
  )
}

/** Reads the scopes of a JWT access token without verifying it (for messages only, never trust). */
export function scopesOfToken(token: string): string[] {
  const payload = token.split('.')[1]
  if (payload === undefined) return []
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
    if (claims !== null && typeof claims === 'object') {
      const scope =
        (claims as Record<string, unknown>).scope ?? (claims as Record<string, unknown>).scp
      if (typeof scope === 'string') return scope.split(/\s+/).filter(Boolean)
      if (Array.isArray(scope)) return scope.filter((s): s is string => typeof s === 'string')
    }
  } catch {
    // not a JWT: no scopes known
  }
  return []
}
