import type { VoiceoverFit, VoiceoverLine } from '../../../shared/domain/voiceover'
import type { FitLimits, PlaceInput, PlacedLine } from '../voiceover/line-fit'
import { msToSamples, placeLines, pushedByCue, samplesToMs, slotsOf } from '../voiceover/line-fit'
import type { TimedLine } from '../voiceover/subtitle-lines'
import { predictRate } from '../voiceover/voice-pace'
import type { LineOutcome } from '../voiceover/voiceover-result'

/** A line as it was last rendered: the words and choices it was spoken with, and its outcome. */
export interface SpokenLine {
  text: string
  /** Voice and pace choices that change the request (see {@link speakingKey}). */
  key: string
  outcome: LineOutcome
}

/** What makes a line's request differ: its voice, and in `rate` mode the fastest pace allowed. */
export function speakingKey(voiceId: string | null, fit: VoiceoverFit, maxRate: number): string {
  return `${voiceId ?? ''}|${fit === 'rate' ? `rate ${maxRate}` : 'natural'}`
}

/** Everything the timeline is worked out from. */
export interface TimelineInput {
  lines: readonly TimedLine[]
  /** The project's fit (a line may have its own, see `fitOf`). */
  fit: VoiceoverFit
  limits: FitLimits
  trackEndMs: number
  /** The voice a line is spoken in (its speaker's, else the project's). */
  voiceOf: (line: TimedLine) => string | null
  /** How a line is fitted (its own choice, else the project's). */
  fitOf: (line: TimedLine) => VoiceoverFit
  /** What a line's request depends on besides its words (see {@link speakingKey}). */
  keyOf: (line: TimedLine) => string
  /** How long a voice takes to say a line's words at 100%, in ms (see VoicePaces.naturalMs). */
  naturalMsOf: (voiceId: string | null, text: string) => number
  /** By cue: the line as last rendered. */
  spoken: ReadonlyMap<number, SpokenLine>
}

/** The rendered outcome of a line when it is still what would be spoken now, else null. */
export function stillSpoken(
  line: TimedLine,
  key: string,
  spoken: ReadonlyMap<number, SpokenLine>,
): SpokenLine | null {
  const last = spoken.get(line.cue)
  return last && last.text === line.text && last.key === key ? last : null
}

/** How long a line is heard: measured on its current audio, else predicted from its voice's pace. */
export interface Heard {
  rate: number
  spokenMs: number
  measured: boolean
}

/** A line's heard length now: as last rendered when still current, else predicted. */
export function heardOf(
  input: TimelineInput,
  line: TimedLine,
  voiceId: string | null,
  fit: VoiceoverFit,
  slotMs: number,
): Heard {
  const last = stillSpoken(line, input.keyOf(line), input.spoken)
  if (last) {
    const { naturalMs, rate } = last.outcome
    return { rate, spokenMs: naturalMs / rate, measured: true }
  }
  const naturalMs = input.naturalMsOf(voiceId, line.text)
  const rate = fit === 'rate' ? predictRate(naturalMs, slotMs, input.limits.maxRate) : 1
  return { rate, spokenMs: naturalMs / rate, measured: false }
}

/** What the placement step is given for a line. */
export const placeInputOf = (
  line: TimedLine,
  slotMs: number,
  heard: Heard,
  fit: VoiceoverFit,
): PlaceInput => ({
  cueSample: msToSamples(line.startMs),
  slotSamples: msToSamples(slotMs),
  spokenSamples: msToSamples(heard.spokenMs),
  rate: heard.rate,
  mode: fit,
})

/** Where a line is heard from, for its view: its voice, its fit and the project's, its slot. */
export interface LineAt {
  voiceId: string | null
  fit: VoiceoverFit
  projectFit: VoiceoverFit
  slotMs: number
  /** The cue of the line that pushes it late (see {@link pushedByCue}). */
  pushedBy: number | null
}

/** One line as the page sees it, from its place on the track and how long it is heard. */
export function lineView(
  line: TimedLine,
  at: LineAt,
  heard: Heard,
  placed: PlacedLine,
): VoiceoverLine {
  return {
    cue: line.cue,
    line: line.line,
    startMs: line.startMs,
    endMs: line.endMs,
    text: line.text,
    speaker: line.speaker,
    voiceId: at.voiceId,
    fit: at.fit,
    ownFit: at.fit !== at.projectFit,
    slotMs: Math.round(at.slotMs),
    placedMs: Math.round(samplesToMs(placed.placedSample)),
    spokenMs: Math.round(samplesToMs(placed.finalSamples)),
    overflowMs: Math.round(samplesToMs(placed.overflowSamples)),
    pushedBy: at.pushedBy,
    action: placed.action,
    rate: heard.rate,
    measured: heard.measured,
    needsSpeaking: !heard.measured,
  }
}

/**
 * Each line's slot and spoken length: measured where its rendered audio is still current,
 * predicted from the voice's pace elsewhere, then placed as the render places them (so a
 * line that will not fit shows its overflow before anything is sent). Pure arithmetic, linear
 * in the lines.
 */
export function timelineOf(input: TimelineInput): VoiceoverLine[] {
  const { lines, fit, limits, trackEndMs } = input
  const slots = slotsOf(lines, 'next', trackEndMs)
  const voices = lines.map(input.voiceOf)
  const fits = lines.map(input.fitOf)
  const heard = lines.map((line, i) =>
    heardOf(input, line, voices[i] ?? null, fits[i] ?? fit, slots[i] ?? 0),
  )
  const placed = placeLines(
    lines.map((line, i) => placeInputOf(line, slots[i] ?? 0, heard[i]!, fits[i] ?? fit)),
    fit,
    limits,
  )
  return lines.map((line, i) =>
    lineView(
      line,
      {
        voiceId: voices[i] ?? null,
        fit: fits[i] ?? fit,
        projectFit: fit,
        slotMs: slots[i] ?? 0,
        pushedBy: pushedByCue(lines, i, placed[i]),
      },
      heard[i]!,
      placed[i]!,
    ),
  )
}
