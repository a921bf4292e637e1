/**
 * Conversation status: `pending`, `active`, `completed`, `failed`, or a value this version does not
 * know (shown as is, polled slowly). Only `completed` and `failed` are final.
 */
export type ConversationStatus = 'pending' | 'active' | 'completed' | 'failed' | (string & {})

export const FINAL_CONVERSATION_STATUSES: readonly string[] = ['completed', 'failed']

/** True when polling can stop and evaluations can be fetched. */
export function isFinalConversationStatus(status: string): boolean {
  return FINAL_CONVERSATION_STATUSES.includes(status)
}

/** One voice-agent session, normalised (missing fields become null). */
export interface Conversation {
  id: string
  agentId: string | null
  status: ConversationStatus
  transport: string | null
  createdAt: string | null
  startedAt: string | null
  endedAt: string | null
  durationMs: number | null
  recordingUrl: string | null
  endReason: string | null
  metadata: Record<string, unknown>
}

/** Who spoke a turn. Unknown roles from newer deployments are kept as strings and still render. */
export type MessageRole = 'user' | 'assistant' | 'tool' | 'system' | 'operator' | (string & {})

/** One transcript turn, oldest first. Tool calls carry their name, arguments and result. */
export interface ConversationMessage {
  id: string
  conversationId: string | null
  role: MessageRole
  content: string
  toolName: string | null
  toolArgs: unknown
  toolResult: unknown
  startedAt: string | null
  endedAt: string | null
}

/** `criterion` (one per criterion), `summary` (overall), `data` (extracted fields), or unknown. */
export type EvaluationKind = 'criterion' | 'summary' | 'data' | (string & {})

/** One post-call evaluation row. */
export interface ConversationEvaluation {
  id: string
  conversationId: string | null
  kind: EvaluationKind
  criterionId: string | null
  name: string | null
  /** `success`, `failure`, `unknown`, or another value the service sends. */
  status: string | null
  passed: boolean | null
  score: number | null
  rationale: string | null
  data: Record<string, unknown> | null
  createdAt: string | null
}
