import { mulberry32 } from '../faults/prng.js'
import { SANDBOX_AGENTS, type AgentRecord } from './agents.js'
import type { ConversationRecord, EvaluationRecord } from './conversation-record.js'
import { agentMessage } from './agent-calls.js'

const BASE32 = '0123456789abcdefghjkmnpqrstvwxyz'
/** Generated history spans this long before the anchor. */
const SPAN_MS = 30 * 24 * 3600_000
const SECONDS_PER_TURN = 6
/** The newest generated conversation starts at least this long before the anchor, so it ended before it. */
const QUIET_BEFORE_ANCHOR_MS = 11 * 60_000

function base32(value: number, width: number): string {
  let out = ''
  let rest = value
  for (let i = 0; i < width; i++) {
    out = (BASE32[rest % 32] ?? '0') + out
    rest = Math.floor(rest / 32)
  }
  return out
}

function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length) % items.length] as T
}

const SUMMARIES_OK = [
  'The caller got what they called for and the agent confirmed the details.',
  'A short call: the request was handled in one pass and confirmed.',
  'The caller asked two follow-up questions; both were answered before the request was confirmed.',
  'The agent handled an interruption well and completed the request.',
]
const SUMMARIES_BAD = [
  'The caller left before the request was completed.',
  'The agent could not find what the caller asked about and the call ended unresolved.',
  'The line was silent for too long and the session ended.',
  'The caller asked for a person; the agent could not transfer the call.',
]

/**
 * Evaluations of an agent's conversation, decided by `rng`: one row per criterion, a summary and
 * extracted data. A failed conversation misses the agent's first criterion.
 */
export function agentEvaluations(
  agent: AgentRecord,
  outcome: 'completed' | 'failed',
  at: number,
  rng: () => number,
): EvaluationRecord[] {
  const createdAt = new Date(at).toISOString()
  let allPassed = true
  const criteria = agent.criteria.map((criterion, n): EvaluationRecord => {
    const roll = rng()
    const status: 'success' | 'failure' | 'unknown' =
      outcome === 'failed' && n === 0
        ? 'failure'
        : roll < 0.08
          ? 'unknown'
          : roll < (outcome === 'failed' ? 0.5 : 0.82)
            ? 'success'
            : 'failure'
    if (status !== 'success') allPassed = false
    return {
      id: `eval_${n + 1}`,
      kind: 'criterion',
      criterionId: criterion.id,
      name: criterion.name,
      status,
      ...(status === 'unknown' ? {} : { passed: status === 'success' }),
      score: status === 'success' ? 1 : status === 'failure' ? 0 : 0.5,
      // Why no reason for a pass or a fail: this history has no transcript to reason from, and a
      // made-up "Found the order: no." only restated the result. The service may leave the
      // rationale out; the app must say so, and the sandbox shows it that case.
      ...(status === 'unknown' ? { rationale: 'The transcript does not show it either way.' } : {}),
      createdAt,
    }
  })
  const good = outcome === 'completed' && allPassed
  return [
    ...criteria,
    {
      id: `eval_${criteria.length + 1}`,
      kind: 'summary',
      status: good ? 'success' : 'failure',
      // What happened first, as a service's summary reads: the business comes after, so a list
      // that shows only the start of it still says how the call went.
      rationale: `${pick(rng, good ? SUMMARIES_OK : SUMMARIES_BAD)} (${agent.description}.)`,
      createdAt,
    },
    {
      id: `eval_${criteria.length + 2}`,
      kind: 'data',
      data: { intent: agent.criteria[0]?.id ?? 'unknown', resolved: good },
      createdAt,
    },
  ]
}

function historic(index: number, createdAt: number, accountId: string, seed: number) {
  const rng = mulberry32(seed * 7919 + index)
  const agent = pick(rng, SANDBOX_AGENTS)
  const failed = rng() < 0.14
  const transport: 'web' | 'phone' = rng() < 0.6 ? 'phone' : 'web'
  const noAnswer = failed && transport === 'phone' && rng() < 0.5
  const startedAt = noAnswer ? null : createdAt + 1_000 + Math.floor(rng() * 7_000)
  let durationMs: number | null = null
  let endReason: string
  if (failed) {
    endReason = noAnswer ? 'dial_no_answer' : 'inactivity_timeout'
    if (!noAnswer) durationMs = 3_000 + Math.floor(rng() * 57_000)
  } else {
    const roll = rng()
    endReason = roll < 0.6 ? 'caller_hangup' : roll < 0.95 ? 'agent_ended' : 'max_duration_reached'
    durationMs =
      endReason === 'max_duration_reached' ? 600_000 : 20_000 + Math.floor(rng() ** 2 * 560_000)
  }
  const endedAt = startedAt === null ? createdAt + 30_000 : startedAt + (durationMs ?? 0)
  const hasRecording = startedAt !== null && rng() < (failed ? 0.3 : 0.92)
  const turns =
    durationMs === null
      ? 0
      : Math.min(80, Math.max(2, Math.round(durationMs / 1000 / SECONDS_PER_TURN)))
  const detailSeed = Math.floor(rng() * 2 ** 31)
  const record: ConversationRecord = {
    id: `conv_01jgen${base32(index, 4)}${base32(detailSeed, 7)}${base32(index * 31 + seed, 9)}`,
    agentId: agent.id,
    accountId,
    status: failed ? 'failed' : 'completed',
    transport,
    createdAt: new Date(createdAt).toISOString(),
    startedAt: startedAt === null ? null : new Date(startedAt).toISOString(),
    endedAt: new Date(endedAt).toISOString(),
    durationMs,
    endReason,
    hasRecording,
    metadata: { generated: true },
    messages: [],
    evaluations: [],
    // Why lazy: 2,000 transcripts and evaluation sets would cost start-up time and memory that
    // the list never needs; a read by id fills them in once.
    detail: () => {
      const turnMs = durationMs === null ? 0 : Math.floor(durationMs / turns)
      return {
        messages: Array.from({ length: turns }, (_, n) =>
          agentMessage(agent, n, (startedAt ?? createdAt) + n * turnMs, Math.max(1, turnMs - 300)),
        ),
        evaluations: agentEvaluations(
          agent,
          failed ? 'failed' : 'completed',
          endedAt + 4_000,
          mulberry32(detailSeed),
        ),
      }
    },
  }
  return record
}

/**
 * `count` finished conversations of the demo account, most recent first, spread over the 30 days
 * before `anchorMs` (each ended before it). Everything but the absolute times is the same for the same seed.
 */
export function generateHistory(
  accountId: string,
  count: number,
  anchorMs: number,
  seed = 1,
): ConversationRecord[] {
  const gaps = mulberry32(seed)
  const meanGap = SPAN_MS / Math.max(1, count)
  const records: ConversationRecord[] = []
  let at = anchorMs - QUIET_BEFORE_ANCHOR_MS
  for (let index = 0; index < count; index++) {
    at -= Math.max(1_000, Math.floor(gaps() * 2 * meanGap))
    records.push(historic(index, at, accountId, seed))
  }
  return records
}
