import type { ConversationRecord, EvaluationRecord, MessageRecord } from './conversation-record.js'

/** Conversations by id; each belongs to one account and is invisible to others. */
export class ConversationStore {
  private readonly byId = new Map<string, ConversationRecord>()
  private readonly newestFirst = new Map<string, ConversationRecord[]>()

  /** Adds or replaces a conversation. */
  put(record: ConversationRecord): void {
    this.byId.set(record.id, record)
    this.newestFirst.delete(record.accountId)
  }

  /** The conversation if it exists and belongs to the account, transcript and evaluations filled in. */
  find(id: string, accountId: string): ConversationRecord | undefined {
    const record = this.byId.get(id)
    return record?.accountId === accountId ? withDetail(record) : undefined
  }

  /** Any conversation by id (public assets such as recordings). */
  findAny(id: string): ConversationRecord | undefined {
    const record = this.byId.get(id)
    return record ? withDetail(record) : undefined
  }

  /** An account's conversations, most recent first (created_at, then id), without filling in details. */
  listNewestFirst(accountId: string): readonly ConversationRecord[] {
    let list = this.newestFirst.get(accountId)
    if (!list) {
      list = [...this.byId.values()]
        .filter((record) => record.accountId === accountId)
        .sort(newestFirstOrder)
      this.newestFirst.set(accountId, list)
    }
    return list
  }

  /** Every conversation, oldest first. */
  all(): ConversationRecord[] {
    return [...this.byId.values()]
  }
}

/** Sort order of lists: most recent `created_at` first, ties by id descending. */
export function newestFirstOrder(a: ConversationRecord, b: ConversationRecord): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt)
  if (byTime !== 0) return byTime
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

function withDetail(record: ConversationRecord): ConversationRecord {
  if (record.detail) {
    const { messages, evaluations } = record.detail()
    record.messages = messages
    record.evaluations = evaluations
    delete record.detail
  }
  return record
}

/** The conversation record on the wire. */
export function conversationToWire(
  record: ConversationRecord,
  baseUrl: string,
): Record<string, unknown> {
  return {
    id: record.id,
    agent_id: record.agentId,
    status: record.status,
    transport: record.transport,
    created_at: record.createdAt,
    started_at: record.startedAt,
    ended_at: record.endedAt,
    duration_ms: record.durationMs,
    recording_url: record.hasRecording ? `${baseUrl}/assets/recordings/${record.id}.mp3` : null,
    end_reason: record.endReason,
    metadata: record.metadata,
  }
}

/** A transcript row on the wire. */
export function messageToWire(
  message: MessageRecord,
  conversationId: string,
): Record<string, unknown> {
  return {
    id: message.id,
    conversation_id: conversationId,
    role: message.role,
    content: message.content,
    ...(message.role === 'tool'
      ? {
          tool_name: message.toolName ?? null,
          tool_args: message.toolArgs ?? null,
          tool_result: message.toolResult ?? null,
        }
      : {}),
    started_at: message.startedAt,
    ended_at: message.endedAt,
  }
}

/** An evaluation row on the wire. */
export function evaluationToWire(
  evaluation: EvaluationRecord,
  conversationId: string,
): Record<string, unknown> {
  return {
    id: evaluation.id,
    conversation_id: conversationId,
    kind: evaluation.kind,
    ...(evaluation.criterionId !== undefined ? { criterion_id: evaluation.criterionId } : {}),
    ...(evaluation.name !== undefined ? { name: evaluation.name } : {}),
    ...(evaluation.status !== undefined ? { status: evaluation.status } : {}),
    ...(evaluation.passed !== undefined ? { passed: evaluation.passed } : {}),
    ...(evaluation.score !== undefined ? { score: evaluation.score } : {}),
    ...(evaluation.rationale !== undefined ? { rationale: evaluation.rationale } : {}),
    ...(evaluation.data !== undefined ? { data: evaluation.data } : {}),
    created_at: evaluation.createdAt,
  }
}
