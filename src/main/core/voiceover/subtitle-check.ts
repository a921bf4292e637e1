import { AppError } from '../../../shared/errors'
import type { ParsedSubtitles } from './subtitle-parse'
import type { TimedLine } from './subtitle-lines'

/** What a check found wrong with one cue. */
export interface SubtitleIssue {
  kind: 'unreadable' | 'empty' | 'endBeforeStart' | 'outOfOrder' | 'overlap'
  cue: number
  line: number
  /** The whole sentence, naming the cue, its line and what to do. */
  message: string
}

/**
 * What to do with cues that overlap the one before: refuse (the default), join them into one
 * line, or keep both lines, each in its own speaker's voice, the later one starting when the
 * earlier one ends (its lateness reported as any pushed line's).
 */
export type OverlapChoice = 'refuse' | 'merge' | 'keep'

/** Most problems listed in an error's message; the rest are counted. */
const LISTED = 5

/** `HH:MM:SS,mmm`, as subtitle editors show times. */
export function clockTime(ms: number): string {
  const total = Math.max(0, Math.round(ms))
  const two = (n: number): string => String(n).padStart(2, '0')
  const h = Math.floor(total / 3_600_000)
  const m = Math.floor((total % 3_600_000) / 60_000)
  const s = Math.floor((total % 60_000) / 1000)
  return `${two(h)}:${two(m)}:${two(s)},${String(total % 1000).padStart(3, '0')}`
}

const where = (l: { cue: number; line: number }): string => `Cue ${l.cue} (line ${l.line})`

/**
 * Checks a file's cues before anything is priced or sent: unreadable timing, no words, an end
 * before its start, a start before the previous cue's start (out of order) or end (overlap).
 * Overlaps are joined into one line with `merge` (the earlier cue's speaker speaks both), or kept
 * as two lines with `keep`.
 */
export function checkSubtitles(
  parsed: ParsedSubtitles,
  overlaps: OverlapChoice = 'refuse',
): { lines: TimedLine[]; issues: SubtitleIssue[] } {
  const issues: SubtitleIssue[] = parsed.unreadable.map((u) => ({
    kind: 'unreadable',
    cue: u.cue,
    line: u.line,
    message: `${where(u)} cannot be read: ${u.message}. Fix it in your subtitle editor.`,
  }))
  const lines: TimedLine[] = []
  let previous: TimedLine | null = null
  for (const line of parsed.lines) {
    if (line.text === '') {
      issues.push({
        kind: 'empty',
        ...line,
        message: `${where(line)} has no words to speak. Give it text or remove it.`,
      })
      continue
    }
    if (line.endMs <= line.startMs) {
      issues.push({
        kind: 'endBeforeStart',
        ...line,
        message: `${where(line)} ends at ${clockTime(line.endMs)}, not after its start at ${clockTime(line.startMs)}. Correct its end time.`,
      })
      continue
    }
    if (previous && line.startMs < previous.startMs) {
      issues.push({
        kind: 'outOfOrder',
        ...line,
        message: `${where(line)} starts at ${clockTime(line.startMs)}, before cue ${previous.cue} (${clockTime(previous.startMs)}): the cues are out of order. Sort them by time in your subtitle editor.`,
      })
      continue
    }
    if (previous && line.startMs < previous.endMs && overlaps !== 'keep') {
      if (overlaps === 'merge') {
        previous.text = `${previous.text} ${line.text}`
        previous.endMs = Math.max(previous.endMs, line.endMs)
        continue
      }
      issues.push({
        kind: 'overlap',
        ...line,
        message: `${where(line)} starts at ${clockTime(line.startMs)}, before cue ${previous.cue} ends at ${clockTime(previous.endMs)}. Shorten cue ${previous.cue}, or choose to merge overlapping cues into one line.`,
      })
      continue
    }
    previous = { ...line }
    lines.push(previous)
  }
  issues.sort((a, b) => a.cue - b.cue)
  return { lines, issues }
}

/**
 * The lines of a checked file, or the error that lists its problems (the first few in the
 * message, every one in `details.fields` by cue).
 */
export function linesOrRefuse(parsed: ParsedSubtitles, overlaps: OverlapChoice): TimedLine[] {
  const { lines, issues } = checkSubtitles(parsed, overlaps)
  if (issues.length === 0 && lines.length > 0) return lines
  if (issues.length === 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      'This subtitle file has no cues to speak. Check that it is the right file.',
    )
  }
  const listed = issues.slice(0, LISTED).map((i) => i.message)
  const more = issues.length > LISTED ? ` …and ${issues.length - LISTED} more.` : ''
  const fields: Record<string, string> = {}
  for (const issue of issues) fields[`cue ${issue.cue}`] = issue.message
  throw new AppError(
    'VALIDATION_FAILED',
    `This subtitle file has ${issues.length === 1 ? 'a problem' : `${issues.length} problems`}; nothing was sent. ${listed.join(' ')}${more}`,
    { details: { fields } },
  )
}

/** Cues that overlap the one before, as the app asks about them: which cues, and when. */
export interface OverlappingCue {
  cue: number
  line: number
  previousCue: number
  startMs: number
  previousEndMs: number
}

/**
 * The lines of a checked file; or, when its only problems are overlapping cues, those cues (so
 * the user can choose to merge or keep them); else the error that lists its problems.
 */
export function linesOrOverlaps(
  parsed: ParsedSubtitles,
): { lines: TimedLine[]; overlaps: null } | { lines: null; overlaps: OverlappingCue[] } {
  const { issues } = checkSubtitles(parsed, 'refuse')
  if (issues.length === 0 || issues.some((issue) => issue.kind !== 'overlap')) {
    return { lines: linesOrRefuse(parsed, 'refuse'), overlaps: null }
  }
  const kept = checkSubtitles(parsed, 'keep').lines
  const overlaps = issues.flatMap((issue) => {
    const at = kept.findIndex((l) => l.cue === issue.cue)
    const line = kept[at]
    const previous = kept[at - 1]
    if (!line || !previous) return []
    return [
      {
        cue: line.cue,
        line: line.line,
        previousCue: previous.cue,
        startMs: line.startMs,
        previousEndMs: previous.endMs,
      },
    ]
  })
  return { lines: null, overlaps }
}
