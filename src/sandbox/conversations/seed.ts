import type { ConversationRecord, ConversationStatus } from './conversation-record.js'
import { CALLER_QUIET_LINE, scriptedEvaluations, scriptedMessage } from './transcript.js'

function seedId(name: string): string {
  return `conv_01jsandbox${name}`.padEnd(31, '0')
}

/** Ids of the seeded conversations; the same on every start. */
export const SEEDED_CONVERSATION_IDS = {
  pending: seedId('pending'),
  active: seedId('active'),
  completed: seedId('completed'),
  failed: seedId('failed'),
  long: seedId('long'),
} as const

const BASE = Date.parse('2026-07-20T10:00:00.000Z')
const TURN_MS = 4_000

function seeded(
  id: string,
  accountId: string,
  status: ConversationStatus,
  turns: number,
  endReason: string | null,
  hasRecording: boolean,
  createdAt = BASE,
): ConversationRecord {
  const startedAt = status === 'pending' ? null : createdAt + 2_000
  const spoken =
    startedAt === null
      ? []
      : Array.from({ length: turns }, (_, n) =>
          scriptedMessage(n, startedAt + n * TURN_MS, TURN_MS - 500),
        )
  // A call that ended because the caller went quiet ends on the agent saying so.
  const quietAt = startedAt === null ? 0 : startedAt + turns * TURN_MS
  const messages =
    endReason === 'inactivity_timeout' && startedAt !== null
      ? [
          ...spoken,
          {
            id: `msg_${turns + 1}`,
            role: 'assistant' as const,
            content: CALLER_QUIET_LINE,
            startedAt: new Date(quietAt).toISOString(),
            endedAt: new Date(quietAt + TURN_MS - 500).toISOString(),
          },
        ]
      : spoken
  const final = status === 'completed' || status === 'failed'
  const endedAt =
    final && startedAt !== null ? startedAt + Math.max(1, messages.length) * TURN_MS : null
  return {
    id,
    agentId: 'agent_01jsandboxbistro000000000',
    accountId,
    status,
    transport: 'web',
    createdAt: new Date(createdAt).toISOString(),
    startedAt: startedAt === null ? null : new Date(startedAt).toISOString(),
    endedAt: endedAt === null ? null : new Date(endedAt).toISOString(),
    durationMs: endedAt !== null && startedAt !== null ? endedAt - startedAt : null,
    endReason,
    hasRecording,
    metadata: { seeded: true },
    messages,
    evaluations:
      final && endedAt !== null
        ? scriptedEvaluations(status === 'completed' ? 'completed' : 'failed', endedAt + 5_000)
        : [],
  }
}

/**
 * The seeded conversations of an account: one per state, plus a completed one with 2,000 messages.
 * The waiting and the live one start just before `now` (the sandbox's clock): a live call that
 * began months ago is one the service forgot to end, not a call in progress.
 */
export function seedConversations(accountId: string, now: number): ConversationRecord[] {
  const liveTurns = 7
  return [
    seeded(SEEDED_CONVERSATION_IDS.pending, accountId, 'pending', 0, null, false, now - 5_000),
    seeded(
      SEEDED_CONVERSATION_IDS.active,
      accountId,
      'active',
      liveTurns,
      null,
      false,
      now - 2_000 - liveTurns * TURN_MS,
    ),
    seeded(SEEDED_CONVERSATION_IDS.completed, accountId, 'completed', 12, 'caller_hangup', true),
    seeded(SEEDED_CONVERSATION_IDS.failed, accountId, 'failed', 2, 'inactivity_timeout', false),
    seeded(SEEDED_CONVERSATION_IDS.long, accountId, 'completed', 2_000, 'agent_ended', true),
  ]
}
