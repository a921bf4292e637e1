import type { Conversation } from '../../shared/domain/conversation'
import type { Agent, ConversationListQuery } from '../../shared/domain/conversation-list'
import { formatOffset } from '../../shared/domain/conversation-format'
import { AppError } from '../../shared/errors'
import { exportConversationBatch } from '../core/conversations/batch-export'
import type { UpstreamClient } from '../core/upstream/upstream-client'
import type { CommandContext } from './commands'
import { optionText } from './inputs'
import type { Values } from './inputs'
import { printJson, usage } from './io'

/** Statuses a list can be filtered by (upstream-api.md). */
const STATUSES = ['pending', 'active', 'completed', 'failed'] as const

/** Rows per list request: the service's maximum. */
const PAGE_LIMIT = 200

/** `conversation list` shows this many rows unless --limit says otherwise (one default page). */
const DEFAULT_LIST_LIMIT = 50

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i

/** True when the year, month and day name a real calendar day (Date rolls 02-30 over to March). */
function isCalendarDay(year: string, month: string, day: string): boolean {
  const d = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  return (
    d.getUTCFullYear() === Number(year) &&
    d.getUTCMonth() === Number(month) - 1 &&
    d.getUTCDate() === Number(day)
  )
}

/**
 * An ISO 8601 date or date-time flag as epoch ms. A date alone is midnight UTC (for --until, the
 * end of that day, so `--since D --until D` is the whole day); a time without a zone is UTC.
 */
export function parseIsoFlag(name: string, value: string, endOfDay = false): number {
  const refuse = (): AppError =>
    usage(
      `--${name} "${value}" is not a date VoiceDesk can read. Give an ISO 8601 date or date-time, e.g. 2026-11-20 or 2026-11-20T09:30:00Z.`,
    )
  const trimmed = value.trim()
  const day = DATE_ONLY.exec(trimmed)
  if (day) {
    const [, y, m, d] = day as unknown as [string, string, string, string]
    if (!isCalendarDay(y, m, d)) throw refuse()
    return Date.UTC(Number(y), Number(m) - 1, Number(d) + (endOfDay ? 1 : 0))
  }
  const at = DATE_TIME.exec(trimmed)
  if (!at) throw refuse()
  const [, y, m, d, hh, mm, ss, zone] = at
  if (!isCalendarDay(y!, m!, d!) || Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59)
    throw refuse()
  const iso = `${trimmed.replace(' ', 'T')}${zone === undefined ? 'Z' : ''}`
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) throw refuse()
  return ms
}

/** The filters both commands share, checked and in the service's terms. */
function listFilters(values: Values, sinceRequired: boolean): ConversationListQuery {
  const query: ConversationListQuery = {}
  const since = optionText(values, 'since')
  const until = optionText(values, 'until')
  if (since === undefined && sinceRequired) throw usage('--since is required.')
  const sinceMs = since === undefined ? undefined : parseIsoFlag('since', since)
  const untilMs = until === undefined ? undefined : parseIsoFlag('until', until, true)
  if (sinceMs !== undefined && untilMs !== undefined && sinceMs >= untilMs) {
    throw usage(`--since (${since}) must be before --until (${until}).`)
  }
  if (sinceMs !== undefined) query.startedAfter = new Date(sinceMs).toISOString()
  if (untilMs !== undefined) query.startedBefore = new Date(untilMs).toISOString()
  const status = optionText(values, 'status')
  if (status !== undefined) {
    if (!(STATUSES as readonly string[]).includes(status)) {
      throw usage(`--status must be one of ${STATUSES.join(', ')}.`)
    }
    query.status = status
  }
  const agent = optionText(values, 'agent')
  if (agent !== undefined) {
    if (agent.trim() === '') throw usage('--agent needs an agent id.')
    query.agentId = agent.trim()
  }
  return query
}

function parseLimit(values: Values): number {
  const raw = optionText(values, 'limit')
  if (raw === undefined) return DEFAULT_LIST_LIMIT
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) {
    throw usage(`--limit must be a whole number of conversations, 1 or more (not "${raw}").`)
  }
  return Number(raw)
}

function notServed(): AppError {
  return new AppError(
    'NOT_FOUND',
    'This service does not list conversations (it answered 404/405 on both list addresses). Open a conversation by its id instead: voicedesk conversation show ID.',
  )
}

/**
 * An --agent given by name (as the table shows it) becomes that agent's id; an id, or a name no
 * agent has, is sent as given.
 */
export function resolveAgent(query: ConversationListQuery, agents: Agent[] | null): void {
  if (query.agentId === undefined || agents === null) return
  if (agents.some((a) => a.id === query.agentId)) return
  const wanted = query.agentId.toLowerCase()
  const byName = agents.filter((a) => a.name.toLowerCase() === wanted)
  if (byName.length === 1) query.agentId = byName[0]!.id
}

/**
 * Pages through the list (most recent first) until `limit` rows or the end. `more` says whether
 * further conversations match.
 */
async function listUpTo(
  client: UpstreamClient,
  query: ConversationListQuery,
  limit: number,
  signal: AbortSignal,
): Promise<{ conversations: Conversation[]; more: boolean }> {
  const rows: Conversation[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  for (;;) {
    const page = await client.listConversations(
      {
        ...query,
        limit: Math.min(PAGE_LIMIT, limit - rows.length),
        ...(cursor === undefined ? {} : { cursor }),
      },
      { signal },
    )
    if (!page.served) throw notServed()
    rows.push(...page.conversations)
    const next = page.nextCursor
    // The older list answers everything at once (no cursor): it is cut to the limit here.
    if (!page.hasMore || next === null || seen.has(next)) {
      return { conversations: rows.slice(0, limit), more: rows.length > limit }
    }
    if (rows.length >= limit) return { conversations: rows.slice(0, limit), more: true }
    seen.add(next)
    cursor = next
  }
}

function pad(value: string, width: number): string {
  return value.length >= width ? value : value + ' '.repeat(width - value.length)
}

/** "2026-11-20 10:00:02" (UTC) from an RFC 3339 time; "-" when unknown. */
function utcTime(iso: string | null): string {
  if (iso === null) return '-'
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
}

/** The readable table: id, start (UTC), agent name, status, duration. */
export function conversationTable(
  conversations: Conversation[],
  agentName: (id: string | null) => string,
): string {
  const header = ['ID', 'STARTED (UTC)', 'AGENT', 'STATUS', 'DURATION']
  const rows = conversations.map((c) => [
    c.id,
    utcTime(c.startedAt),
    agentName(c.agentId),
    c.status,
    c.durationMs === null ? '-' : formatOffset(c.durationMs),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  return [header, ...rows]
    .map((r) => `${r.map((cell, i) => pad(cell, widths[i]!)).join('  ')}`.trimEnd())
    .join('\n')
    .concat('\n')
}

/** An agent id as its name, for output ("-" for none; the id when no agent has it). */
export function namer(agents: Agent[] | null): (id: string | null) => string {
  const names = new Map((agents ?? []).map((a) => [a.id, a.name]))
  return (id) => (id === null ? '-' : (names.get(id) ?? id))
}

/** `conversation list [--agent ID] [--status S] [--since ISO] [--until ISO] [--limit N] [--json]` */
export async function conversationList(c: CommandContext): Promise<void> {
  if (c.args.length > 0) throw usage('"conversation list" takes no id; filter with its options.')
  const query = listFilters(c.values, false)
  const limit = parseLimit(c.values)
  const agents = await c.client.listAgents({ signal: c.signal })
  resolveAgent(query, agents)
  const { conversations, more } = await listUpTo(c.client, query, limit, c.signal)
  const agentName = namer(agents)
  if (c.json) {
    printJson(c.io, {
      conversations: conversations.map((conversation) => ({
        ...conversation,
        agentName: conversation.agentId === null ? null : agentName(conversation.agentId),
      })),
      hasMore: more,
    })
    return
  }
  if (conversations.length === 0) {
    c.io.err('No conversation matches these filters.\n')
    return
  }
  c.io.out(conversationTable(conversations, agentName))
  if (more) {
    c.io.err(
      `Showing the ${conversations.length} most recent; more match. Raise --limit or narrow the filters to see others.\n`,
    )
  }
}

/** Progress lines of an export: redrawn on a terminal, else one line per tenth. */
function exportProgress(c: CommandContext): (p: { done: number; total: number }) => void {
  let shownTenth = -1
  return ({ done, total }) => {
    if (c.isTTY === true) {
      c.io.err(`\rExporting conversation ${done} of ${total}…${done === total ? '\n' : ''}`)
      return
    }
    const tenth = Math.floor((done * 10) / total)
    if (tenth === shownTenth) return
    shownTenth = tenth
    c.io.err(`Exported ${done} of ${total} conversations.\n`)
  }
}

/** `conversation export --since ISO [--until ISO] [--agent ID] [--status S] --out DIR [--json]` */
export async function conversationExport(c: CommandContext): Promise<void> {
  if (c.args.length > 0) throw usage('"conversation export" takes no id; filter with its options.')
  const query = listFilters(c.values, true)
  const folder = optionText(c.values, 'out')
  if (folder === undefined || folder.trim() === '') throw usage('--out DIR is required.')
  const agents = await c.client.listAgents({ signal: c.signal })
  resolveAgent(query, agents)
  const { conversations } = await listUpTo(c.client, query, Number.MAX_SAFE_INTEGER, c.signal)
  if (conversations.length === 0) {
    throw new AppError(
      'NOT_FOUND',
      'No conversation started in that range matches these filters; nothing was written.',
    )
  }
  c.io.err(`Exporting ${conversations.length} conversations to ${folder}.\n`)
  const result = await exportConversationBatch({
    client: c.client,
    ids: conversations.map((conversation) => conversation.id),
    folder,
    signal: c.signal,
    onProgress: exportProgress(c),
  })
  if (c.json) {
    printJson(c.io, result)
    return
  }
  c.io.out(
    `Exported ${result.conversations} conversations: ${result.csvPath} (summary) and ${result.jsonlPath} (transcripts), ${result.bytes} bytes.\n`,
  )
  for (const skipped of result.skipped) {
    c.io.err(`Skipped ${skipped.id}: ${skipped.reason}\n`)
  }
}
