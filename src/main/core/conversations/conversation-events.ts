import { createHash } from 'node:crypto'
import type {
  Conversation,
  ConversationEvaluation,
  ConversationMessage,
} from '../../../shared/domain/conversation'
import type {
  ConversationEvent,
  ConversationEventType,
} from '../../../shared/domain/conversation-watch'
import {
  conversationToData,
  evaluationToData,
  messageToData,
} from '../../../shared/domain/conversation-watch'

/**
 * A stable event id: the same fact (type, conversation, message) always gets the same id, so a
 * consumer that sees it twice (a re-poll, a reconnect, a webhook redelivery) can drop the copy.
 */
export function conversationEventId(
  type: ConversationEventType,
  conversationId: string,
  subject = '',
): string {
  const digest = createHash('sha256')
    .update(`${type}\u0000${conversationId}\u0000${subject}`)
    .digest('hex')
  return `evt_${digest.slice(0, 32)}`
}

/** A lifecycle event: the conversation's record as of `happenedAt`. */
function lifecycleEvent(
  type: 'conversation.started' | 'conversation.ended',
  conversation: Conversation,
  happenedAt: string,
): ConversationEvent {
  return {
    type,
    id: conversationEventId(type, conversation.id),
    created_at: happenedAt,
    data: conversationToData(conversation),
  }
}

/** `conversation.started`: the session was provisioned and the agent joined. */
export function startedEvent(conversation: Conversation, at: string): ConversationEvent {
  return lifecycleEvent('conversation.started', conversation, conversation.startedAt ?? at)
}

/** `conversation.ended`: final status, duration and any recording. */
export function endedEvent(conversation: Conversation, at: string): ConversationEvent {
  return lifecycleEvent('conversation.ended', conversation, conversation.endedAt ?? at)
}

/** `message.created`: one new transcript turn. */
export function messageEvent(
  conversationId: string,
  message: ConversationMessage,
  at: string,
): ConversationEvent {
  return {
    type: 'message.created',
    id: conversationEventId('message.created', conversationId, message.id),
    created_at: message.startedAt ?? at,
    data: { conversation_id: conversationId, message: messageToData(message, conversationId) },
  }
}

/** `evaluation.completed`: the post-call evaluator scored the conversation. */
export function evaluationEvent(
  conversationId: string,
  evaluations: ConversationEvaluation[],
  at: string,
): ConversationEvent {
  const latest = evaluations
    .map((e) => e.createdAt)
    .filter((v): v is string => v !== null)
    .sort()
    .at(-1)
  return {
    type: 'evaluation.completed',
    id: conversationEventId('evaluation.completed', conversationId),
    created_at: latest ?? at,
    data: { conversation_id: conversationId, evaluations: evaluations.map(evaluationToData) },
  }
}

/** True once the conversation has started (active, or any later state with a start time). */
export function hasStarted(conversation: Conversation): boolean {
  return (
    conversation.status !== 'pending' &&
    (conversation.startedAt !== null || conversation.status === 'active')
  )
}
