import type { Conversation } from '../../../shared/domain/conversation'
import type {
  Agent,
  ConversationListGeneration,
  ConversationListQuery,
  ConversationListResult,
  ConversationStats,
} from '../../../shared/domain/conversation-list'
import { AppError } from '../../../shared/errors'
import { segment } from './base-url'
import type { RequestSpec, UpstreamContext } from './context'
import { requestJson, send, withReadRetry } from './context'
import { MAX_RECORDING_BYTES } from './download-limits'
import { readBody } from './http'
import {
  agentPageSchema,
  conversationListSchema,
  conversationStatsSchema,
} from './schemas/conversation-list'
import type { z } from 'zod'

type Signal = { signal?: AbortSignal }

const LIST_PATH: Record<ConversationListGeneration, string> = {
  newer: '/v1/agents/conversations',
  older: '/v1/conversations',
}

/**
 * Which list endpoint answered last, per base URL. Why remembered: a deployment that serves only
 * the older list would otherwise cost a 404 on every poll of the inbox.
 */
const listGenerations = new Map<string, ConversationListGeneration>()

/** True when an answer says the endpoint is not there (404, or 405 on a path that only takes ids). */
function isNotServed(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'NOT_FOUND' || error.details?.status === 405)
}

function read<S extends z.ZodType>(
  ctx: UpstreamContext,
  path: string,
  query: Record<string, string | number | undefined>,
  operation: string,
  schema: S,
  signal: AbortSignal | undefined,
): Promise<z.output<S>> {
  const spec: RequestSpec = {
    method: 'GET',
    path,
    query,
    op: { operation },
    ...(signal ? { signal } : {}),
  }
  // Conversation reads share the account's conversation-read limiter with live polling.
  return withReadRetry(ctx, signal, () => requestJson(ctx, spec, schema), { limited: true }).then(
    ({ data }) => data,
  )
}

function generationsToTry(ctx: UpstreamContext): ConversationListGeneration[] {
  return listGenerations.get(ctx.baseUrl.href) === 'older' ? ['older', 'newer'] : ['newer', 'older']
}

function startedMs(conversation: Conversation): number | null {
  return conversation.startedAt === null ? null : Date.parse(conversation.startedAt)
}

/** The older list takes no query: its rows are filtered here the way the newer endpoint would. */
function matchesQuery(conversation: Conversation, query: ConversationListQuery): boolean {
  if (query.agentId !== undefined && conversation.agentId !== query.agentId) return false
  if (query.status !== undefined && conversation.status !== query.status) return false
  if (query.startedAfter !== undefined || query.startedBefore !== undefined) {
    const started = startedMs(conversation)
    if (started === null) return false
    if (query.startedAfter !== undefined && started < Date.parse(query.startedAfter)) return false
    if (query.startedBefore !== undefined && started >= Date.parse(query.startedBefore))
      return false
  }
  return true
}

function createdMs(conversation: Conversation): number {
  const at = conversation.createdAt === null ? NaN : Date.parse(conversation.createdAt)
  return Number.isNaN(at) ? -Infinity : at
}

async function listOnce(
  ctx: UpstreamContext,
  generation: ConversationListGeneration,
  query: ConversationListQuery,
  signal: AbortSignal | undefined,
): Promise<ConversationListResult> {
  if (generation === 'newer') {
    const page = await read(
      ctx,
      LIST_PATH.newer,
      {
        cursor: query.cursor,
        limit: query.limit,
        agent_id: query.agentId,
        status: query.status,
        started_after: query.startedAfter,
        started_before: query.startedBefore,
      },
      'list conversations',
      conversationListSchema,
      signal,
    )
    return { served: true, generation, ...page }
  }
  const all = await read(
    ctx,
    LIST_PATH.older,
    {},
    'list conversations',
    conversationListSchema,
    signal,
  )
  const conversations = all.conversations
    .filter((conversation) => matchesQuery(conversation, query))
    .sort((a, b) => createdMs(b) - createdMs(a))
  return { served: true, generation, conversations, nextCursor: null, hasMore: false }
}

/**
 * One page of conversations, most recent first: the newer endpoint (cursor pages, filters on the
 * service), else the older one (everything at once, filtered here, one page). `{served: false}`
 * when the deployment serves neither (404/405), which is not an error.
 */
export async function listConversations(
  ctx: UpstreamContext,
  query: ConversationListQuery = {},
  options: Signal = {},
): Promise<ConversationListResult> {
  for (const generation of generationsToTry(ctx)) {
    try {
      const result = await listOnce(ctx, generation, query, options.signal)
      if (listGenerations.get(ctx.baseUrl.href) !== generation) {
        listGenerations.set(ctx.baseUrl.href, generation)
        ctx.logger.info('conversation list', { generation })
      }
      return result
    } catch (error) {
      if (!isNotServed(error)) throw error
    }
  }
  listGenerations.delete(ctx.baseUrl.href)
  return { served: false }
}

/** Conversation counts and averages, from the newer or the older stats path; null when neither is served. */
export async function conversationStats(
  ctx: UpstreamContext,
  options: Signal = {},
): Promise<ConversationStats | null> {
  for (const generation of generationsToTry(ctx)) {
    try {
      return await read(
        ctx,
        `${LIST_PATH[generation]}/stats`,
        {},
        'read conversation stats',
        conversationStatsSchema,
        options.signal,
      )
    } catch (error) {
      if (!isNotServed(error)) throw error
    }
  }
  return null
}

/** Every agent with its name (cursor pages followed); null when the deployment has no agent list. */
export async function listAgents(
  ctx: UpstreamContext,
  options: Signal = {},
): Promise<Agent[] | null> {
  const agents: Agent[] = []
  const seen = new Set<string>()
  let cursor: string | null = null
  try {
    for (let page = 0; page < 100; page++) {
      const result: { agents: Agent[]; nextCursor: string | null } = await read(
        ctx,
        '/v1/agents',
        cursor === null ? {} : { cursor },
        'list agents',
        agentPageSchema,
        options.signal,
      )
      agents.push(...result.agents)
      if (result.nextCursor === null || seen.has(result.nextCursor)) break
      seen.add(result.nextCursor)
      cursor = result.nextCursor
    }
  } catch (error) {
    if (isNotServed(error)) return null
    throw error
  }
  return agents
}

/** A recording's bytes and content type. */
export interface RecordingBytes {
  bytes: Buffer
  contentType: string
}

/**
 * `GET /v1/agents/conversations/{id}/recording`: the recording as bytes (Ogg/Opus), or null when
 * there is none (or the deployment does not serve this path: use the `recording_url` instead).
 * An unknown conversation is NOT_FOUND.
 */
export async function downloadRecordingBytes(
  ctx: UpstreamContext,
  id: string,
  options: Signal = {},
): Promise<RecordingBytes | null> {
  const { signal } = options
  const spec: RequestSpec = {
    method: 'GET',
    path: `${LIST_PATH.newer}/${segment(id)}/recording`,
    headers: { accept: 'audio/*' },
    op: { operation: 'download the recording', resource: { kind: 'conversation', id } },
    ...(signal ? { signal } : {}),
  }
  try {
    return await withReadRetry(
      ctx,
      signal,
      async () => {
        const res = await send(ctx, spec)
        const bytes = await readBody(res, {
          maxBytes: MAX_RECORDING_BYTES,
          idleTimeoutMs: ctx.timeouts.idleMs,
          ctx: { ...spec.op, host: ctx.baseUrl.host },
        })
        const type = res.headers['content-type']
        return { bytes, contentType: typeof type === 'string' ? type : 'audio/ogg' }
      },
      { limited: true },
    )
  } catch (error) {
    if (
      isNotServed(error) &&
      (error as AppError).details?.upstreamCode !== 'conversation_not_found'
    )
      return null
    throw error
  }
}
