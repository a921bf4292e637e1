import { createHash } from 'node:crypto'
import { mkdir, readFile, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { EvaluationSummary } from '../../../../shared/domain/conversation-inbox'
import { createAtomicFile } from '../../files/atomic-write'
import type { Logger } from '../../log/logger'
import type { CallRecord } from './call-record'
import type { Unevaluated } from './call-store'
import { CallStore } from './call-store'

const FORMAT = 'voicedesk-call-cache'
/** Version 2 adds the finished calls found without an evaluation (a version 1 file is read). */
const VERSION = 2
/** Larger than any file the store's own bounds can make: a bigger one is not read at all. */
const MAX_FILE_BYTES = 96 * 1024 * 1024
/** Lines parsed between two turns of main's event loop (parsed a chunk at once, see below). */
const LINES_PER_TURN = 1_500
/** Lines written between two turns (each one its own JSON.stringify: fewer a turn). */
const WRITE_LINES_PER_TURN = 1_000

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * The file of one account's cache, in `<userData>/conversation-cache/`. Its name is a hash of the
 * service address and a non-secret account identity: why a hash, the folder then tells nobody
 * which services the user has accounts with, and two accounts never share figures.
 */
export function callCachePath(userDataDir: string, accountIdentity: string): string {
  const name = createHash('sha256').update(accountIdentity).digest('hex').slice(0, 40)
  return join(userDataDir, 'conversation-cache', `${name}.ndjson`)
}

interface Header {
  format: typeof FORMAT
  version: number
  coverFromMs: number | null
  coverToMs: number | null
  savedAt: number | null
  calls: number
  summaries: number
  /** Absent in version 1. */
  unevaluated?: number
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0
const isTime = (v: unknown): v is number | null => v === null || Number.isFinite(v)
const isText = (v: unknown): v is string | null => v === null || typeof v === 'string'

function header(value: unknown): Header | null {
  if (typeof value !== 'object' || value === null) return null
  const h = value as Record<string, unknown>
  if (h['format'] !== FORMAT || (h['version'] !== 1 && h['version'] !== VERSION)) return null
  if (!isTime(h['coverFromMs']) || !isTime(h['coverToMs']) || !isTime(h['savedAt'])) return null
  if (!isCount(h['calls']) || !isCount(h['summaries'])) return null
  if (h['version'] === 1) return { ...(h as unknown as Header), unevaluated: 0 }
  if (!isCount(h['unevaluated'])) return null
  return h as unknown as Header
}

function unevaluatedOf(value: unknown): [string, Unevaluated] | null {
  if (!Array.isArray(value) || value.length !== 3) return null
  const [id, finishedMs, checkedMs] = value as unknown[]
  if (typeof id !== 'string' || !Number.isFinite(finishedMs) || !Number.isFinite(checkedMs))
    return null
  return [id, { finishedMs: finishedMs as number, checkedMs: checkedMs as number }]
}

function callOf(value: unknown): CallRecord | null {
  if (!Array.isArray(value) || value.length !== 6) return null
  const [id, agentId, status, startedMs, durationMs, endReason] = value as unknown[]
  if (typeof id !== 'string' || typeof status !== 'string' || !isText(agentId)) return null
  if (!Number.isFinite(startedMs) || !isTime(durationMs) || !isText(endReason)) return null
  return {
    id,
    agentId,
    status,
    startedMs: startedMs as number,
    durationMs,
    endReason,
  }
}

function summaryOf(value: unknown): [string, EvaluationSummary] | null {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') return null
  const s = value[1] as Record<string, unknown> | null
  if (typeof s !== 'object' || s === null || !Array.isArray(s['criteria'])) return null
  if (!isCount(s['passed']) || !isCount(s['total']) || !isText(s['summary'])) return null
  for (const c of s['criteria'] as unknown[]) {
    const k = c as Record<string, unknown> | null
    if (typeof k !== 'object' || k === null) return null
    if (typeof k['id'] !== 'string' || typeof k['name'] !== 'string') return null
    if (k['result'] !== 'passed' && k['result'] !== 'failed' && k['result'] !== 'unknown')
      return null
  }
  return [value[0], s as unknown as EvaluationSummary]
}

/**
 * Reads an account's cache, a few thousand lines per turn of main's loop. Null when there is none;
 * a damaged, foreign or oversized file is removed and also gives null (the list is read again),
 * never an error: the cache only ever saves reads.
 */
export async function readCallCache(path: string, logger: Logger): Promise<CallStore | null> {
  let text: string
  try {
    if ((await stat(path)).size > MAX_FILE_BYTES) return await discard(path, logger, 'too large')
    text = await readFile(path, 'utf8')
  } catch {
    return null
  }
  try {
    const lines = text.split('\n')
    if (lines.at(-1) === '') lines.pop()
    const head = header(JSON.parse(lines[0] ?? ''))
    const unevaluatedLines = head?.unevaluated ?? 0
    if (head === null || lines.length !== 1 + head.calls + head.summaries + unevaluatedLines)
      return await discard(path, logger, 'not a cache of this version')
    const calls: CallRecord[] = []
    const summaries: [string, EvaluationSummary][] = []
    const unevaluated: [string, Unevaluated][] = []
    // Why a chunk of lines parsed as one array: one JSON.parse per few thousand lines is several
    // times faster than one per line, and a turn of main's loop still stays short.
    for (let at = 1; at < lines.length; at += LINES_PER_TURN) {
      if (at > 1) await nextTurn()
      const end = Math.min(lines.length, at + LINES_PER_TURN)
      const values = JSON.parse(`[${lines.slice(at, end).join(',')}]`) as unknown[]
      // A line holding two values ("1,2") would shift every line after it.
      if (values.length !== end - at) return await discard(path, logger, 'lines out of step')
      for (let k = 0; k < values.length; k++) {
        const line = at + k
        if (line <= head.calls) {
          const call = callOf(values[k])
          if (call === null) return await discard(path, logger, `line ${line + 1}`)
          calls.push(call)
        } else if (line <= head.calls + head.summaries) {
          const summary = summaryOf(values[k])
          if (summary === null) return await discard(path, logger, `line ${line + 1}`)
          summaries.push(summary)
        } else {
          const none = unevaluatedOf(values[k])
          if (none === null) return await discard(path, logger, `line ${line + 1}`)
          unevaluated.push(none)
        }
      }
    }
    return CallStore.from({ ...head, calls, summaries, unevaluated })
  } catch {
    return await discard(path, logger, 'not JSON lines')
  }
}

async function discard(path: string, logger: Logger, why: string): Promise<null> {
  // Why removed and not repaired: its figures cannot be trusted, and the list can be read again.
  logger.warn('conversation cache discarded', { why })
  await unlink(path).catch(() => {})
  return null
}

/**
 * Writes an account's cache atomically (temp file, fsync, rename) and readable by the user only
 * (0600: it holds who called which agent when), a few thousand lines per turn of main's loop.
 */
export async function writeCallCache(path: string, store: CallStore): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true, mode: 0o700 })
  const head: Header = {
    format: FORMAT,
    version: VERSION,
    coverFromMs: store.coverFromMs,
    coverToMs: store.coverToMs,
    savedAt: store.savedAt,
    calls: store.calls.length,
    summaries: store.summaries.size,
    unevaluated: store.unevaluated.size,
  }
  const file = await createAtomicFile(path, { mode: 0o600 })
  try {
    await file.write(Buffer.from(JSON.stringify(head) + '\n', 'utf8'))
    const lines: string[] = []
    const flush = async (): Promise<void> => {
      if (lines.length === 0) return
      await file.write(Buffer.from(lines.join('\n') + '\n', 'utf8'))
      lines.length = 0
      await nextTurn()
    }
    for (const c of store.calls) {
      lines.push(
        JSON.stringify([c.id, c.agentId, c.status, c.startedMs, c.durationMs, c.endReason]),
      )
      if (lines.length >= WRITE_LINES_PER_TURN) await flush()
    }
    for (const entry of store.summaries) {
      lines.push(JSON.stringify(entry))
      if (lines.length >= WRITE_LINES_PER_TURN) await flush()
    }
    for (const [id, none] of store.unevaluated) {
      lines.push(JSON.stringify([id, none.finishedMs, none.checkedMs]))
      if (lines.length >= WRITE_LINES_PER_TURN) await flush()
    }
    await flush()
    await file.commit()
  } catch (error) {
    await file.abort()
    throw error
  }
}
