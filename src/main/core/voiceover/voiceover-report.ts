import type { SubtitleCue } from '../narration/assemble/subtitle-cues'
import { formatSrt, formatVtt } from '../narration/assemble/subtitle-format'
import { clockTime } from './subtitle-check'
import type { TimedLine } from './subtitle-lines'
import type { LineOutcome } from './voiceover-result'

/** What the reports read of a finished voice-over. */
export interface VoiceoverSummary {
  outputPath: string
  durationSeconds: number
  trackEndMs: number
  requests: number
  billableCharacters: number
  lines: readonly LineOutcome[]
}

/** The JSON report: the track, then every line's slot, lengths and what was done. */
export function voiceoverReportJson(summary: VoiceoverSummary): string {
  return `${JSON.stringify(
    {
      format: 'voicedesk-voiceover-report',
      version: 1,
      output: summary.outputPath,
      durationSeconds: summary.durationSeconds,
      trackEndMs: summary.trackEndMs,
      requests: summary.requests,
      billableCharacters: summary.billableCharacters,
      overflowingLines: summary.lines.filter((l) => l.overflowMs > 0).length,
      maxDriftMs: Math.max(0, ...summary.lines.map((l) => l.driftMs)),
      lines: summary.lines,
    },
    null,
    2,
  )}\n`
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
const pct = (factor: number): string => `${Math.round(factor * 100)}%`

/** What was done to a line, in words. */
export function describeLine(l: LineOutcome): string {
  const done: string[] = []
  if (l.rate > 1) done.push(`asked at ${pct(l.rate)}${l.requests > 1 ? ' (second request)' : ''}`)
  if (l.tempo > 1) done.push(`sped up to ${pct(l.tempo)}`)
  if (l.driftMs > 0)
    done.push(
      `starts ${seconds(l.driftMs)} late, ${l.pushedBy === null ? 'after the line before' : `pushed by cue ${l.pushedBy}`}`,
    )
  if (l.overflowMs > 0) done.push(`OVERFLOWS its slot by ${seconds(l.overflowMs)}`)
  else if (l.driftMs + l.finalMs > l.slotMs)
    // Late, not too long: its own words fit the slot, so the line that pushed it is the fix.
    done.push(`runs ${seconds(l.driftMs + l.finalMs - l.slotMs)} past its slot`)
  return done.length > 0 ? done.join('; ') : 'fits as spoken'
}

/** The readable report: one line a cue with its slot, natural and final length. */
export function voiceoverReportText(summary: VoiceoverSummary): string {
  const over = summary.lines.filter((l) => l.overflowMs > 0)
  const head = [
    `Voice-over: ${summary.outputPath}`,
    `Length ${seconds(summary.durationSeconds * 1000)}, ${summary.lines.length} lines, ${summary.requests} requests, ${summary.billableCharacters} billable characters.`,
    over.length > 0
      ? `${over.length} line${over.length === 1 ? '' : 's'} did not fit within the limits (see OVERFLOWS below).`
      : 'Every line fits its slot.',
    '',
  ]
  const rows = summary.lines.map(
    (l) =>
      `Cue ${l.cue} (line ${l.line}) at ${clockTime(l.cueStartMs)}: slot ${seconds(l.slotMs)}, natural ${seconds(l.naturalMs)}, final ${seconds(l.finalMs)}; ${describeLine(l)}.`,
  )
  return `${[...head, ...rows].join('\n')}\n`
}

/** The subtitles re-timed to the audio (`shift`): each cue moved by its line's drift. */
export function retimedSubtitles(
  lines: readonly TimedLine[],
  outcomes: readonly LineOutcome[],
  kind: 'srt' | 'vtt',
): string {
  const cues: SubtitleCue[] = lines.map((line, i) => {
    const o = outcomes[i]
    const start = o ? o.placedMs : line.startMs
    const end = Math.max(line.endMs + (o?.driftMs ?? 0), start + (o?.finalMs ?? 0))
    return {
      startMs: start,
      endMs: end,
      lines: [line.speaker ? `${line.speaker}: ${line.text}` : line.text],
    }
  })
  return kind === 'srt' ? formatSrt(cues) : formatVtt(cues)
}
