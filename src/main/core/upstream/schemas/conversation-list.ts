import { z } from 'zod'
import type { Agent, ConversationStats } from '../../../../shared/domain/conversation-list'
import { optionalNumber, optionalText, pagingFields } from './common'
import { conversationSchema } from './conversation'

/**
 * A list of conversations: newer `{conversations, next_cursor, has_more}`, older `{conversations}`,
 * tolerated as a bare array.
 */
export const conversationListSchema = z.union([
  z
    .array(conversationSchema)
    .transform((conversations) => ({ conversations, nextCursor: null, hasMore: false })),
  z.object({ conversations: z.array(conversationSchema), ...pagingFields }).transform((page) => ({
    conversations: page.conversations,
    nextCursor: page.has_more === false ? null : page.next_cursor,
    hasMore: page.has_more ?? page.next_cursor !== null,
  })),
])

const agentSchema = z
  .object({ id: z.string().min(1), name: optionalText, created_at: optionalText })
  .transform((a): Agent => ({ id: a.id, name: a.name ?? a.id, createdAt: a.created_at }))

/** `GET /v1/agents`: newer `{agents, next_cursor, has_more}`, older `{agents}`, or a bare array. */
export const agentPageSchema = z.union([
  z.array(agentSchema).transform((agents) => ({ agents, nextCursor: null as string | null })),
  z.object({ agents: z.array(agentSchema), ...pagingFields }).transform((page) => ({
    agents: page.agents,
    nextCursor: page.has_more === false ? null : page.next_cursor,
  })),
])

const count = z
  .number()
  .nullish()
  .transform((value) => value ?? 0)

/** `GET .../conversations/stats`. */
export const conversationStatsSchema = z
  .object({
    total: count,
    completed: count,
    failed: count,
    active: count,
    pending: count,
    avg_duration_ms: optionalNumber,
    avg_cost_cents: optionalNumber,
  })
  .transform((s): ConversationStats => ({
    total: s.total,
    completed: s.completed,
    failed: s.failed,
    active: s.active,
    pending: s.pending,
    avgDurationMs: s.avg_duration_ms,
    avgCostCents: s.avg_cost_cents,
  }))
