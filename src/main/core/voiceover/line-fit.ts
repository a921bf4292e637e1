import { PCM_SAMPLE_RATE } from '../../../shared/domain/speech'
import { stretchedLength } from './time-stretch'

/**
 * How a line too long for its slot is made to fit: a faster pace asked of the service (`rate`),
 * the natural audio played faster with its pitch kept (`stretch`), or later lines pushed back
 * (`shift`).
 */
export type FitMode = 'rate' | 'stretch' | 'shift'

/** Where a line's slot ends: at the next cue's start (the default), or at the cue's own end. */
export type SlotEnd = 'next' | 'own'

/** The fastest a line may be made. */
export interface FitLimits {
  /** Largest `<prosody rate>` asked for, as a factor (1.25 = 125%). */
  maxRate: number
  /** Largest local speed-up, as a factor (1.15 = 115%). */
  maxStretch: number
}

export const DEFAULT_FIT_LIMITS: FitLimits = { maxRate: 1.25, maxStretch: 1.15 }

/** What was done to a line, for the report. */
export type FitAction = 'as-is' | 'rate' | 'stretch' | 'shifted' | 'overflow'

/** One line as it will be heard. */
export interface PlacedLine {
  /** Where the cue starts and where the line starts on the track (later when pushed). */
  cueSample: number
  placedSample: number
  slotSamples: number
  /** The line's speech as received (at its requested rate), edges trimmed. */
  spokenSamples: number
  tempo: number
  finalSamples: number
  /**
   * How much longer the line is than its slot, as if it started on its cue (0 when it fits).
   * Why not how far its end runs past the slot: a short line pushed late by the one before would
   * then count as too long, and shortening its own words would change nothing.
   */
  overflowSamples: number
  /**
   * How many lines back is the line that makes this one start late: the nearest earlier line
   * that is itself too long (or that runs into it while fitting its own slot); 0 when on its cue.
   */
  pushedBack: number
  action: FitAction
}

/**
 * Silence a fitted line leaves before the next cue: 20 ms. Why: a line sped up to end exactly on
 * the next cue would run straight into it, and a listener (or a check) could not tell them apart.
 */
export const LINE_GAP_MS = 20

/** Milliseconds to samples at the engine's 24 kHz. */
export const msToSamples = (ms: number): number => Math.round((ms * PCM_SAMPLE_RATE) / 1000)
/** Samples at 24 kHz to milliseconds. */
export const samplesToMs = (samples: number): number => (samples * 1000) / PCM_SAMPLE_RATE

/** Each line's slot in ms: from its start to the next cue's start (or its own end). */
export function slotsOf(
  lines: readonly { startMs: number; endMs: number }[],
  slotEnd: SlotEnd,
  trackEndMs: number,
): number[] {
  return lines.map((line, i) => {
    const next = lines[i + 1]
    const end =
      slotEnd === 'own' ? line.endMs : next ? next.startMs : Math.max(line.endMs, trackEndMs)
    return Math.max(0, end - line.startMs)
  })
}

/**
 * Places every line on the track: at its cue, or right after the line before when that one
 * still speaks (pushed, with the drift reported). In `stretch` mode a line longer than its slot
 * is sped up, at most by `maxStretch`; in `rate` mode the pace was already asked of the service.
 * A line's own fit, when given, replaces the project's for that line.
 * A line that still does not fit is never cut: its overflow is reported and it pushes what
 * follows.
 */
export function placeLines(
  lines: readonly PlaceInput[],
  projectMode: FitMode,
  limits: FitLimits,
): PlacedLine[] {
  let before: PlacedLine | undefined
  return lines.map((line) => {
    before = placeLine(line, before, projectMode, limits)
    return before
  })
}

/** One line to place: its cue and slot, its speech's length and rate, and its own fit if any. */
export interface PlaceInput {
  cueSample: number
  slotSamples: number
  spokenSamples: number
  rate: number
  /** This line's own fit, when it differs from the project's. */
  mode?: FitMode
}

/** How many lines back is the line that pushes a line placed right after `before` (see pushedBack). */
function pushedBackOf(before: PlacedLine | undefined): number {
  if (!before) return 0
  return before.overflowSamples > 0 || before.pushedBack === 0 ? 1 : before.pushedBack + 1
}

/**
 * Places one line after the line before it (undefined for the first): the step
 * {@link placeLines} takes for each line, so a timeline can be placed again from one line on.
 */
export function placeLine(
  input: PlaceInput,
  before: PlacedLine | undefined,
  projectMode: FitMode,
  limits: FitLimits,
): PlacedLine {
  const { mode: own, ...line } = input
  const mode = own ?? projectMode
  const room = line.slotSamples - msToSamples(LINE_GAP_MS)
  const tempo =
    mode === 'stretch' && line.spokenSamples > room && room > 0
      ? Math.min(limits.maxStretch, line.spokenSamples / room)
      : 1
  const finalSamples = stretchedLength(line.spokenSamples, tempo)
  const end = before ? before.placedSample + before.finalSamples : 0
  const placedSample = Math.max(line.cueSample, end)
  const overflowSamples = Math.max(0, finalSamples - line.slotSamples)
  const pushedBack = placedSample > line.cueSample ? pushedBackOf(before) : 0
  const action: FitAction =
    overflowSamples > 0 && mode !== 'shift'
      ? 'overflow'
      : pushedBack > 0
        ? 'shifted'
        : tempo > 1
          ? 'stretch'
          : line.rate > 1
            ? 'rate'
            : 'as-is'
  return { ...line, placedSample, tempo, finalSamples, overflowSamples, pushedBack, action }
}

/** The cue of the line that makes the line at `index` start late, or null when it starts on its cue. */
export function pushedByCue(
  lines: readonly { cue: number }[],
  index: number,
  placed: PlacedLine | undefined,
): number | null {
  const back = placed?.pushedBack ?? 0
  return back > 0 ? (lines[index - back]?.cue ?? null) : null
}
