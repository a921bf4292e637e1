import type { EvaluationRecord, MessageRecord } from './conversation-record.js'

// A booking-desk script: user and agent turns with a tool call every third turn.
const USER_LINES = [
  'Hi, I would like to book a table for Friday evening.',
  'For four people, around seven thirty if possible.',
  'Yes, the name is Jordan Lee.',
  'Could we sit near the window?',
  'Great, and is there parking nearby?',
  'Perfect, thank you so much.',
]
const AGENT_LINES = [
  'Hello, thanks for calling the Harbour Bistro. How can I help you today?',
  'Of course. How many guests will be joining you?',
  'Let me check what we have available on Friday.',
  'I have a table for four at seven thirty. May I have a name for the booking?',
  'I have noted a window table request for you.',
  'There is a public car park two minutes away on Quay Street.',
]
const TOOLS: Array<{
  name: string
  args: Record<string, unknown>
  result: Record<string, unknown>
}> = [
  {
    name: 'check_availability',
    args: { date: 'friday', party_size: 4 },
    result: { slots: ['19:00', '19:30', '21:00'] },
  },
  {
    name: 'book_slot',
    args: { time: '19:30', name: 'Jordan Lee', party_size: 4 },
    result: { status: 'confirmed', booking_id: 'bk_2291' },
  },
  {
    name: 'add_note',
    args: { booking_id: 'bk_2291', note: 'window table' },
    result: { status: 'ok' },
  },
]

/** The n-th transcript row (0-based) of the scripted conversation, timed from `at` lasting `lengthMs`. */
export function scriptedMessage(n: number, at: number, lengthMs: number): MessageRecord {
  const startedAt = new Date(at).toISOString()
  const endedAt = new Date(at + lengthMs).toISOString()
  const id = `msg_${n + 1}`
  const step = n % 3
  const round = Math.floor(n / 3)
  if (step < 2) {
    const lines = step === 0 ? AGENT_LINES : USER_LINES
    const role = step === 0 ? 'assistant' : 'user'
    return { id, role, content: lines[round % lines.length] ?? '', startedAt, endedAt }
  }
  const tool = TOOLS[round % TOOLS.length] ?? { name: 'noop', args: {}, result: {} }
  return {
    id,
    role: 'tool',
    content: '',
    toolName: tool.name,
    toolArgs: tool.args,
    toolResult: tool.result,
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
        ? 'A table was booked and confirmed.'
        : 'The call ended before a booking was made.',
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
        ? 'The caller booked a table for four on Friday at 19:30.'
        : 'The caller wanted a booking, but the session failed.',
      createdAt,
    },
    {
      id: 'eval_5',
      kind: 'data',
      data: { intent: 'book', party_size: 4, time: '19:30', booked: ok },
      createdAt,
    },
  ]
}
