import type { ApiError } from './api-error.js'
import { OAuthError } from './api-error.js'
import type { RequestContext } from './context.js'

/** Applies the request's time-to-first-byte fault once, before anything is written. */
export async function beforeFirstByte(ctx: RequestContext): Promise<void> {
  if (ctx.ttfbApplied) return
  ctx.ttfbApplied = true
  await ctx.env.timers.sleep(ctx.faults.ttfbMs)
}

/** Sends a JSON answer; a malformed-JSON fault (header or countdown) cuts the body in half. */
export async function sendJson(
  ctx: RequestContext,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<void> {
  await beforeFirstByte(ctx)
  let text = JSON.stringify(body)
  if (ctx.path.startsWith('/v1/') && (ctx.faults.malformed || ctx.env.faults.takeMalformed())) {
    text = text.slice(0, Math.max(1, Math.floor(text.length / 2)))
  }
  await sendBytes(ctx, status, 'application/json; charset=utf-8', Buffer.from(text), headers)
}

/** Sends bytes with their content type. */
export async function sendBytes(
  ctx: RequestContext,
  status: number,
  contentType: string,
  bytes: Uint8Array,
  headers: Record<string, string> = {},
): Promise<void> {
  await beforeFirstByte(ctx)
  ctx.res.writeHead(status, {
    ...headers,
    'Content-Type': contentType,
    'Content-Length': bytes.byteLength,
  })
  ctx.res.end(bytes)
}

/** Sends a bodiless answer (204). */
export async function sendEmpty(ctx: RequestContext, status: number): Promise<void> {
  await beforeFirstByte(ctx)
  ctx.res.writeHead(status)
  ctx.res.end()
}

function errorBodyStyle(ctx: RequestContext): 'json' | 'text' | 'empty' {
  return ctx.faults.errorBody ?? ctx.env.shapes.errorBodies
}

/** Sends an error in the envelope `{error: {code, message, fields?}, request_id}`, or as text/empty for older deployments. */
export async function sendError(ctx: RequestContext, error: ApiError | OAuthError): Promise<void> {
  if (ctx.res.headersSent) {
    ctx.res.destroy()
    return
  }
  await beforeFirstByte(ctx)
  if (error instanceof OAuthError) {
    ctx.errorCode = error.error
    const text = JSON.stringify({ error: error.error, error_description: error.description })
    ctx.res.writeHead(error.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    })
    ctx.res.end(text)
    return
  }
  ctx.errorCode = error.code
  const style = ctx.path.startsWith('/v1/') ? errorBodyStyle(ctx) : 'json'
  if (style === 'empty') {
    ctx.res.writeHead(error.status, { ...error.headers, 'Content-Length': 0 })
    ctx.res.end()
  } else if (style === 'text') {
    const text = `${error.message}\n`
    ctx.res.writeHead(error.status, {
      ...error.headers,
      'Content-Type': 'text/plain; charset=utf-8',
    })
    ctx.res.end(text)
  } else {
    const body = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      },
      request_id: ctx.id,
    }
    ctx.res.writeHead(error.status, {
      ...error.headers,
      'Content-Type': 'application/json; charset=utf-8',
    })
    ctx.res.end(JSON.stringify(body))
  }
}
