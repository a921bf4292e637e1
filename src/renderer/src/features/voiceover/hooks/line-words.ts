import type {
  VoiceoverFit,
  VoiceoverLine,
  VoiceoverProject,
} from '../../../../../shared/domain/voiceover'
import { MAX_VOICEOVER_RATE } from '../../../../../shared/domain/voiceover'
import { cueTime } from '../../../../../shared/domain/cue-time'

/** Seconds with one decimal, as a video editor shows a short length: "0.8 s". */
export function shortSeconds(ms: number): string {
  return `${(Math.round(ms / 100) / 10).toFixed(1)} s`
}

/** How far a line pushed late runs past its slot's end (0 when it still ends within it). */
export const pastSlotMs = (line: VoiceoverLine): number =>
  Math.max(0, line.placedMs - line.startMs + line.spokenMs - line.slotMs)

/**
 * What happens to a line, in words (never colour alone), and whether it is a problem. A line
 * pushed late by an earlier one is said to be late, not too long, even when it then runs past
 * its slot: its own words fit, so shortening them would change nothing. `last`: the line has
 * no cue after it, so its slot ends with the track.
 */
export function lineVerdict(
  line: VoiceoverLine,
  last = false,
): { words: string; tone: 'bad' | 'ok' | 'warn' } {
  if (line.overflowMs > 0 && line.action === 'overflow')
    // Amber, not red: a line too long is never cut and the track is still written; it runs
    // past its slot, which the user can fix or accept.
    return { words: `${shortSeconds(line.overflowMs)} too long`, tone: 'warn' }
  if (line.action === 'shifted') {
    const late = `Starts ${shortSeconds(line.placedMs - line.startMs)} late`
    if (pastSlotMs(line) === 0) return { words: late, tone: 'warn' }
    return {
      // A comma, not a "·": wrapped in the Result column, a separator would start a line.
      words: `${late}, ${last ? 'runs past the end' : 'runs into the next line'}`,
      tone: 'warn',
    }
  }
  if (line.action === 'rate')
    return { words: `Sped up to ${Math.round(line.rate * 100)}%`, tone: 'ok' }
  if (line.action === 'stretch') return { words: 'Stretched to fit', tone: 'ok' }
  return { words: 'Fits', tone: 'ok' }
}

/** The fit choices in plain words. */
export const FIT_CHOICES: readonly { value: VoiceoverFit; label: string; short: string }[] = [
  { value: 'rate', label: 'Speed up', short: 'Speed up' },
  { value: 'stretch', label: 'Stretch', short: 'Stretch' },
  { value: 'shift', label: 'Shift later lines', short: 'Shift' },
]

/** What each fit does, for its hint. */
export const FIT_HINTS: Record<VoiceoverFit, string> = {
  rate: 'A long line is spoken faster, up to the fastest pace.',
  stretch: 'A long line is played a little faster after it is spoken (up to 115%).',
  shift: 'Every line keeps its natural pace; later lines start later.',
}

/** The fastest paces a project may allow, in the order they are offered. */
export const PACE_STEPS: readonly number[] = [1.1, 1.15, 1.2, 1.25, 1.3, 1.4, 1.5]

/**
 * For a line too long at the project's fastest pace, while a faster one is left to allow: the
 * first pace in {@link PACE_STEPS} at which it would fit (else the fastest), and by how much it
 * would still run over then (0: it fits). Predicted from the pace it is asked at now and how long
 * it runs, so the user sees the outcome before rendering; null when the line is not fitted by pace.
 */
export function fasterPace(
  line: Pick<VoiceoverLine, 'action' | 'fit' | 'rate' | 'spokenMs' | 'slotMs'>,
  maxRate: number,
): { rate: number; overMs: number } | null {
  if (line.action !== 'overflow' || line.fit !== 'rate' || maxRate >= MAX_VOICEOVER_RATE)
    return null
  const naturalMs = line.rate * line.spokenMs
  const rate =
    PACE_STEPS.find((step) => step > maxRate && naturalMs / step <= line.slotMs) ??
    MAX_VOICEOVER_RATE
  return { rate, overMs: Math.max(0, Math.round(naturalMs / rate - line.slotMs)) }
}

/** The lines too long for their slot (not those only pushed late by one that is). */
export const overflowing = (lines: readonly VoiceoverLine[]): number =>
  lines.filter((l) => l.action === 'overflow').length

/** The lines that start late because an earlier line runs into them. */
export const startingLate = (lines: readonly VoiceoverLine[]): number =>
  lines.filter((l) => l.action === 'shifted').length

/** The lines that have no voice yet: no main voice, and their speaker is not cast. */
export const withoutVoice = (lines: readonly VoiceoverLine[]): number =>
  lines.filter((l) => l.voiceId === null).length

/** The main voice's select, which the header's "Choose a main voice" takes the user to. */
export const MAIN_VOICE_ID = 'vo-main-voice'

/** The lines to speak at the next render. */
export const toSpeak = (lines: readonly VoiceoverLine[]): number =>
  lines.filter((l) => l.needsSpeaking).length

/** "1 line" / "12 lines". */
export const linesWord = (n: number): string =>
  `${n.toLocaleString()} ${n === 1 ? 'line' : 'lines'}`

/**
 * The one next step for a line too long for its slot, in words, from the project's choices: a
 * faster pace while one is left to allow, else the choice that fits most (a line's own fit counts
 * as the project's for it).
 */
export function overflowNextStep(
  settings: Pick<VoiceoverProject['settings'], 'fit' | 'maxRate'>,
): string {
  if (settings.fit === 'rate')
    return settings.maxRate < MAX_VOICEOVER_RATE
      ? 'Shorten the words, or allow a faster pace.'
      : 'Shorten the words: this is already the fastest pace.'
  if (settings.fit === 'stretch') return 'Shorten the words, or choose Speed up.'
  return 'Shorten the words to keep later lines on their cues.'
}

/**
 * The next step for a line pushed late, in words: it points at the earlier line that pushes it,
 * since that line's words and pace are what to change. Null when that line is not flagged too
 * long (it was chosen to push later lines, or its cue overlaps this one).
 * `direct`: the line that pushes it is the one right before it.
 */
export function pushedNextStep(
  by: Pick<VoiceoverLine, 'action' | 'fit' | 'startMs'>,
  direct: boolean,
  maxRate: number,
): string | null {
  if (by.action !== 'overflow') return null
  const who = direct
    ? 'The line before runs into this one: shorten the line before'
    : `The line at ${cueTime(by.startMs)} runs long and pushes this one: shorten that line`
  if (by.fit === 'rate')
    return maxRate < MAX_VOICEOVER_RATE ? `${who}, or allow a faster pace.` : `${who}.`
  return `${who}, or choose Speed up for it.`
}

/**
 * A line's next step in words, or null when it has none: for a line too long, what to change in
 * it; for a line pushed late past its slot's end, the earlier line that pushes it (see
 * {@link pushedNextStep}). A line late but still ending in its slot has none: the long line's own
 * row already says what to do, and the list keeps its room.
 */
export function lineNextStep(
  lines: readonly VoiceoverLine[],
  index: number,
  maxRate: number,
): string | null {
  const line = lines[index]
  if (!line) return null
  if (line.action === 'overflow') return overflowNextStep({ fit: line.fit, maxRate })
  if (line.action !== 'shifted' || line.pushedBy === null || pastSlotMs(line) === 0) return null
  const by = lines.find((l) => l.cue === line.pushedBy)
  return by ? pushedNextStep(by, lines[index - 1]?.cue === by.cue, maxRate) : null
}

/**
 * What the saved voice-over does with the lines still too long, in words: by how much the worst
 * runs over its slot and how late it makes the lines after it start (a line is never cut; it
 * pushes what follows). Null when every line fits.
 */
export function overrunWarning(
  lines: readonly VoiceoverLine[],
  settings: VoiceoverProject['settings'],
): string | null {
  const over = lines.filter((l) => l.action === 'overflow')
  if (over.length === 0) return null
  const worst = Math.max(...over.map((l) => l.overflowMs))
  const late = Math.max(0, ...lines.map((l) => l.placedMs - l.startMs))
  const who =
    over.length === 1
      ? `Line ${over[0]?.cue ?? ''} runs ${shortSeconds(worst)} past its slot`
      : `${linesWord(over.length)} run up to ${shortSeconds(worst)} past their slot`
  const effect =
    late >= 100
      ? `; lines after ${over.length === 1 ? 'it' : 'them'} start up to ${shortSeconds(late)} late.`
      : '; nothing is cut.'
  return `${who}${effect} ${overflowNextStep(settings)}`
}

/** "36 characters" / "1 character". */
export const charactersWord = (n: number): string =>
  `${n.toLocaleString()} ${n === 1 ? 'character' : 'characters'}`
