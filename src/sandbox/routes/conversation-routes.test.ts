import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../main/testing/manual-clock.js'
import { pcmSamples, probeAudio } from '../testing/audio-probe.js'
import {
  errorOf,
  getJson,
  startTestSandbox,
  TEST_RECORDING_TURNS,
  useTestSandbox,
} from '../testing/sandbox-client.js'

interface Conversation {
  id: string
  agent_id: string
  status: string
  started_at: string | null
  ended_at: string | null
  duration_ms: number | null
  end_reason: string | null
  recording_url: string | null
}
interface Message {
  id: string
  conversation_id: string
  role: string
  content: string
  started_at: string
  tool_name?: string
  tool_args?: Record<string, unknown>
  tool_result?: Record<string, unknown>
}
interface Evaluation {
  kind: string
  status?: string
  criterion_id?: string
  data?: Record<string, unknown>
}

const t = useTestSandbox({}, { loadEngine: true })

/** Root-mean-square level of the decoded samples between two times (seconds, 24 kHz). */
function loudness(samples: Float32Array, fromSeconds: number, toSeconds: number): number {
  const from = Math.max(0, Math.round(fromSeconds * 24000))
  const to = Math.min(samples.length, Math.round(toSeconds * 24000))
  if (to <= from) throw new Error(`empty window ${fromSeconds}-${toSeconds}`)
  let sum = 0
  for (let i = from; i < to; i++) sum += (samples[i] ?? 0) ** 2
  return Math.sqrt(sum / (to - from))
}

const get = <T>(path: string): Promise<T> => getJson<T>(t, path)

describe('seeded conversations', () => {
  it('cover every state with the documented fields', async () => {
    const ids = t.sandbox.seededConversations
    const statuses: Record<string, string> = {}
    for (const [name, id] of Object.entries(ids))
      statuses[name] = (await get<Conversation>(`/v1/conversations/${id}`)).status
    expect(statuses).toEqual({
      pending: 'pending',
      active: 'active',
      completed: 'completed',
      failed: 'failed',
      long: 'completed',
    })
    const completed = await get<Conversation>(`/v1/conversations/${ids.completed}`)
    expect(completed.id).toMatch(/^conv_[0-9a-z]{26}$/)
    expect(completed).toMatchObject({
      end_reason: 'caller_hangup',
      recording_url: expect.stringContaining('/assets/recordings/'),
    })
    expect(completed.duration_ms).toBe(
      Date.parse(completed.ended_at ?? '') - Date.parse(completed.started_at ?? ''),
    )
    const failed = await get<Conversation>(`/v1/conversations/${ids.failed}`)
    expect(failed).toMatchObject({ recording_url: null, end_reason: 'inactivity_timeout' })
    const pending = await get<Conversation>(`/v1/conversations/${ids.pending}`)
    expect(pending).toMatchObject({ started_at: null, ended_at: null, duration_ms: null })
  })

  it('a long conversation has a 2,000-message transcript, oldest first, all roles', async () => {
    const { messages } = await get<{ messages: Message[]; has_more: boolean }>(
      `/v1/conversations/${t.sandbox.seededConversations.long}/messages`,
    )
    expect(messages).toHaveLength(2000)
    expect(messages[0]?.id).toBe('msg_1')
    expect(messages[1999]?.id).toBe('msg_2000')
    expect(new Set(messages.map((message) => message.role))).toEqual(
      new Set(['assistant', 'user', 'tool']),
    )
    const tool = messages.find((message) => message.role === 'tool')
    expect(tool).toMatchObject({
      tool_name: expect.any(String),
      tool_args: expect.any(Object),
      tool_result: expect.any(Object),
    })
  })

  it('pages messages with limit and cursor (newer shape)', async () => {
    const id = t.sandbox.seededConversations.long
    const first = await get<{ messages: Message[]; next_cursor: string; has_more: boolean }>(
      `/v1/conversations/${id}/messages?limit=500`,
    )
    expect(first.messages).toHaveLength(500)
    expect(first.has_more).toBe(true)
    const second = await get<{ messages: Message[] }>(
      `/v1/conversations/${id}/messages?limit=500&cursor=${first.next_cursor}`,
    )
    expect(second.messages[0]?.id).toBe('msg_501')
  })

  it('serves evaluations of every kind for a finished conversation', async () => {
    const { evaluations } = await get<{ evaluations: Evaluation[] }>(
      `/v1/conversations/${t.sandbox.seededConversations.completed}/evaluations`,
    )
    expect(new Set(evaluations.map((evaluation) => evaluation.kind))).toEqual(
      new Set(['criterion', 'summary', 'data']),
    )
    expect(evaluations.find((evaluation) => evaluation.kind === 'data')?.data).toMatchObject({
      intent: 'book',
    })
  })

  it('serves the recording as real audio lasting as long as the call, each turn at its own time', async () => {
    const id = t.sandbox.seededConversations.completed
    const conversation = await get<Conversation>(`/v1/conversations/${id}`)
    const recording = await fetch(conversation.recording_url ?? '')
    expect(recording.headers.get('content-type')).toBe('audio/mpeg')
    const probe = await probeAudio(Buffer.from(await recording.arrayBuffer()), 'mp3')
    expect(probe.codec).toBe('mp3')
    // The app shows duration_ms next to the player: the two must agree (the reviewer saw 0:48 vs 0:30).
    const callSeconds = (conversation.duration_ms ?? 0) / 1000
    expect(callSeconds).toBeGreaterThan(30)
    expect(Math.abs(probe.decodedSeconds - callSeconds)).toBeLessThan(1)
    // MP3 adds at most a frame of encoder delay and padding at each end (2 x 1152 samples at 24 kHz).
    expect(Math.abs(probe.decodedSeconds - callSeconds)).toBeLessThan(0.1)

    // Each said turn starts where the transcript says (clicking a turn seeks there), in its voice.
    const { messages } = await get<{ messages: Message[] }>(`/v1/conversations/${id}/messages`)
    const started = Date.parse(conversation.started_at ?? '')
    const spoken = messages.filter(
      (message) => message.role === 'assistant' || message.role === 'user',
    )
    const said = spoken.slice(0, TEST_RECORDING_TURNS)
    expect(said).toHaveLength(TEST_RECORDING_TURNS)
    for (const [index, message] of said.entries()) {
      const at = (Date.parse(message.started_at) - started) / 1000
      const next = spoken[index + 1]
      const room = next === undefined ? Infinity : (Date.parse(next.started_at) - started) / 1000
      const { json } = await t.speech({
        input: message.content,
        voice_id: message.role === 'assistant' ? 'emma' : 'george',
        audio_format: 'pcm',
        options: { text_normalization: true },
      })
      const speechSeconds = pcmSamples(Buffer.from(json.audio_data, 'base64')).length / 24000
      const end = Math.min(at + speechSeconds, room)
      expect(loudness(probe.samples, at + 0.05, end - 0.1)).toBeGreaterThan(0.01)
    }
    // After the turns the sandbox says, the call goes on in silence to its end.
    const lastSaid = said[said.length - 1]!
    const quietFrom = (Date.parse(spoken[said.length]?.started_at ?? '') - started) / 1000
    expect(quietFrom).toBeGreaterThan((Date.parse(lastSaid.started_at) - started) / 1000)
    expect(loudness(probe.samples, quietFrom + 0.1, callSeconds - 0.2)).toBeLessThan(0.002)
  })

  it('answers the same under /v1/agents/conversations', async () => {
    const id = t.sandbox.seededConversations.active
    const conversation = await get<Conversation>(`/v1/agents/conversations/${id}`)
    expect(conversation.status).toBe('active')
    const { messages } = await get<{ messages: Message[] }>(
      `/v1/agents/conversations/${id}/messages`,
    )
    expect(messages.length).toBeGreaterThan(0)
  })

  it('404 conversation_not_found for unknown ids and for another account', async () => {
    for (const path of [
      '/v1/conversations/conv_nope',
      '/v1/conversations/conv_nope/messages',
      '/v1/agents/conversations/conv_nope/evaluations',
    ]) {
      const response = await t.call(path)
      expect(response.status).toBe(404)
      expect((await errorOf(response)).code).toBe('conversation_not_found')
    }
    const otherAccount = await t.call(
      `/v1/conversations/${t.sandbox.seededConversations.completed}`,
      { auth: t.sandbox.keys.free },
    )
    expect(otherAccount.status).toBe(404)
  })
})

// A live call that began months ago is one the service forgot to end; the seeded live and waiting
// calls start just before the sandbox's own now, so they read as going on.
describe('seeded live and waiting calls', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z')
  const seededNow = useTestSandbox(
    { clock: createManualClock(now), conversationCount: 0, liveConversationEveryMs: 0 },
    { loadEngine: false },
  )

  it('start just before the sandbox starts', async () => {
    const ids = seededNow.sandbox.seededConversations
    const active = await getJson<Conversation>(seededNow, `/v1/conversations/${ids.active}`)
    const pending = await getJson<Conversation & { created_at: string }>(
      seededNow,
      `/v1/conversations/${ids.pending}`,
    )
    expect(Date.parse(active.started_at ?? '')).toBe(now - 28_000)
    expect(active.ended_at).toBeNull()
    expect(Date.parse(pending.created_at)).toBe(now - 5_000)
  })
})

// The live sandbox runs on a clock the test moves: each step of the conversation happens exactly
// when the test says. Before, it ran in real time (400 ms turns, polls 150 ms apart), so on a loaded
// machine a poll could miss a state or see several turns at once.
describe('live conversation', () => {
  const clock = createManualClock()
  const live = useTestSandbox(
    { clock, seedConversations: false, conversationCount: 0, liveConversationEveryMs: 0 },
    { loadEngine: true },
  )
  const read = <T>(path: string): Promise<T> => getJson<T>(live, path)
  async function state(id: string): Promise<{ status: string; messages: number }> {
    const { status } = await read<Conversation>(`/v1/conversations/${id}`)
    const { messages } = await read<{ messages: Message[] }>(`/v1/conversations/${id}/messages`)
    return { status, messages: messages.length }
  }

  it('runs pending -> active -> completed on its own; evaluations and recording follow', async () => {
    const response = await fetch(`${live.sandbox.baseUrl}/sandbox/conversations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        turns: 6,
        turnIntervalMs: 400,
        startDelayMs: 600,
        evaluationDelayMs: 1500,
      }),
    })
    expect(response.status).toBe(201)
    const started = (await response.json()) as {
      id: string
      endsInMs: number
      evaluationsInMs: number
    }
    expect(started).toMatchObject({
      endsInMs: 600 + 7 * 400,
      evaluationsInMs: 600 + 7 * 400 + 1500,
    })
    expect(await state(started.id)).toEqual({ status: 'pending', messages: 0 })
    clock.advance(599)
    expect(await state(started.id)).toEqual({ status: 'pending', messages: 0 })
    clock.advance(1)
    expect(await state(started.id)).toEqual({ status: 'active', messages: 0 })
    for (let turn = 1; turn <= 6; turn++) {
      clock.advance(400)
      expect(await state(started.id)).toEqual({ status: 'active', messages: turn })
    }
    clock.advance(400)
    expect(await state(started.id)).toEqual({ status: 'completed', messages: 6 })
    const conversation = await read<Conversation>(`/v1/conversations/${started.id}`)
    expect(conversation).toMatchObject({
      end_reason: 'caller_hangup',
      recording_url: expect.stringContaining(started.id),
      duration_ms: 7 * 400,
    })
    expect(conversation.ended_at).not.toBeNull()

    const evaluationsPath = `/v1/conversations/${started.id}/evaluations`
    clock.advance(1499)
    expect((await read<{ evaluations: Evaluation[] }>(evaluationsPath)).evaluations).toEqual([])
    clock.advance(1)
    expect(
      (await read<{ evaluations: Evaluation[] }>(evaluationsPath)).evaluations.length,
    ).toBeGreaterThan(0)
    // The recording lasts as long as the call said it did, though its turns were quick.
    const recording = await fetch(conversation.recording_url ?? '')
    const probe = await probeAudio(Buffer.from(await recording.arrayBuffer()), 'mp3')
    expect(Math.abs(probe.decodedSeconds - 7 * 0.4)).toBeLessThan(0.1)
    const { messages } = await read<{ messages: Message[] }>(
      `/v1/conversations/${started.id}/messages`,
    )
    const first = messages.find((message) => message.role !== 'tool')
    const firstAt =
      (Date.parse(first?.started_at ?? '') - Date.parse(conversation.started_at ?? '')) / 1000
    expect(loudness(probe.samples, firstAt + 0.05, firstAt + 0.35)).toBeGreaterThan(0.01)
  })

  it('can end as failed with a reason and no recording', async () => {
    const started = live.sandbox.startConversation({
      turns: 1,
      turnIntervalMs: 100,
      startDelayMs: 0,
      outcome: 'failed',
      endReason: 'dial_no_answer',
      evaluationDelayMs: 0,
    })
    clock.advance(started.endsInMs)
    const conversation = await read<Conversation>(`/v1/conversations/${started.id}`)
    expect(conversation).toMatchObject({
      status: 'failed',
      end_reason: 'dial_no_answer',
      recording_url: null,
    })
    const { evaluations } = await read<{ evaluations: Evaluation[] }>(
      `/v1/conversations/${started.id}/evaluations`,
    )
    expect(
      evaluations.find((evaluation) => evaluation.criterion_id === 'booked_slot')?.status,
    ).toBe('failure')
  })
})

describe('older shape generation', () => {
  it('serves only the old paths and plain lists', async () => {
    const older = await startTestSandbox({ shapes: 'older' })
    try {
      const id = older.sandbox.seededConversations.completed
      const plain = (await (await older.call(`/v1/conversations/${id}/messages`)).json()) as Record<
        string,
        unknown
      >
      expect(Object.keys(plain)).toEqual(['messages'])
      expect((await older.call(`/v1/agents/conversations/${id}`)).status).toBe(404)
    } finally {
      await older.sandbox.stop()
    }
  })

  it('newer-only deployments 404 on the old paths', async () => {
    const newer = await startTestSandbox({ shapes: { conversationPaths: 'new' } })
    try {
      const id = newer.sandbox.seededConversations.completed
      expect((await newer.call(`/v1/conversations/${id}`)).status).toBe(404)
      expect((await newer.call(`/v1/agents/conversations/${id}`)).status).toBe(200)
    } finally {
      await newer.sandbox.stop()
    }
  })
})
