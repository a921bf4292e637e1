import type { Conversation } from './conversation'

/** A voice agent, by name. */
export interface Agent {
  id: string
  name: string
  createdAt: string | null
}

/** Filters and paging of one list request. Times are RFC 3339 strings. */
export interface ConversationListQuery {
  /** From a previous page's `nextCursor`. */
  cursor?: string
  /** Rows per page, 1 to 200 (the service's default is 50). */
  limit?: number
  agentId?: string
  status?: string
  startedAfter?: string
  startedBefore?: string
}

/** Which list endpoint answered: `/v1/agents/conversations` (newer) or `/v1/conversations` (older). */
export type ConversationListGeneration = 'newer' | 'older'

/**
 * One page of the conversation list, or word that this deployment does not list conversations
 * (both endpoints answered 404 or 405): the app then works from pasted ids and local history.
 */
export type ConversationListResult =
  | {
      served: true
      generation: ConversationListGeneration
      /** Most recent first. */
      conversations: Conversation[]
      nextCursor: string | null
      hasMore: boolean
    }
  | { served: false }

/** `GET .../conversations/stats`. Averages are null when nothing has a duration yet. */
export interface ConversationStats {
  total: number
  completed: number
  failed: number
  active: number
  pending: number
  avgDurationMs: number | null
  avgCostCents: number | null
}
