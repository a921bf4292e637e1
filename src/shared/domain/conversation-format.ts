import type { Conversation, ConversationMessage } from './conversation'

/** "m:ss" or "h:mm:ss" from a millisecond offset; "" when unknown. */
export function formatOffset(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return ''
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const ss = String(s).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/** Milliseconds from the conversation's start to the turn's start, or null when either is unknown. */
export function turnOffsetMs(
  conversation: Pick<Conversation, 'startedAt' | 'createdAt'>,
  message: Pick<ConversationMessage, 'startedAt'>,
): number | null {
  const start = Date.parse(conversation.startedAt ?? conversation.createdAt ?? '')
  const at = Date.parse(message.startedAt ?? '')
  if (Number.isNaN(start) || Number.isNaN(at)) return null
  return Math.max(0, at - start)
}

const ROLE_NAMES: Record<string, string> = {
  user: 'Caller',
  assistant: 'Agent',
  tool: 'Tool',
  system: 'System',
  operator: 'Operator',
}

/** The speaker's name as the transcript shows it; unknown roles keep their raw name. */
export function roleName(role: string): string {
  return ROLE_NAMES[role] ?? role
}

/** True for the roles this version knows (others are shown with their raw name). */
export function isKnownRole(role: string): boolean {
  return Object.hasOwn(ROLE_NAMES, role)
}
