import { z } from 'zod'
import type {
  Conversation,
  ConversationEvaluation,
  ConversationMessage,
} from '../../../../shared/domain/conversation'
import { optionalNumber, optionalObject, optionalText, pagingFields } from './common'

/** `GET /v1/[agents/]conversations/{id}`: id and status must be there, the rest may be missing. */
export const conversationSchema = z
  .object({
    id: z.string().min(1),
    agent_id: optionalText,
    status: z.string().min(1),
    transport: optionalText,
    created_at: optionalText,
    started_at: optionalText,
    ended_at: optionalText,
    duration_ms: optionalNumber,
    recording_url: optionalText,
    end_reason: optionalText,
    metadata: optionalObject,
  })
  .transform((c): Conversation => ({
    id: c.id,
    agentId: c.agent_id,
    status: c.status,
    transport: c.transport,
    createdAt: c.created_at,
    startedAt: c.started_at,
    endedAt: c.ended_at,
    durationMs: c.duration_ms,
    recordingUrl: c.recording_url,
    endReason: c.end_reason,
    metadata: c.metadata ?? {},
  }))

const messageSchema = z
  .object({
    id: z.union([z.string().min(1), z.number()]).transform(String),
    conversation_id: optionalText,
    role: z.string().min(1),
    content: z
      .string()
      .nullish()
      .transform((v) => v ?? ''),
    tool_name: optionalText,
    tool_args: z.unknown().optional(),
    tool_result: z.unknown().optional(),
    started_at: optionalText,
    ended_at: optionalText,
  })
  .transform((m): ConversationMessage => ({
    id: m.id,
    conversationId: m.conversation_id,
    role: m.role,
    content: m.content,
    toolName: m.tool_name,
    toolArgs: m.tool_args ?? null,
    toolResult: m.tool_result ?? null,
    startedAt: m.started_at,
    endedAt: m.ended_at,
  }))

const evaluationSchema = z
  .object({
    id: z.union([z.string().min(1), z.number()]).transform(String),
    conversation_id: optionalText,
    kind: z.string().min(1),
    criterion_id: optionalText,
    name: optionalText,
    status: optionalText,
    passed: z
      .boolean()
      .nullish()
      .transform((v) => v ?? null),
    score: optionalNumber,
    rationale: optionalText,
    data: optionalObject,
    created_at: optionalText,
  })
  .transform((e): ConversationEvaluation => ({
    id: e.id,
    conversationId: e.conversation_id,
    kind: e.kind,
    criterionId: e.criterion_id,
    name: e.name,
    status: e.status,
    passed: e.passed,
    score: e.score,
    rationale: e.rationale,
    data: e.data,
    createdAt: e.created_at,
  }))

function pageOf<T extends z.ZodType>(item: T, key: 'messages' | 'evaluations') {
  return z.union([
    z
      .array(item)
      .transform((items) => ({ items, nextCursor: null as string | null, hasMore: false })),
    z.object({ [key]: z.array(item), ...pagingFields }).transform((page) => {
      const p = page as unknown as {
        next_cursor: string | null
        has_more?: boolean | null
      } & Record<string, z.output<T>[]>
      return {
        items: p[key] ?? [],
        nextCursor: p.next_cursor,
        hasMore: p.has_more ?? p.next_cursor !== null,
      }
    }),
  ])
}

/** `.../messages`: `{messages}` (newer: plus a cursor), tolerated as a bare array. */
export const messagePageSchema = pageOf(messageSchema, 'messages')
/** `.../evaluations`: `{evaluations}` (newer: plus a cursor), tolerated as a bare array. */
export const evaluationPageSchema = pageOf(evaluationSchema, 'evaluations')
