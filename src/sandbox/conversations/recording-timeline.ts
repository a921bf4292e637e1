import type { ConversationRecord, MessageRecord } from './conversation-record.js'

/** A spoken turn placed in a recording: where it starts and how long it may last at most. */
export interface PlacedTurn {
  message: MessageRecord
  /** Milliseconds from the start of the call. */
  atMs: number
  /** Until the next spoken turn starts or the call ends, whichever is first. */
  maxMs: number
}

/** What a conversation's recording holds: its length and the turns said in it. */
export interface RecordingPlan {
  /** The recording's length; the call's `duration_ms` when it has one. */
  totalMs: number | null
  turns: PlacedTurn[]
}

const isSpoken = (message: MessageRecord): boolean =>
  message.role === 'user' || message.role === 'assistant'

/**
 * Where each of the first `maxTurns` spoken turns sits in the recording of `record`: at its own
 * start time from the call's start, cut where the next one begins. The rest stays silent.
 */
export function planRecording(record: ConversationRecord, maxTurns: number): RecordingPlan {
  const callStart = Date.parse(record.startedAt ?? record.createdAt)
  const totalMs = record.durationMs
  const spoken = record.messages.filter(isSpoken)
  const offset = (message: MessageRecord): number =>
    Math.max(0, Date.parse(message.startedAt) - callStart)
  const turns: PlacedTurn[] = []
  for (let i = 0; i < Math.min(maxTurns, spoken.length); i++) {
    const message = spoken[i]!
    const atMs = offset(message)
    if (totalMs !== null && atMs >= totalMs) break
    const next = spoken[i + 1]
    const endMs = Math.min(
      next === undefined ? Number.POSITIVE_INFINITY : offset(next),
      totalMs ?? Number.POSITIVE_INFINITY,
    )
    turns.push({ message, atMs, maxMs: Math.max(0, endMs - atMs) })
  }
  return { totalMs, turns }
}

/** A piece of speech at a sample position. */
export interface PlacedClip {
  at: number
  samples: Float32Array
}

/** Longest stretch of silence handed out in one piece (one second at 48 kHz). */
const SILENCE_PIECE = new Float32Array(48_000)

/**
 * The recording as consecutive pieces of samples: silence between the clips (sorted, not
 * overlapping), up to `totalSamples`. Why pieces: a long call's recording is never one buffer
 * (an hour at 24 kHz would be 350 MB of floats).
 */
export function* timelinePieces(
  clips: readonly PlacedClip[],
  totalSamples: number,
): Generator<Float32Array> {
  let cursor = 0
  const silenceUntil = function* (end: number): Generator<Float32Array> {
    while (cursor < end) {
      const length = Math.min(SILENCE_PIECE.length, end - cursor)
      yield SILENCE_PIECE.subarray(0, length)
      cursor += length
    }
  }
  for (const clip of clips) {
    if (clip.at >= totalSamples) break
    yield* silenceUntil(clip.at)
    const start = cursor - clip.at
    const length = Math.min(clip.samples.length, totalSamples - clip.at)
    if (length > start) {
      yield clip.samples.subarray(start, length)
      cursor = clip.at + length
    }
  }
  yield* silenceUntil(totalSamples)
}

/** Fades the last `fadeSamples` of a clip out in place, so a turn cut short ends without a click. */
export function fadeOut(samples: Float32Array, fadeSamples: number): void {
  const length = Math.min(fadeSamples, samples.length)
  for (let i = 0; i < length; i++) {
    const index = samples.length - length + i
    samples[index] = (samples[index] ?? 0) * (1 - (i + 1) / length)
  }
}
