import { SANDBOX_AGENTS, agentToWire } from '../conversations/agents.js'
import {
  conversationStats,
  decodeListCursor,
  pageConversations,
  type ConversationFilter,
} from '../conversations/conversation-query.js'
import { conversationToWire } from '../conversations/conversation-store.js'
import type { Principal } from '../server/auth.js'
import { ApiError, fieldError, notFound } from '../server/api-error.js'
import type { RequestContext } from '../server/context.js'
import { sendBytes, sendJson } from '../server/respond.js'
import { recordingOf } from './asset-routes.js'
import { principalOf, type Route } from './guards.js'

const DEFAULT_LIMIT = 50
const MAX_LIMIT = 200

// Listing endpoints are conversation reads: any valid credential, and the account's own
// conversation-read token bucket.
async function reader(ctx: RequestContext): Promise<Principal> {
  const principal = await principalOf(ctx)
  principal.account.limiter.admitRead(ctx.env.now())
  return principal
}

function refuseUnlessListed(ctx: RequestContext): void {
  const listing = ctx.env.shapes.conversationListing
  if (listing === 404) throw new ApiError(404, 'not_found', `no endpoint GET ${ctx.path}`)
  if (listing === 405)
    throw new ApiError(405, 'method_not_allowed', `GET is not allowed on ${ctx.path}`)
}

function timeParam(ctx: RequestContext, name: string): number | undefined {
  const raw = ctx.url.searchParams.get(name)
  if (raw === null || raw === '') return undefined
  const at = Date.parse(raw)
  // RFC 3339: a full date and time with a zone.
  if (
    !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/i.test(raw) ||
    Number.isNaN(at)
  )
    throw fieldError(name, 'must be an RFC 3339 date and time, e.g. 2026-07-20T10:00:00Z')
  return at
}

function msParam(ctx: RequestContext, name: string): number | undefined {
  const raw = ctx.url.searchParams.get(name)
  if (raw === null || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw fieldError(name, 'must be a whole number ≥ 0')
  return value
}

function textParam(ctx: RequestContext, name: string): string | undefined {
  const raw = ctx.url.searchParams.get(name)
  return raw === null || raw === '' ? undefined : raw
}

/** Parses the newer list's filters; 400 validation_failed names the bad parameter. */
export function filterOf(ctx: RequestContext): ConversationFilter {
  // An absent or empty parameter is undefined, which every filter reads as "not filtered".
  return {
    agentId: textParam(ctx, 'agent_id'),
    statuses: textParam(ctx, 'status')
      ?.split(',')
      .map((part) => part.trim()),
    transport: textParam(ctx, 'transport'),
    callerIdentity: textParam(ctx, 'caller_identity'),
    q: textParam(ctx, 'q'),
    startedAfter: timeParam(ctx, 'started_after'),
    startedBefore: timeParam(ctx, 'started_before'),
    durationMinMs: msParam(ctx, 'duration_min_ms'),
    durationMaxMs: msParam(ctx, 'duration_max_ms'),
  }
}

function limitOf(ctx: RequestContext): number {
  const raw = ctx.url.searchParams.get('limit')
  if (raw === null || raw === '') return DEFAULT_LIMIT
  const limit = Number(raw)
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw fieldError('limit', `must be an integer from 1 to ${MAX_LIMIT}`)
  return limit
}

const newerList: Route = {
  method: 'GET',
  pattern: /^\/v1\/agents\/conversations$/,
  handler: async (ctx) => {
    refuseUnlessListed(ctx)
    const principal = await reader(ctx)
    const filter = filterOf(ctx)
    const limit = limitOf(ctx)
    const rawCursor = textParam(ctx, 'cursor')
    const position = rawCursor === undefined ? null : decodeListCursor(rawCursor)
    if (rawCursor !== undefined && position === null)
      throw fieldError('cursor', 'is not a cursor this service issued')
    const page = pageConversations(
      ctx.env.conversations.listNewestFirst(principal.account.id),
      filter,
      position,
      limit,
    )
    await sendJson(ctx, 200, {
      conversations: page.items.map((record) => conversationToWire(record, ctx.env.baseUrl)),
      next_cursor: page.nextCursor,
      has_more: page.hasMore,
    })
  },
}

// The older generation takes no query parameters and answers every conversation at once.
const olderList: Route = {
  method: 'GET',
  pattern: /^\/v1\/conversations$/,
  handler: async (ctx) => {
    refuseUnlessListed(ctx)
    const principal = await reader(ctx)
    const all = ctx.env.conversations.listNewestFirst(principal.account.id)
    await sendJson(ctx, 200, {
      conversations: all.map((record) => conversationToWire(record, ctx.env.baseUrl)),
    })
  },
}

function statsRoute(pattern: RegExp): Route {
  return {
    method: 'GET',
    pattern,
    handler: async (ctx) => {
      refuseUnlessListed(ctx)
      const principal = await reader(ctx)
      const agentId = textParam(ctx, 'agent_id')
      const all = ctx.env.conversations.listNewestFirst(principal.account.id)
      await sendJson(
        ctx,
        200,
        conversationStats(
          agentId === undefined ? all : all.filter((record) => record.agentId === agentId),
        ),
      )
    },
  }
}

const agentsRoute: Route = {
  method: 'GET',
  pattern: /^\/v1\/agents$/,
  handler: async (ctx) => {
    await reader(ctx)
    const agents = SANDBOX_AGENTS.map(agentToWire)
    await sendJson(
      ctx,
      200,
      ctx.env.shapes.conversationLists === 'plain'
        ? { agents }
        : { agents, next_cursor: null, has_more: false },
    )
  },
}

const recordingRoute: Route = {
  method: 'GET',
  pattern: /^\/v1\/agents\/conversations\/([^/]+)\/recording$/,
  handler: async (ctx, [id = '']) => {
    const principal = await reader(ctx)
    const record = ctx.env.conversations.find(id, principal.account.id)
    if (!record) throw notFound('conversation_not_found', `conversation ${id}`)
    if (!record.hasRecording) throw notFound('not_found', `recording of ${id}`)
    await sendBytes(ctx, 200, 'audio/ogg', await recordingOf(ctx.env, record, 'ogg'))
  },
}

/** Listing, stats, agents and recording bytes; placed before the by-id routes so `stats` is no id. */
export const conversationListRoutes = {
  old: [olderList, statsRoute(/^\/v1\/conversations\/stats$/)],
  new: [newerList, statsRoute(/^\/v1\/agents\/conversations\/stats$/), recordingRoute],
  agents: [agentsRoute],
}
