import type { z } from 'zod'
import {
  accountPatchSchema,
  conversationFeedPatchSchema,
  startConversationSchema,
  type SandboxControl,
} from '../control.js'
import { faultPatchSchema } from '../faults/fault-settings.js'
import { ApiError } from '../server/api-error.js'
import type { RequestContext } from '../server/context.js'
import { readBody } from '../server/read-body.js'
import { sendEmpty, sendJson } from '../server/respond.js'
import type { Route } from './guards.js'

async function parsed<T>(ctx: RequestContext, schema: z.ZodType<T>): Promise<T> {
  const raw = (await readBody(ctx.req, 65_536)).toString('utf8').trim()
  let body: unknown = {}
  if (raw) {
    try {
      body = JSON.parse(raw)
    } catch {
      throw new ApiError(400, 'bad_request', 'body is not valid JSON')
    }
  }
  const result = schema.safeParse(body)
  if (!result.success) {
    const fields = Object.fromEntries(
      result.error.issues.map((issue) => [issue.path.join('.') || '(body)', issue.message]),
    )
    throw new ApiError(400, 'validation_failed', 'invalid sandbox control body', fields)
  }
  return result.data
}

/** What the sandbox has been asked (the request log) and what it breaks on purpose (faults). */
function logAndFaultRoutes(): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/sandbox\/requests$/,
      handler: async (ctx) => {
        const query = ctx.url.searchParams
        const requests = ctx.env.requestLog.list({
          ...(query.get('path') ? { pathPrefix: query.get('path') ?? '' } : {}),
          ...(query.get('method') ? { method: query.get('method') ?? '' } : {}),
          ...(query.get('account') ? { accountId: query.get('account') ?? '' } : {}),
        })
        await sendJson(ctx, 200, { requests })
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/sandbox\/requests$/,
      handler: async (ctx) => {
        ctx.env.requestLog.clear()
        await sendEmpty(ctx, 204)
      },
    },
    {
      method: 'GET',
      pattern: /^\/sandbox\/faults$/,
      handler: async (ctx) => sendJson(ctx, 200, ctx.env.faults.current()),
    },
    {
      method: 'POST',
      pattern: /^\/sandbox\/faults$/,
      handler: async (ctx) =>
        sendJson(ctx, 200, ctx.env.faults.update(await parsed(ctx, faultPatchSchema))),
    },
    {
      method: 'DELETE',
      pattern: /^\/sandbox\/faults$/,
      handler: async (ctx) => {
        ctx.env.faults.reset()
        await sendJson(ctx, 200, ctx.env.faults.current())
      },
    },
  ]
}

/** Sandbox-only endpoints under `/sandbox/` (no credential; loopback callers only). */
export function controlRoutes(control: SandboxControl): Route[] {
  return [
    ...logAndFaultRoutes(),
    {
      method: 'GET',
      pattern: /^\/sandbox\/state$/,
      handler: async (ctx) => sendJson(ctx, 200, control.state()),
    },
    {
      method: 'POST',
      pattern: /^\/sandbox\/conversations$/,
      handler: async (ctx) =>
        sendJson(ctx, 201, control.startConversation(await parsed(ctx, startConversationSchema))),
    },
    {
      method: 'GET',
      pattern: /^\/sandbox\/conversation-feed$/,
      handler: async (ctx) => sendJson(ctx, 200, control.conversationFeed()),
    },
    {
      method: 'PATCH',
      pattern: /^\/sandbox\/conversation-feed$/,
      handler: async (ctx) =>
        sendJson(
          ctx,
          200,
          control.setConversationFeed(await parsed(ctx, conversationFeedPatchSchema)),
        ),
    },
    {
      method: 'PATCH',
      pattern: /^\/sandbox\/accounts\/(paid|free)$/,
      handler: async (ctx, [plan]) =>
        sendJson(
          ctx,
          200,
          control.setAccount(
            plan === 'free' ? 'free' : 'paid',
            await parsed(ctx, accountPatchSchema),
          ),
        ),
    },
    {
      method: 'POST',
      pattern: /^\/sandbox\/accounts\/(paid|free)\/keys$/,
      handler: async (ctx, [plan]) =>
        sendJson(ctx, 201, { key: ctx.env.accounts.issueKey(plan === 'free' ? 'free' : 'paid') }),
    },
  ]
}
