/** Conversation states; `completed` and `failed` are final. */
export type ConversationStatus = 'pending' | 'active' | 'completed' | 'failed'

/** One transcript row. Tool rows carry the call and its result. */
export interface MessageRecord {
  id: string
  role: 'user' | 'assistant' | 'tool' | 'system' | 'operator'
  content: string
  toolName?: string
  toolArgs?: Record<string, unknown>
  toolResult?: Record<string, unknown>
  startedAt: string
  endedAt: string
}

/** One evaluation row: a criterion, the summary, or extracted data. */
export interface EvaluationRecord {
  id: string
  kind: 'criterion' | 'summary' | 'data'
  criterionId?: string
  name?: string
  status?: 'success' | 'failure' | 'unknown'
  passed?: boolean
  score?: number
  rationale?: string
  data?: Record<string, unknown>
  createdAt: string
}

/** A conversation as the sandbox keeps it. */
export interface ConversationRecord {
  id: string
  agentId: string
  accountId: string
  status: ConversationStatus
  transport: 'web' | 'phone'
  createdAt: string
  startedAt: string | null
  endedAt: string | null
  durationMs: number | null
  endReason: string | null
  hasRecording: boolean
  metadata: Record<string, unknown>
  messages: MessageRecord[]
  evaluations: EvaluationRecord[]
  /** Makes the transcript and evaluations on first read by id (generated history); then removed. */
  detail?: () => { messages: MessageRecord[]; evaluations: EvaluationRecord[] }
}
