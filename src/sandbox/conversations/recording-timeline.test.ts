import { describe, expect, it } from 'vitest'
import { SEEDED_CONVERSATION_IDS, seedConversations } from './seed'
import { planRecording, timelinePieces } from './recording-timeline'

const NOW = Date.parse('2026-11-27T15:00:00Z')

function completedCall() {
  const record = seedConversations('acct_1', NOW).find(
    (c) => c.id === SEEDED_CONVERSATION_IDS.completed,
  )
  if (record === undefined) throw new Error('no completed call')
  return record
}

describe('a recording plan', () => {
  it('lasts as long as the call and puts each said turn at its start, cut at the next one', () => {
    const call = completedCall()
    const plan = planRecording(call, 3)
    expect(plan.totalMs).toBe(call.durationMs)
    const started = Date.parse(call.startedAt ?? '')
    const spoken = call.messages.filter((m) => m.role === 'user' || m.role === 'assistant')
    expect(plan.turns.map((turn) => turn.message.id)).toEqual(spoken.slice(0, 3).map((m) => m.id))
    for (const [index, turn] of plan.turns.entries()) {
      expect(turn.atMs).toBe(Date.parse(spoken[index]!.startedAt) - started)
      expect(turn.atMs + turn.maxMs).toBe(Date.parse(spoken[index + 1]!.startedAt) - started)
    }
  })

  it('never runs past the end of the call', () => {
    const call = completedCall()
    const plan = planRecording(call, 100)
    const last = plan.turns[plan.turns.length - 1]!
    expect(last.atMs + last.maxMs).toBe(call.durationMs)
    const short = planRecording({ ...call, durationMs: 5_000 }, 100)
    expect(short.turns.every((turn) => turn.atMs < 5_000)).toBe(true)
    expect(short.turns.every((turn) => turn.atMs + turn.maxMs <= 5_000)).toBe(true)
  })
})

describe('timeline pieces', () => {
  const join = (pieces: Iterable<Float32Array>): number[] => {
    const out: number[] = []
    for (const piece of pieces) out.push(...piece)
    return out
  }

  it('lay clips at their positions with silence between and after, to the exact length', () => {
    const clips = [
      { at: 2, samples: Float32Array.from([1, 1]) },
      { at: 6, samples: Float32Array.from([2, 2, 2]) },
    ]
    expect(join(timelinePieces(clips, 11))).toEqual([0, 0, 1, 1, 0, 0, 2, 2, 2, 0, 0])
  })

  it('cut a clip that runs past the end, and hand long silence out in bounded pieces', () => {
    expect(join(timelinePieces([{ at: 1, samples: Float32Array.from([3, 3, 3]) }], 3))).toEqual([
      0, 3, 3,
    ])
    const pieces = [...timelinePieces([], 200_000)]
    expect(pieces.reduce((sum, piece) => sum + piece.length, 0)).toBe(200_000)
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(48_000)
  })
})
