import { setMaxListeners } from 'node:events'
import { lstat, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type {
  Conversation,
  ConversationEvaluation,
  ConversationMessage,
} from '../../../shared/domain/conversation'
import { isFinalConversationStatus } from '../../../shared/domain/conversation'
import { AppError } from '../../../shared/errors'
import type { Clock } from '../clock'
import { systemClock } from '../clock'
import type { AtomicFile } from '../files/atomic-write'
import { createAtomicFile } from '../files/atomic-write'
import type { UpstreamClient } from '../upstream/upstream-client'

/** What {@link exportConversationBatch} needs. */
export interface BatchExportOptions {
  client: UpstreamClient
  /** The conversations to export, in the order their rows should appear. */
  ids: string[]
  /** An existing folder; the two files are created in it. */
  folder: string
  /** Aborting stops the reads and leaves no file behind (CANCELLED). */
  signal?: AbortSignal
  /** Called once before the first read and after each conversation (exported or skipped). */
  onProgress?: (progress: { done: number; total: number }) => void
  /** Dates the file names (default: the system clock). */
  clock?: Clock
}

/** A conversation left out of the export, and why in words. */
export interface SkippedConversation {
  id: string
  reason: string
}

/** What an export wrote. */
export interface BatchExportResult {
  /** Conversations written (the ids given minus the skipped ones). */
  conversations: number
  csvPath: string
  jsonlPath: string
  /** Bytes of both files together. */
  bytes: number
  /** Conversations the service no longer has (NOT_FOUND), left out of both files. */
  skipped: SkippedConversation[]
}

/** Columns of the CSV summary, in order. */
export const CSV_COLUMNS = [
  'id',
  'agent',
  'status',
  'started',
  'duration_s',
  'evaluations_passed',
  'evaluations_total',
  'summary',
] as const

/** Conversations read at once. Why a few and not one: the reads wait on latency more than on the limiter. */
const READ_WINDOW = 4

/** Name stems taken by exports still running in this process (they have no file yet). */
const reservedStems = new Set<string>()

// Why: a spreadsheet runs a cell that starts with one of these as a formula (CSV injection). A
// leading apostrophe makes it text; the apostrophe is not shown.
const FORMULA_START = /^[=+\-@\t\r]/

/** One CSV field: RFC 4180 quoting, and text that would start a formula made inert. */
export function csvField(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV record, with the CRLF line end RFC 4180 asks for. */
export function csvRecord(fields: (string | number | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`
}

interface ConversationRecord {
  conversation: Conversation
  messages: ConversationMessage[]
  evaluations: ConversationEvaluation[]
}

/** Criteria passed and criteria scored; a row without `passed` counts by its status. */
function criteriaOutcome(evaluations: ConversationEvaluation[]): { passed: number; total: number } {
  const criteria = evaluations.filter((e) => e.kind === 'criterion')
  const passed = criteria.filter((e) => e.passed ?? e.status === 'success').length
  return { passed, total: criteria.length }
}

function summaryOf(evaluations: ConversationEvaluation[]): string | null {
  return evaluations.find((e) => e.kind === 'summary')?.rationale ?? null
}

function summaryRow(record: ConversationRecord, agentName: string | null): string {
  const { conversation: c, evaluations } = record
  const { passed, total } = criteriaOutcome(evaluations)
  const scored = isFinalConversationStatus(c.status) && total > 0
  return csvRecord([
    c.id,
    agentName ?? c.agentId,
    c.status,
    c.startedAt,
    // Seconds as a plain number, so a spreadsheet can sum and sort them.
    c.durationMs === null ? null : Math.round(c.durationMs / 100) / 10,
    // Two columns, not "3/4": a spreadsheet reads that as a date.
    scored ? passed : null,
    scored ? total : null,
    summaryOf(evaluations),
  ])
}

function transcriptLine(record: ConversationRecord, agentName: string | null): string {
  const { conversation, messages, evaluations } = record
  return `${JSON.stringify({ ...conversation, agentName, messages, evaluations })}\n`
}

async function readConversation(
  client: UpstreamClient,
  id: string,
  signal: AbortSignal,
): Promise<ConversationRecord> {
  const conversation = await client.getConversation(id, { signal })
  // Evaluations are written only after the end: a live conversation has none to read yet.
  const [messages, evaluations] = await Promise.all([
    client.listMessages(id, { signal }),
    isFinalConversationStatus(conversation.status)
      ? client.listEvaluations(id, { signal })
      : Promise.resolve([]),
  ])
  return { conversation, messages, evaluations }
}

/** The local date as YYYY-MM-DD. */
function localDate(ms: number): string {
  const d = new Date(ms)
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path)
    return true
  } catch (error) {
    return (error as { code?: string }).code !== 'ENOENT'
  }
}

/**
 * The first free `conversations-<date>[-n]` in `folder`: neither of its two files exists and no
 * export of this process has it. Reserved until released.
 */
async function reserveStem(folder: string, date: string): Promise<string> {
  for (let n = 1; n <= 1000; n++) {
    const stem = join(folder, n === 1 ? `conversations-${date}` : `conversations-${date}-${n}`)
    if (reservedStems.has(stem)) continue
    if ((await exists(`${stem}.csv`)) || (await exists(`${stem}.jsonl`))) continue
    if (reservedStems.has(stem)) continue
    reservedStems.add(stem)
    return stem
  }
  throw new AppError(
    'CONFLICT',
    `${folder} already holds 1,000 conversation exports of ${date}. Choose another folder.`,
  )
}

/** Refuses to rename over a file that appeared under the chosen name while the export ran. */
function noClobber(target: string): () => Promise<void> {
  return async () => {
    if (await exists(target)) {
      throw new AppError(
        'CONFLICT',
        `A file named ${basename(target)} appeared while VoiceDesk was exporting, and was left as it was. Export again to save under a new name.`,
      )
    }
  }
}

function cancelled(): AppError {
  return new AppError('CANCELLED', 'The export was cancelled; no file was saved.')
}

/**
 * Exports conversations to `conversations-<date>.csv` (one summary row each) and
 * `conversations-<date>.jsonl` (one conversation with its transcript and evaluations per line)
 * in `folder`, adding `-2`, `-3`… to the name rather than replacing an earlier export. Reads go
 * through the client, so they share its conversation-read limit and its retries of transient
 * failures. A conversation the service answers NOT_FOUND for (deleted, or a mistyped id) is
 * skipped and listed in the result; any other failure, or a cancel, ends the export with no file
 * written. Both files appear only complete (atomic write), in the order of `ids`.
 */
export async function exportConversationBatch(
  options: BatchExportOptions,
): Promise<BatchExportResult> {
  const { client, ids, folder, onProgress } = options
  const signal = options.signal ?? new AbortController().signal
  if (ids.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Choose at least one conversation to export.')
  }
  if (signal.aborted) throw cancelled()
  const stem = await reserveStem(folder, localDate((options.clock ?? systemClock).now()))
  const csvPath = `${stem}.csv`
  const jsonlPath = `${stem}.jsonl`
  // Reads still in flight when the export ends early are stopped with this.
  const reads = new AbortController()
  // Every queued read listens on it: a window of conversations, each with a few pages waiting
  // on the read limiter, is past Node's default warning threshold of 10 without any leak.
  setMaxListeners(READ_WINDOW * 20, reads.signal)
  const stopReads = (): void => reads.abort()
  signal.addEventListener('abort', stopReads, { once: true })
  const files: AtomicFile[] = []
  let committed: string | null = null
  try {
    const csv = await createAtomicFile(csvPath, { signal })
    files.push(csv)
    const jsonl = await createAtomicFile(jsonlPath, { signal })
    files.push(jsonl)
    // A byte-order mark, so spreadsheet apps read the names as UTF-8 (Lucía, not LucÃ­a).
    await csv.write(Buffer.from(`\uFEFF${csvRecord([...CSV_COLUMNS])}`, 'utf8'))

    const agents = await client.listAgents({ signal: reads.signal })
    const agentNames = new Map((agents ?? []).map((agent) => [agent.id, agent.name]))

    type Read = { ok: true; record: ConversationRecord } | { ok: false; error: unknown }
    const pending = new Map<number, Promise<Read>>()
    const start = (index: number): void => {
      if (index >= ids.length) return
      pending.set(
        index,
        readConversation(client, ids[index]!, reads.signal).then(
          (record): Read => ({ ok: true, record }),
          (error: unknown): Read => ({ ok: false, error }),
        ),
      )
    }
    for (let i = 0; i < READ_WINDOW; i++) start(i)

    const total = ids.length
    const skipped: SkippedConversation[] = []
    onProgress?.({ done: 0, total })
    for (let index = 0; index < total; index++) {
      const read = await pending.get(index)!
      pending.delete(index)
      if (signal.aborted) throw cancelled()
      start(index + READ_WINDOW)
      if (!read.ok) {
        if (!(read.error instanceof AppError) || read.error.code !== 'NOT_FOUND') throw read.error
        skipped.push({ id: ids[index]!, reason: read.error.message })
      } else {
        const agentId = read.record.conversation.agentId
        const agentName = agentId === null ? null : (agentNames.get(agentId) ?? null)
        await csv.write(Buffer.from(summaryRow(read.record, agentName), 'utf8'))
        await jsonl.write(Buffer.from(transcriptLine(read.record, agentName), 'utf8'))
      }
      onProgress?.({ done: index + 1, total })
    }
    const bytes = csv.bytesWritten + jsonl.bytesWritten
    await jsonl.commit(noClobber(jsonlPath))
    committed = jsonlPath
    await csv.commit(noClobber(csvPath))
    committed = null
    return { conversations: total - skipped.length, csvPath, jsonlPath, bytes, skipped }
  } catch (error) {
    for (const file of files) await file.abort()
    // Both files or none: the transcripts alone are not what was asked for.
    if (committed !== null) await rm(committed, { force: true })
    throw signal.aborted ? cancelled() : error
  } finally {
    reads.abort()
    signal.removeEventListener('abort', stopReads)
    reservedStems.delete(stem)
  }
}
