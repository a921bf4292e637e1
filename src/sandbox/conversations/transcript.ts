import type { EvaluationRecord, MessageRecord } from './conversation-record.js'

// A booking-desk call in the order it happens: each agent line answers the caller's line before
// it, and each tool call comes where the agent needs it (availability before the offer, the
// booking after the name). The summary and evaluations of the seeded calls describe this call.
/** One row of a scripted call: a line said, or a tool call with its answer. */
export type Turn =
  | { role: 'assistant' | 'user'; text: string }
  | { role: 'tool'; name: string; args: Record<string, unknown>; result: Record<string, unknown> }

/** The Harbour Bistro's booking call (the seeded and live calls follow it). */
export const BISTRO_CALL: Turn[] = [
  {
    role: 'assistant',
    text: 'Hello, thanks for calling the Harbour Bistro. How can I help you today?',
  },
  { role: 'user', text: 'Hi, I would like to book a table for Friday evening.' },
  { role: 'assistant', text: 'Of course. How many guests will be joining you, and at what time?' },
  { role: 'user', text: 'For four people, around seven thirty if possible.' },
  {
    role: 'tool',
    name: 'check_availability',
    args: { date: 'friday', party_size: 4 },
    result: { slots: ['19:00', '19:30', '21:00'] },
  },
  {
    role: 'assistant',
    text: 'I have a table for four at seven thirty. May I have a name for the booking?',
  },
  { role: 'user', text: 'Yes, the name is Jordan Lee.' },
  {
    role: 'tool',
    name: 'book_slot',
    args: { time: '19:30', name: 'Jordan Lee', party_size: 4 },
    result: { status: 'confirmed', booking_id: 'bk_2291' },
  },
  { role: 'assistant', text: 'You are booked, Jordan: Friday at seven thirty, for four.' },
  { role: 'user', text: 'Could we sit near the window?' },
  {
    role: 'tool',
    name: 'add_note',
    args: { booking_id: 'bk_2291', note: 'window table' },
    result: { status: 'ok' },
  },
  { role: 'assistant', text: 'I have noted a window table request for you.' },
  { role: 'user', text: 'Great, and is there parking nearby?' },
  { role: 'assistant', text: 'There is a public car park two minutes away on Quay Street.' },
  { role: 'user', text: 'Perfect, thank you so much.' },
  { role: 'assistant', text: 'You are welcome. See you on Friday, goodbye!' },
]
/** Where a call longer than the script goes on: the follow-up questions from the window request. */
export const BISTRO_LOOP_FROM = 9

/** What the agent says when the caller has gone quiet, before it ends the call. */
export const CALLER_QUIET_LINE =
  'Are you still there? I have not heard anything, so I will end the call now.'

/** The n-th transcript row (0-based) of the scripted conversation, timed from `at` lasting `lengthMs`. */
export function scriptedMessage(n: number, at: number, lengthMs: number): MessageRecord {
  return turnMessage(BISTRO_CALL, BISTRO_LOOP_FROM, n, at, lengthMs)
}

/**
 * The n-th row of a scripted call (`turns`), timed from `at` lasting `lengthMs`; past its end the
 * call goes round again from `loopFrom`.
 */
export function turnMessage(
  turns: readonly Turn[],
  loopFrom: number,
  n: number,
  at: number,
  lengthMs: number,
): MessageRecord {
  const startedAt = new Date(at).toISOString()
  const endedAt = new Date(at + lengthMs).toISOString()
  const id = `msg_${n + 1}`
  const index = n < turns.length ? n : loopFrom + ((n - loopFrom) % (turns.length - loopFrom))
  const turn = turns[index] ?? turns[0]!
  if (turn.role !== 'tool') return { id, role: turn.role, content: turn.text, startedAt, endedAt }
  return {
    id,
    role: 'tool',
    content: '',
    toolName: turn.name,
    toolArgs: turn.args,
    toolResult: turn.result,
    startedAt,
    endedAt,
  }
}

/** Evaluations written after a conversation ends: criteria, a summary and extracted data. */
export function scriptedEvaluations(
  outcome: 'completed' | 'failed',
  at: number,
): EvaluationRecord[] {
  const createdAt = new Date(at).toISOString()
  const ok = outcome === 'completed'
  return [
    {
      id: 'eval_1',
      kind: 'criterion',
      criterionId: 'greeted_caller',
      name: 'Greeted the caller',
      status: 'success',
      passed: true,
      score: 1,
      rationale: 'The agent opened with the business name and an offer to help.',
      createdAt,
    },
    {
      id: 'eval_2',
      kind: 'criterion',
      criterionId: 'booked_slot',
      name: 'Booked a slot',
      status: ok ? 'success' : 'failure',
      passed: ok,
      score: ok ? 1 : 0,
      rationale: ok
        ? 'A table for four on Friday at 19:30 was booked and confirmed.'
        : 'The caller stopped responding before giving the party size, so nothing was booked.',
      createdAt,
    },
    {
      id: 'eval_3',
      kind: 'criterion',
      criterionId: 'upsold_dessert',
      name: 'Offered the dessert menu',
      status: 'unknown',
      score: 0.5,
      rationale: 'The transcript does not show whether the menu was mentioned.',
      createdAt,
    },
    {
      id: 'eval_4',
      kind: 'summary',
      status: ok ? 'success' : 'failure',
      rationale: ok
        ? 'The caller booked a table for four on Friday at 19:30 and asked for a window table.'
        : 'The caller asked to book a table for Friday, then stopped responding; no booking was made.',
      createdAt,
    },
    {
      id: 'eval_5',
      kind: 'data',
      // What the call gave: a failed call ended before the party size and the time were said, so
      // those fields come back empty (null), as the service sends a field it could not collect.
      data: ok
        ? { intent: 'book', party_size: 4, time: '19:30', booked: true }
        : { intent: 'book', party_size: null, time: null, booked: false },
      createdAt,
    },
  ]
}
