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

/**
 * A machine code in plain words: "party_size" -> "Party size", "maxDurationReached" -> "Max
 * duration reached". For codes the app has no better word for (criteria, extracted fields,
 * transports); the code itself stays available behind "details".
 */
export function humanizeCode(code: string): string {
  const words = code
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.:/]+/)
    .filter((word) => word !== '')
    .map((word) => (/^[A-Z0-9]+$/.test(word) && word.length > 1 ? word : word.toLowerCase()))
  const text = words.join(' ')
  return text === '' ? code : `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`
}

const END_REASONS: Record<string, string> = {
  caller_hangup: 'The caller hung up',
  agent_ended: 'The agent ended the call',
  inactivity_timeout: 'Nobody spoke for too long (inactivity timeout)',
  max_duration_reached: 'The call reached its maximum length',
  dial_no_answer: 'Nobody answered',
}

/** Why a conversation ended, as a sentence; codes this version does not know are put in words. */
export function endReasonLabel(code: string): string {
  return END_REASONS[code] ?? humanizeCode(code)
}

const TRANSPORTS: Record<string, string> = {
  web: 'Web call',
  websocket: 'Web call',
  webrtc: 'Web call',
  phone: 'Phone call',
  pstn: 'Phone call',
  sip: 'Phone call (SIP)',
  twilio: 'Phone call',
}

/** How the call came in, in words ("Web call", "Phone call"). */
export function transportLabel(transport: string | null): string {
  if (transport === null || transport.trim() === '') return '—'
  return TRANSPORTS[transport.toLowerCase()] ?? humanizeCode(transport)
}
