import type { ConversationRecord } from '../conversations/conversation-record.js'
import {
  conversationToWire,
  evaluationToWire,
  messageToWire,
} from '../conversations/conversation-store.js'
import { notFound } from '../server/api-error.js'
import type { RequestContext } from '../server/context.js'
import { sendJson } from '../server/respond.js'
import { page, pageRequest, principalOf, type Route } from './guards.js'

const MAX_PAGE = 1_000

// Conversation reads need any valid credential (the interface names no scope for them) and have
// their own per-account token bucket, separate from synthesis.
async function conversationFor(ctx: RequestContext, id: string): Promise<ConversationRecord> {
  const principal = await principalOf(ctx)
  principal.account.limiter.admitRead(ctx.env.now())
  const record = ctx.env.conversations.find(id, principal.account.id)
  if (!record) throw notFound('conversation_not_found', `conversation ${id}`)
  return record
}

async function sendList(
  ctx: RequestContext,
  key: 'messages' | 'evaluations',
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  if (ctx.env.shapes.conversationLists === 'plain') {
    await sendJson(ctx, 200, { [key]: rows })
    return
  }
  // Without `limit` the whole list comes back (the interface promises the full transcript);
  // with it, cursor pages.
  const paged = ctx.url.searchParams.has('limit') || ctx.url.searchParams.has('cursor')
  const { offset, limit } = paged
    ? pageRequest(ctx, 100, MAX_PAGE)
    : { offset: 0, limit: rows.length || 1 }
  const slice = page(rows, offset, limit)
  await sendJson(ctx, 200, {
    [key]: slice.items,
    next_cursor: slice.nextCursor,
    has_more: slice.hasMore,
  })
}

/** `GET <base>/{id}/<key>`: one of a conversation's lists (its transcript or its evaluations). */
function detailListRoute(
  base: string,
  key: 'messages' | 'evaluations',
  rowsOf: (record: ConversationRecord) => Array<Record<string, unknown>>,
): Route {
  return {
    method: 'GET',
    pattern: new RegExp(`^${base}\\/([^/]+)\\/${key}$`),
    handler: async (ctx, [id = '']) => sendList(ctx, key, rowsOf(await conversationFor(ctx, id))),
  }
}

function routesUnder(prefix: string): Route[] {
  const base = prefix.replaceAll('/', '\\/')
  return [
    {
      method: 'GET',
      pattern: new RegExp(`^${base}\\/([^/]+)$`),
      handler: async (ctx, [id = '']) => {
        const record = await conversationFor(ctx, id)
        await sendJson(ctx, 200, conversationToWire(record, ctx.env.baseUrl))
      },
    },
    detailListRoute(base, 'messages', (record) =>
      record.messages.map((message) => messageToWire(message, record.id)),
    ),
    detailListRoute(base, 'evaluations', (record) =>
      record.evaluations.map((evaluation) => evaluationToWire(evaluation, record.id)),
    ),
  ]
}

/** Conversation reads under `/v1/conversations` (old paths) and `/v1/agents/conversations` (new paths). */
export const conversationRoutes = {
  old: routesUnder('/v1/conversations'),
  new: routesUnder('/v1/agents/conversations'),
}
