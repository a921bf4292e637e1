import type { FitAction, PlacedLine } from './line-fit'
import { samplesToMs } from './line-fit'
import type { TimedLine } from './subtitle-lines'

/** One line as the report tells it: its slot, its lengths, and what was done to it. */
export interface LineOutcome {
  cue: number
  line: number
  text: string
  speaker: string | null
  voiceId: string | null
  cueStartMs: number
  slotMs: number
  /** The line's speech at its voice's natural pace (measured, or from the faster request). */
  naturalMs: number
  /** The `<prosody rate>` it was requested at (1 = natural). */
  rate: number
  requests: number
  /** Local speed-up (1 = none). */
  tempo: number
  finalMs: number
  placedMs: number
  /** How much later than its cue it starts (pushed by the line before). */
  driftMs: number
  /** How much longer it is than its slot, as if it started on its cue (0 when it fits). */
  overflowMs: number
  /** The cue of the earlier line that makes it start late; null when it starts on its cue. */
  pushedBy: number | null
  action: FitAction
}

const round = (ms: number): number => Math.round(ms)

/** A line's outcome from its placement and what was spoken. */
export function lineOutcome(
  line: TimedLine,
  voiceId: string | null,
  slotMs: number,
  placed: PlacedLine | undefined,
  spoken: { rate: number; requests: number; span: { from: number; to: number } } | undefined,
  pushedBy: number | null,
): LineOutcome {
  const spokenMs = spoken ? samplesToMs(spoken.span.to - spoken.span.from) : 0
  const rate = spoken?.rate ?? 1
  return {
    cue: line.cue,
    line: line.line,
    text: line.text,
    speaker: line.speaker,
    voiceId,
    cueStartMs: line.startMs,
    slotMs: round(slotMs),
    naturalMs: round(spokenMs * rate),
    rate,
    requests: spoken?.requests ?? 0,
    tempo: placed?.tempo ?? 1,
    finalMs: round(samplesToMs(placed?.finalSamples ?? 0)),
    placedMs: round(samplesToMs(placed?.placedSample ?? 0)),
    driftMs: round(samplesToMs((placed?.placedSample ?? 0) - (placed?.cueSample ?? 0))),
    overflowMs: round(samplesToMs(placed?.overflowSamples ?? 0)),
    pushedBy,
    action: placed?.action ?? 'as-is',
  }
}
