import type { Conversation } from '../../../../shared/domain/conversation'

/**
 * What the overview keeps of a listed call: only what it counts (no metadata, no transcript), so a
 * month of 100,000 calls stays a few megabytes in memory and on disk.
 */
export interface CallRecord {
  id: string
  agentId: string | null
  status: string
  /** Epoch ms the call started. */
  startedMs: number
  durationMs: number | null
  endReason: string | null
}

/** A listed call as the overview keeps it; null when it has no start time (it is never counted). */
export function toCallRecord(c: Conversation): CallRecord | null {
  if (c.startedAt === null) return null
  const startedMs = Date.parse(c.startedAt)
  if (!Number.isFinite(startedMs)) return null
  return {
    id: c.id,
    agentId: c.agentId,
    status: c.status,
    startedMs,
    durationMs: c.durationMs,
    endReason: c.endReason,
  }
}

/** Whether a call can still change (a live or waiting call ends later; a finished one does not). */
export function isUnfinished(status: string): boolean {
  return status !== 'completed' && status !== 'failed'
}
