import { agentById } from './agents.js'
import type { ConversationRecord } from './conversation-record.js'

/** Filters of the newer list endpoint, parsed. Every field is optional. */
export interface ConversationFilter {
  agentId?: string
  /** One status or several (comma-separated on the wire). */
  statuses?: string[]
  transport?: string
  callerIdentity?: string
  /** Free text over id, agent id and name, end reason and metadata. */
  q?: string
  startedAfter?: number
  startedBefore?: number
  durationMinMs?: number
  durationMaxMs?: number
}

/** Where a page starts: just after this conversation in the most-recent-first order. */
export interface ListPosition {
  createdAtMs: number
  id: string
}

/** Encodes a keyset cursor. Why keyset and not an offset: new conversations arrive at the top while a client pages, and an offset would then repeat rows. */
export function encodeListCursor(record: ConversationRecord): string {
  return Buffer.from(JSON.stringify({ t: Date.parse(record.createdAt), i: record.id })).toString(
    'base64url',
  )
}

/** Decodes a cursor made by `encodeListCursor`; null when it is not one. */
export function decodeListCursor(cursor: string): ListPosition | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (typeof parsed !== 'object' || parsed === null) return null
    const { t, i } = parsed as { t?: unknown; i?: unknown }
    if (typeof t !== 'number' || !Number.isFinite(t) || typeof i !== 'string') return null
    return { createdAtMs: t, id: i }
  } catch {
    return null
  }
}

function after(record: ConversationRecord, position: ListPosition): boolean {
  const at = Date.parse(record.createdAt)
  return at < position.createdAtMs || (at === position.createdAtMs && record.id < position.id)
}

/**
 * The index of the first record after `position` in a newest-first list. Why a binary search: the
 * list is in that order, and walking it from the top for every page made a deep page of 100,000
 * calls cost tens of milliseconds of the sandbox's thread (which the benches share with main).
 */
function firstAfter(newestFirst: readonly ConversationRecord[], position: ListPosition): number {
  let low = 0
  let high = newestFirst.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (after(newestFirst[middle]!, position)) high = middle
    else low = middle + 1
  }
  return low
}

/** True when the conversation passes every filter given. */
export function matchesFilter(record: ConversationRecord, filter: ConversationFilter): boolean {
  if (filter.agentId !== undefined && record.agentId !== filter.agentId) return false
  if (filter.statuses !== undefined && !filter.statuses.includes(record.status)) return false
  if (filter.transport !== undefined && record.transport !== filter.transport) return false
  if (
    filter.callerIdentity !== undefined &&
    record.metadata.caller_identity !== filter.callerIdentity
  )
    return false
  if (filter.startedAfter !== undefined || filter.startedBefore !== undefined) {
    if (record.startedAt === null) return false
    const started = Date.parse(record.startedAt)
    if (filter.startedAfter !== undefined && started < filter.startedAfter) return false
    if (filter.startedBefore !== undefined && started >= filter.startedBefore) return false
  }
  if (filter.durationMinMs !== undefined || filter.durationMaxMs !== undefined) {
    if (record.durationMs === null) return false
    if (filter.durationMinMs !== undefined && record.durationMs < filter.durationMinMs) return false
    if (filter.durationMaxMs !== undefined && record.durationMs > filter.durationMaxMs) return false
  }
  if (filter.q !== undefined) {
    const needle = filter.q.toLowerCase()
    const haystack = [
      record.id,
      record.agentId,
      agentById(record.agentId)?.name ?? '',
      record.endReason ?? '',
      JSON.stringify(record.metadata),
    ]
      .join(' ')
      .toLowerCase()
    if (!haystack.includes(needle)) return false
  }
  return true
}

/** One page of an already sorted list: `limit` matching rows after `position`. */
export function pageConversations(
  newestFirst: readonly ConversationRecord[],
  filter: ConversationFilter,
  position: ListPosition | null,
  limit: number,
): { items: ConversationRecord[]; nextCursor: string | null; hasMore: boolean } {
  const items: ConversationRecord[] = []
  let hasMore = false
  for (
    let i = position === null ? 0 : firstAfter(newestFirst, position);
    i < newestFirst.length;
    i++
  ) {
    const record = newestFirst[i]!
    if (!matchesFilter(record, filter)) continue
    if (items.length === limit) {
      hasMore = true
      break
    }
    items.push(record)
  }
  const last = items.at(-1)
  return { items, hasMore, nextCursor: hasMore && last ? encodeListCursor(last) : null }
}

/** Cost the sandbox bills for a conversation: 12 cents per started minute of talk. */
function costCents(record: ConversationRecord): number | null {
  return record.durationMs === null ? null : Math.ceil(record.durationMs / 60_000) * 12
}

/** `GET .../conversations/stats` over the given conversations. */
export function conversationStats(records: readonly ConversationRecord[]): Record<string, unknown> {
  const counts = { completed: 0, failed: 0, active: 0, pending: 0 }
  let durationSum = 0
  let durationCount = 0
  let costSum = 0
  for (const record of records) {
    if (record.status in counts) counts[record.status] += 1
    if (record.durationMs !== null) {
      durationSum += record.durationMs
      durationCount += 1
      costSum += costCents(record) ?? 0
    }
  }
  return {
    total: records.length,
    ...counts,
    avg_duration_ms: durationCount === 0 ? null : Math.round(durationSum / durationCount),
    avg_cost_cents: durationCount === 0 ? null : Math.round(costSum / durationCount),
  }
}
