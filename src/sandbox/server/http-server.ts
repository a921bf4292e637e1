import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { SandboxControl } from '../control.js'
import { NO_REQUEST_FAULTS } from '../faults/fault-state.js'
import { assetRoutes } from '../routes/asset-routes.js'
import { controlRoutes } from '../routes/control-routes.js'
import { conversationListRoutes } from '../routes/conversation-list-routes.js'
import { conversationRoutes } from '../routes/conversation-routes.js'
import type { Route } from '../routes/guards.js'
import { speechRoute } from '../routes/speech-route.js'
import { streamRoute } from '../routes/stream-route.js'
import { tokenRoute } from '../routes/token-route.js'
import { voiceRoutes } from '../routes/voice-routes.js'
import { ApiError, OAuthError } from './api-error.js'
import type { RequestContext, ServerEnv } from './context.js'
import { requestId } from './ids.js'
import { sendError } from './respond.js'

/** Path prefix under which the same API answers as the legacy base address. */
export const LEGACY_PREFIX = '/legacy'

function isLoopback(address: string | undefined): boolean {
  return (
    !!address &&
    (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))
  )
}

function apiRoutes(env: ServerEnv): Route[] {
  const paths = env.shapes.conversationPaths
  return [
    tokenRoute,
    speechRoute,
    streamRoute,
    ...voiceRoutes,
    ...conversationListRoutes.agents,
    ...(paths === 'new' ? [] : [...conversationListRoutes.old, ...conversationRoutes.old]),
    ...(paths === 'old' ? [] : [...conversationListRoutes.new, ...conversationRoutes.new]),
  ]
}

function match(
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: string[] } | 'wrong-method' | null {
  let pathMatched = false
  for (const route of routes) {
    const found = route.pattern.exec(path)
    if (!found) continue
    pathMatched = true
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
      return { route, params: found.slice(1).map((part) => decodeURIComponent(part)) }
    }
  }
  return pathMatched ? 'wrong-method' : null
}

function logRequest(ctx: RequestContext): void {
  if (ctx.path.startsWith('/sandbox/')) return
  const { principal } = ctx
  ctx.env.requestLog.add({
    requestId: ctx.id,
    time: new Date(ctx.startedAt).toISOString(),
    method: ctx.req.method ?? 'GET',
    path: ctx.path,
    query: ctx.url.search,
    legacy: ctx.legacy,
    accountId: principal?.account.id ?? null,
    plan: principal?.account.plan ?? null,
    credential: principal?.kind ?? null,
    keyHint: principal?.hint ?? null,
    status: ctx.res.statusCode,
    errorCode: ctx.errorCode ?? null,
    durationMs: ctx.env.now() - ctx.startedAt,
    accept: ctx.req.headers.accept ?? null,
    contentType: ctx.req.headers['content-type'] ?? null,
    faultHeader: ctx.faults.header,
    aborted: !ctx.res.writableFinished,
    body: ctx.logBody ?? null,
  })
}

/** The error a forced-status fault answers with: the code and Retry-After the service would send. */
function forcedStatusError(status: number): ApiError {
  const code =
    status === 502
      ? 'upstream_failure'
      : status === 503
        ? 'service_unavailable'
        : status === 429
          ? 'rate_limited'
          : status >= 500
            ? 'internal_error'
            : 'bad_request'
  return new ApiError(
    status,
    code,
    `sandbox fault: answering ${status}`,
    undefined,
    status === 503 || status === 429 ? { 'Retry-After': '1' } : {},
  )
}

async function handleControl(ctx: RequestContext, routes: readonly Route[]): Promise<void> {
  const method = ctx.req.method ?? 'GET'
  // Why loopback only: these endpoints change faults and expose the request log without a credential.
  if (!isLoopback(ctx.req.socket.remoteAddress))
    throw new ApiError(403, 'forbidden', 'sandbox control is loopback-only')
  const found = match(routes, method, ctx.path)
  if (found === null || found === 'wrong-method')
    throw new ApiError(
      found ? 405 : 404,
      found ? 'method_not_allowed' : 'not_found',
      `no control endpoint ${method} ${ctx.path}`,
    )
  await found.route.handler(ctx, found.params)
}

async function handleAsset(ctx: RequestContext): Promise<void> {
  const found = match(assetRoutes, ctx.req.method ?? 'GET', ctx.path)
  if (found === null || found === 'wrong-method')
    throw new ApiError(404, 'not_found', `no asset ${ctx.path}`)
  await found.route.handler(ctx, found.params)
}

async function handleApi(ctx: RequestContext, routes: readonly Route[]): Promise<void> {
  const { env } = ctx
  const method = ctx.req.method ?? 'GET'
  if (!ctx.path.startsWith('/v1/'))
    throw new ApiError(404, 'not_found', `no endpoint ${method} ${ctx.path}`)
  ctx.faults = env.faults.forRequest(headerOf(ctx.req, 'x-sandbox-fault'), ctx.path)
  await env.timers.sleep(ctx.faults.latencyMs)
  if (ctx.faults.forcedStatus !== null) throw forcedStatusError(ctx.faults.forcedStatus)
  const found = match(routes, method, ctx.path)
  if (found === null) throw new ApiError(404, 'not_found', `no endpoint ${method} ${ctx.path}`)
  if (found === 'wrong-method')
    throw new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${ctx.path}`)
  await found.route.handler(ctx, found.params)
}

function requestContext(env: ServerEnv, req: IncomingMessage, res: ServerResponse): RequestContext {
  const id = requestId()
  res.setHeader('X-Request-ID', id)
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid')
  const legacy = url.pathname === LEGACY_PREFIX || url.pathname.startsWith(`${LEGACY_PREFIX}/`)
  return {
    env,
    req,
    res,
    id,
    startedAt: env.now(),
    url,
    path: legacy ? url.pathname.slice(LEGACY_PREFIX.length) || '/' : url.pathname,
    legacy,
    faults: NO_REQUEST_FAULTS,
  }
}

/** Answers a failed request: the service's error body, or a plain 500 for anything unexpected. */
async function answerFailure(ctx: RequestContext, error: unknown): Promise<void> {
  if (error instanceof ApiError || error instanceof OAuthError) {
    await sendError(ctx, error)
    return
  }
  ctx.env.log(
    `internal error on ${ctx.req.method ?? ''} ${ctx.path}: ${error instanceof Error ? error.message : String(error)}`,
  )
  await sendError(
    ctx,
    new ApiError(500, 'internal_error', 'the sandbox failed to handle this request'),
  )
}

/** Creates the sandbox's HTTP server: `/v1` (also under the legacy prefix), `/assets`, `/sandbox`. */
export function createSandboxServer(env: ServerEnv, control: SandboxControl): Server {
  const api = apiRoutes(env)
  const controls = controlRoutes(control)
  const handle = (ctx: RequestContext): Promise<void> => {
    if (ctx.path.startsWith('/sandbox/')) return handleControl(ctx, controls)
    if (ctx.path.startsWith('/assets/') && !ctx.legacy) return handleAsset(ctx)
    return handleApi(ctx, api)
  }
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const ctx = requestContext(env, req, res)
    if (!ctx.path.startsWith('/sandbox/'))
      env.requestLog.arrive({ method: req.method ?? 'GET', path: ctx.path })
    res.once('close', () => logRequest(ctx))
    handle(ctx)
      .catch((error: unknown) => answerFailure(ctx, error))
      .catch(() => res.destroy())
  })
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(',') : value
}
