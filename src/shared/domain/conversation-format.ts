import type { Conversation, ConversationMessage } from './conversation'
import { isFinalConversationStatus } from './conversation'

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
  inactivity_timeout: 'The caller stopped responding',
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

const STATUSES: Record<string, string> = {
  pending: 'Waiting',
  active: 'Live',
  completed: 'Completed',
  failed: 'Failed',
}

/** A conversation status in sentence-case words ("Live", "Completed"); unknown values put in words. */
export function statusLabel(status: string): string {
  return STATUSES[status] ?? humanizeCode(status)
}

/** A snake_case machine code: lower-case words of letters joined by underscores (ids with digits stay as they are). */
const CODE_LIKE = /^[a-z]+(_[a-z]+)+$/

/**
 * A value the service extracted from a call, as words: yes/no for booleans, numbers in the
 * user's format, lists joined, nested fields as "Name: value"; never JSON.
 */
export function dataValueText(value: unknown, locale?: string): string {
  if (value === null || value === undefined || value === '') return 'not given'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'number')
    return Number.isFinite(value) ? value.toLocaleString(locale) : 'not given'
  // A machine code ("issue_resolved") reads as words; ordinary text is kept as the service gave it.
  if (typeof value === 'string') return CODE_LIKE.test(value) ? humanizeCode(value) : value
  if (Array.isArray(value))
    return value.length === 0 ? 'none' : value.map((v) => dataValueText(v, locale)).join(', ')
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    if (entries.length === 0) return 'not given'
    return entries.map(([k, v]) => `${humanizeCode(k)}: ${dataValueText(v, locale)}`).join('; ')
  }
  return typeof value === 'bigint' ? value.toLocaleString(locale) : 'not given'
}

/** One field the service collected from a call, in words; `given` is false when it came back empty. */
export interface CollectedField {
  code: string
  label: string
  text: string
  given: boolean
}

/**
 * The fields collected from a call ("Party size: not given", "Booked: no"), in the service's order.
 * Why empty fields stay listed: a reason that says the caller never gave the party size must not
 * sit beside a party size, and an empty field says so instead of vanishing.
 */
export function collectedFields(
  data: Record<string, unknown> | null,
  locale?: string,
): CollectedField[] {
  return Object.entries(data ?? {}).map(([code, value]) => {
    const text = dataValueText(value, locale)
    return { code, label: humanizeCode(code), text, given: text !== 'not given' }
  })
}

/**
 * How long a call may be listed as waiting or live with nothing new before it is called stale:
 * longer than any real call lasts, so only one the service never closed is marked.
 */
export const STALE_AFTER_MS = 2 * 60 * 60 * 1000

/**
 * True when a call is listed as waiting or live but its last change (`lastChangeAt`, else when it
 * started or was created) is more than {@link STALE_AFTER_MS} before `now`.
 */
export function isStaleCall(
  c: Pick<Conversation, 'status' | 'startedAt' | 'createdAt'>,
  now: number,
  lastChangeAt: string | null = null,
): boolean {
  if (isFinalConversationStatus(c.status)) return false
  const last = Date.parse(lastChangeAt ?? c.startedAt ?? c.createdAt ?? '')
  return !Number.isNaN(last) && now - last > STALE_AFTER_MS
}
