import { mulberry32 } from '../faults/prng.js'
import { sortableId } from '../server/ids.js'
import type { Timers } from '../server/timers.js'
import type { ConversationRecord } from './conversation-record.js'
import { agentById, BISTRO_AGENT_ID } from './agents.js'
import type { ConversationStore } from './conversation-store.js'
import { agentEvaluations } from './generated-history.js'
import { agentMessage } from './agent-calls.js'
import { scriptedEvaluations, scriptedMessage } from './transcript.js'

/** Spacing of the rows of `initialTurns`. */
const HISTORY_TURN_MS = 1_000

/** How a live conversation runs. All times in milliseconds. */
export interface StartConversationOptions {
  /** Account that owns it (default paid). */
  plan?: 'paid' | 'free'
  /** Transcript rows added while active (default 9: agent, user, tool, ...). */
  turns?: number
  /** Time between rows (default 1000). */
  turnIntervalMs?: number
  /** Time spent pending before it becomes active (default: one turn interval). */
  startDelayMs?: number
  /** Final state (default completed). */
  outcome?: 'completed' | 'failed'
  /** `end_reason` (default caller_hangup when completed, inactivity_timeout when failed). */
  endReason?: string
  /** Delay between the end and the evaluations appearing (default 3000). */
  evaluationDelayMs?: number
  /** Whether a recording is served (default: when completed). */
  recording?: boolean
  /**
   * Rows already in the transcript when it becomes active, timed as if spoken before (default 0):
   * a long conversation without waiting for it (benchmarks).
   */
  initialTurns?: number
  /** The agent that takes the call (default the bistro agent, Maya Okafor); see `SANDBOX_AGENTS`. */
  agentId?: string
  /** `web` (default) or `phone`. */
  transport?: 'web' | 'phone'
}

/** What the caller learns about a started conversation. */
export interface StartedConversation {
  id: string
  status: 'pending'
  /** Milliseconds from now until it ends. */
  endsInMs: number
  /** Milliseconds from now until its evaluations appear. */
  evaluationsInMs: number
}

/** Creates a conversation that moves pending -> active -> completed/failed on its own, then gets evaluations. */
export function startLiveConversation(
  store: ConversationStore,
  timers: Timers,
  now: () => number,
  accountId: string,
  options: StartConversationOptions = {},
): StartedConversation {
  const turns = options.turns ?? 9
  const interval = options.turnIntervalMs ?? 1_000
  const startDelay = options.startDelayMs ?? interval
  const outcome = options.outcome ?? 'completed'
  const evaluationDelay = options.evaluationDelayMs ?? 3_000
  const createdAt = now()
  const record: ConversationRecord = {
    id: sortableId('conv', createdAt),
    agentId: options.agentId ?? BISTRO_AGENT_ID,
    accountId,
    status: 'pending',
    transport: options.transport ?? 'web',
    createdAt: new Date(createdAt).toISOString(),
    startedAt: null,
    endedAt: null,
    durationMs: null,
    endReason: null,
    hasRecording: false,
    metadata: { live: true },
    messages: [],
    evaluations: [],
  }
  store.put(record)
  // The agent's own call: a clinic's live call reads as a clinic's, as its evaluations do.
  const callAgent = agentById(record.agentId)
  const message = (n: number, at: number, lengthMs: number) =>
    callAgent === undefined
      ? scriptedMessage(n, at, lengthMs)
      : agentMessage(callAgent, n, at, lengthMs)

  timers.after(startDelay, () => {
    const history = options.initialTurns ?? 0
    const startedAt = now() - history * HISTORY_TURN_MS
    record.status = 'active'
    record.startedAt = new Date(startedAt).toISOString()
    for (let i = 0; i < history; i++) {
      record.messages.push(message(i, startedAt + i * HISTORY_TURN_MS, HISTORY_TURN_MS - 100))
    }
    let n = history
    const nextTurn = (): void => {
      if (n < history + turns) {
        record.messages.push(message(n, now(), Math.max(1, interval - 100)))
        n += 1
        timers.after(interval, nextTurn)
        return
      }
      const endedAt = now()
      record.status = outcome
      record.endedAt = new Date(endedAt).toISOString()
      record.durationMs = endedAt - startedAt
      record.endReason =
        options.endReason ?? (outcome === 'completed' ? 'caller_hangup' : 'inactivity_timeout')
      record.hasRecording = options.recording ?? outcome === 'completed'
      timers.after(evaluationDelay, () => {
        const agent = agentById(record.agentId)
        record.evaluations =
          agent && agent.id !== BISTRO_AGENT_ID
            ? agentEvaluations(agent, outcome, now(), mulberry32(createdAt))
            : scriptedEvaluations(outcome, now())
      })
    }
    timers.after(interval, nextTurn)
  })

  const endsInMs = startDelay + (turns + 1) * interval
  return { id: record.id, status: 'pending', endsInMs, evaluationsInMs: endsInMs + evaluationDelay }
}
