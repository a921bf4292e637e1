import type { AppErrorData } from '../errors'
import type { Conversation, ConversationEvaluation, ConversationMessage } from './conversation'

/**
 * The service's announced webhook events. The poller derives them from what it observes, so a
 * future webhook source can feed the very same stream to the window.
 */
export type ConversationEventType =
  'conversation.started' | 'message.created' | 'conversation.ended' | 'evaluation.completed'

/** A conversation record in the webhook's wire form (the documented conversation.ended fields and more). */
export interface ConversationRecordData {
  conversation_id: string
  agent_id: string | null
  status: string
  transport: string | null
  created_at: string | null
  started_at: string | null
  ended_at: string | null
  duration_ms: number | null
  recording_url: string | null
  end_reason: string | null
}

/** A transcript row in wire form. */
export interface MessageData {
  id: string
  conversation_id: string
  role: string
  content: string
  tool_name: string | null
  tool_args: unknown
  tool_result: unknown
  started_at: string | null
  ended_at: string | null
}

/** An evaluation row in wire form: the fields one word long are named and typed as in the app's row. */
export interface EvaluationData extends Pick<
  ConversationEvaluation,
  'name' | 'status' | 'passed' | 'score' | 'rationale' | 'data'
> {
  id: string
  kind: string
  criterion_id: string | null
  created_at: string | null
}

interface Envelope<T extends ConversationEventType, D> {
  type: T
  /** Stable per fact (type, conversation, message): a re-delivered event has the same id. */
  id: string
  created_at: string
  data: D
}

/** One event in the documented envelope `{ type, id, created_at, data }`. */
export type ConversationEvent =
  | Envelope<'conversation.started', ConversationRecordData>
  | Envelope<'conversation.ended', ConversationRecordData>
  | Envelope<'message.created', { conversation_id: string; message: MessageData }>
  | Envelope<'evaluation.completed', { conversation_id: string; evaluations: EvaluationData[] }>

/**
 * How the follow is going, which a webhook source would not have: `following` (polling, all
 * well), `reconnecting` (the last read failed; retrying with backoff), `evaluations` (ended,
 * waiting for the scores), `done` (nothing more will change), `stopped` (a fatal error: unknown
 * id, signed out).
 */
export type WatchPhase = 'following' | 'reconnecting' | 'evaluations' | 'done' | 'stopped'

/** The follower's state for one conversation, sent on every change. */
export interface WatchState {
  conversationId: string
  phase: WatchPhase
  /** The latest status read, also when it is not one this version knows. */
  status: string | null
  /** True while the window is hidden (polling every few seconds instead of every second). */
  slowed: boolean
  /** When the next read is due (ISO), while following or reconnecting. */
  nextReadAt: string | null
  /** The last read's failure (reconnecting) or the fatal one (stopped). */
  error: AppErrorData | null
  /** `waiting` until they arrive, `received`, or `unavailable` once VoiceDesk stopped asking. */
  evaluations: 'not-yet' | 'waiting' | 'received' | 'unavailable'
}

/** What opening a conversation returns: everything known so far; events then bring deltas. */
export interface ConversationSnapshot {
  conversation: Conversation
  messages: ConversationMessage[]
  evaluations: ConversationEvaluation[]
  watch: WatchState
}

/** One entry of the local list of opened conversations. */
export interface RecentConversation {
  id: string
  agentId: string | null
  status: string
  startedAt: string | null
  durationMs: number | null
  lastOpenedAt: string
}

/** The local list, and a notice when a corrupt file was set aside at start. */
export interface RecentConversations {
  items: RecentConversation[]
  notice: string | null
}

/** Export formats: JSON (records exactly as received), Markdown, plain text. */
export const EXPORT_FORMATS = ['json', 'markdown', 'text'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** A recording ready to be read in chunks. */
export interface RecordingInfo {
  totalBytes: number
  mimeType: string
}

/** Wire form of a conversation (for events). */
export function conversationToData(c: Conversation): ConversationRecordData {
  return {
    conversation_id: c.id,
    agent_id: c.agentId,
    status: c.status,
    transport: c.transport,
    created_at: c.createdAt,
    started_at: c.startedAt,
    ended_at: c.endedAt,
    duration_ms: c.durationMs,
    recording_url: c.recordingUrl,
    end_reason: c.endReason,
  }
}

/** A conversation from its wire form; `base` keeps what the event does not carry (metadata). */
export function conversationFromData(d: ConversationRecordData, base?: Conversation): Conversation {
  return {
    id: d.conversation_id,
    agentId: d.agent_id,
    status: d.status,
    transport: d.transport,
    createdAt: d.created_at,
    startedAt: d.started_at,
    endedAt: d.ended_at,
    durationMs: d.duration_ms,
    recordingUrl: d.recording_url,
    endReason: d.end_reason,
    metadata: base?.metadata ?? {},
  }
}

/** Wire form of a transcript row. */
export function messageToData(m: ConversationMessage, conversationId: string): MessageData {
  return {
    id: m.id,
    conversation_id: m.conversationId ?? conversationId,
    role: m.role,
    content: m.content,
    tool_name: m.toolName,
    tool_args: m.toolArgs,
    tool_result: m.toolResult,
    started_at: m.startedAt,
    ended_at: m.endedAt,
  }
}

/** A transcript row from its wire form. */
export function messageFromData(d: MessageData): ConversationMessage {
  return {
    id: d.id,
    conversationId: d.conversation_id,
    role: d.role,
    content: d.content,
    toolName: d.tool_name,
    toolArgs: d.tool_args,
    toolResult: d.tool_result,
    startedAt: d.started_at,
    endedAt: d.ended_at,
  }
}

/** Wire form of an evaluation row. */
export function evaluationToData(e: ConversationEvaluation): EvaluationData {
  return {
    id: e.id,
    kind: e.kind,
    criterion_id: e.criterionId,
    name: e.name,
    status: e.status,
    passed: e.passed,
    score: e.score,
    rationale: e.rationale,
    data: e.data,
    created_at: e.createdAt,
  }
}

/** An evaluation row from its wire form. */
export function evaluationFromData(
  d: EvaluationData,
  conversationId: string,
): ConversationEvaluation {
  return {
    id: d.id,
    conversationId,
    kind: d.kind,
    criterionId: d.criterion_id,
    name: d.name,
    status: d.status,
    passed: d.passed,
    score: d.score,
    rationale: d.rationale,
    data: d.data,
    createdAt: d.created_at,
  }
}

/**
 * Applies one event to a snapshot (pure, idempotent): a message already present is not added
 * twice, a conversation or evaluation event replaces what it describes.
 */
export function applyConversationEvent(
  snapshot: ConversationSnapshot,
  event: ConversationEvent,
): ConversationSnapshot {
  switch (event.type) {
    case 'conversation.started':
    case 'conversation.ended':
      if (event.data.conversation_id !== snapshot.conversation.id) return snapshot
      return { ...snapshot, conversation: conversationFromData(event.data, snapshot.conversation) }
    case 'message.created': {
      if (event.data.conversation_id !== snapshot.conversation.id) return snapshot
      const id = event.data.message.id
      if (snapshot.messages.some((m) => m.id === id)) return snapshot
      return { ...snapshot, messages: [...snapshot.messages, messageFromData(event.data.message)] }
    }
    case 'evaluation.completed':
      if (event.data.conversation_id !== snapshot.conversation.id) return snapshot
      return {
        ...snapshot,
        evaluations: event.data.evaluations.map((e) =>
          evaluationFromData(e, event.data.conversation_id),
        ),
      }
  }
}
