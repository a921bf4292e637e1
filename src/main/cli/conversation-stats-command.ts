import type { ConversationEvaluation } from '../../shared/domain/conversation'
import { endReasonLabel, formatOffset } from '../../shared/domain/conversation-format'
import type { EvaluationSummary } from '../../shared/domain/conversation-inbox'
import { summarizeEvaluations } from '../../shared/domain/conversation-inbox'
import type { ConversationListQuery } from '../../shared/domain/conversation-list'
import { AppError } from '../../shared/errors'
import type {
  CallSource,
  CallStats,
  StatsGrouping,
} from '../core/conversations/overview/call-stats'
import { readCallStats } from '../core/conversations/overview/call-stats'
import { localDays } from '../core/conversations/overview/local-days'
import { periodEnding } from '../core/conversations/overview/overview-tally'
import type { UpstreamClient } from '../core/upstream/upstream-client'
import type { CommandContext } from './commands'
import { namer, parseIsoFlag, resolveAgent } from './conversation-list-commands'
import { optionText } from './inputs'
import { printJson, usage } from './io'

const GROUPINGS: readonly StatsGrouping[] = ['day', 'hour', 'agent']
/** Evaluation reads in flight at once (the client's read limiter paces them further). */
const READS_IN_FLIGHT = 4
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** The system's time zone: the days and hours are the user's, as in the app's overview. */
function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/**
 * The range asked for. A date alone is a local day (from its start; for --until, to its end);
 * without --since, the last 7 local days up to now, as the app's overview shows them.
 */
function statsRange(
  since: string | undefined,
  until: string | undefined,
  timeZone: string,
): { fromMs: number; toMs: number } {
  const local = localDays(timeZone)
  const at = (name: string, value: string, endOfDay: boolean): number => {
    const text = value.trim()
    if (!DATE_ONLY.test(text)) return parseIsoFlag(name, value, endOfDay)
    parseIsoFlag(name, text)
    return local.startOf(endOfDay ? local.addDays(text, 1) : text)
  }
  const toMs = until === undefined ? Date.now() : at('until', until, true)
  const fromMs =
    since === undefined ? periodEnding(toMs - 1, 7, local).fromMs : at('since', since, false)
  if (fromMs >= toMs) {
    throw usage(`--since (${since ?? 'a week before'}) must be before --until (${until ?? 'now'}).`)
  }
  return { fromMs, toMs }
}

/** The list and each call's evaluations, read through the CLI's client. */
function clientSource(client: UpstreamClient): CallSource {
  return {
    list: (query, signal) => client.listConversations(query, { signal }),
    evaluationSummaries: async (ids, signal) => {
      const found: Record<string, EvaluationSummary> = {}
      let next = 0
      const worker = async (): Promise<void> => {
        while (next < ids.length) {
          const id = ids[next++]!
          let evaluations: ConversationEvaluation[]
          try {
            evaluations = await client.listEvaluations(id, { signal })
          } catch (error) {
            // A call the service no longer knows has no result to count.
            if (error instanceof AppError && error.code === 'NOT_FOUND') continue
            throw error
          }
          if (evaluations.length > 0) found[id] = summarizeEvaluations(evaluations)
        }
      }
      await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, ids.length) }, worker))
      return found
    },
  }
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${Math.round((100 * part) / whole)}%`
}

function pad(value: string, width: number): string {
  return value.length >= width ? value : value + ' '.repeat(width - value.length)
}

/** The figures as a person reads them: totals, lengths, end reasons, pass rates, then groups. */
function statsText(
  stats: CallStats,
  agentName: (id: string | null) => string,
  by: StatsGrouping,
): string {
  const f = stats.figures
  const o = f.byOutcome
  const lines = [
    `Calls started ${f.firstDay} to ${f.lastDay} (${f.timeZone}), ${f.agentId === null ? 'all agents' : agentName(f.agentId)}`,
    `Calls: ${f.calls} (${o.completed} completed, ${o.failed} failed, ${o.live} live, ${o.waiting} waiting)`,
    f.durations === null
      ? 'Length: no finished call has one'
      : `Length: median ${formatOffset(f.durations.medianMs)}, 1 call in 10 lasts ${formatOffset(f.durations.p90Ms)} or more`,
  ]
  if (f.endReasons.length > 0) {
    lines.push('', 'Why calls ended:')
    const rows = f.endReasons.map((r) => [
      r.reason === null ? 'Not given' : endReasonLabel(r.reason),
      String(r.calls),
    ])
    const width = Math.max(...rows.map((r) => r[0]!.length))
    for (const [reason, calls] of rows) lines.push(`  ${pad(reason!, width)}  ${calls}`)
  }
  lines.push(
    '',
    `Pass rate per criterion (results of ${f.evaluated} of ${f.finished} finished calls${f.evaluated < f.finished ? ', the newest' : ''}):`,
  )
  if (f.criteria.length === 0) lines.push('  No evaluation results for these calls.')
  const criteria = f.criteria.map((c) => {
    const judged = c.passed + c.failed + c.unknown
    const name = f.agentId === null ? `${c.name} (${agentName(c.agentId)})` : c.name
    return [name, `${percent(c.passed, judged)} of ${judged}`]
  })
  const width = Math.max(0, ...criteria.map((r) => r[0]!.length))
  for (const [name, rate] of criteria) lines.push(`  ${pad(name!, width)}  ${rate}`)
  lines.push('', `By ${by}:`)
  const groups = stats.groups.map((g) => [
    by === 'agent' ? agentName(g.key === '' ? null : g.key) : g.key,
    `${g.calls} calls, ${g.byOutcome.completed} completed, ${g.byOutcome.failed} failed`,
  ])
  const groupWidth = Math.max(0, ...groups.map((r) => r[0]!.length))
  for (const [key, counts] of groups) lines.push(`  ${pad(key!, groupWidth)}  ${counts}`)
  return `${lines.join('\n')}\n`
}

/** `conversation stats [--agent A] [--since ISO] [--until ISO] [--by day|hour|agent] [--json]` */
export async function conversationStats(c: CommandContext): Promise<void> {
  if (c.args.length > 0) throw usage('"conversation stats" takes no id; filter with its options.')
  const by = (optionText(c.values, 'by') ?? 'day').trim() as StatsGrouping
  if (!GROUPINGS.includes(by)) throw usage(`--by must be one of ${GROUPINGS.join(', ')}.`)
  const timeZone = systemTimeZone()
  const range = statsRange(optionText(c.values, 'since'), optionText(c.values, 'until'), timeZone)
  const query: ConversationListQuery = {}
  const agent = optionText(c.values, 'agent')
  if (agent !== undefined) {
    if (agent.trim() === '') throw usage('--agent needs an agent name or id.')
    query.agentId = agent.trim()
  }
  const agents = await c.client.listAgents({ signal: c.signal })
  resolveAgent(query, agents)
  const stats = await readCallStats(
    clientSource(c.client),
    { ...range, agentId: query.agentId ?? null, timeZone, by },
    c.signal,
  )
  if (stats === null) {
    throw new AppError(
      'NOT_FOUND',
      'This service does not list conversations, so there is nothing to count. Open a conversation by its id instead: voicedesk conversation show ID.',
    )
  }
  const agentName = namer(agents)
  if (c.json) {
    const f = stats.figures
    printJson(c.io, {
      from: new Date(range.fromMs).toISOString(),
      until: new Date(range.toMs).toISOString(),
      timeZone,
      agentId: f.agentId,
      calls: f.calls,
      byOutcome: f.byOutcome,
      durations:
        f.durations === null ? null : { medianMs: f.durations.medianMs, p90Ms: f.durations.p90Ms },
      endReasons: f.endReasons,
      criteria: f.criteria.map((k) => ({ ...k, agentName: agentName(k.agentId) })),
      evaluated: f.evaluated,
      finished: f.finished,
      by,
      // Why "group" and not "key": a value under a "key" field is masked as a credential.
      groups: stats.groups.map((g) => ({
        group: g.key,
        ...(by === 'agent' ? { agentName: agentName(g.key === '' ? null : g.key) } : {}),
        calls: g.calls,
        byOutcome: g.byOutcome,
      })),
    })
    return
  }
  c.io.out(statsText(stats, agentName, by))
}
