import type { SubtitleCue } from './subtitle-cues'

function timestamp(ms: number, separator: ',' | '.'): string {
  const total = Math.max(0, Math.round(ms))
  const h = Math.floor(total / 3_600_000)
  const m = Math.floor((total % 3_600_000) / 60_000)
  const s = Math.floor((total % 60_000) / 1000)
  const rest = total % 1000
  const two = (n: number): string => String(n).padStart(2, '0')
  return `${two(h)}:${two(m)}:${two(s)}${separator}${String(rest).padStart(3, '0')}`
}

/** Writes cues as SubRip (SRT): numbered, `HH:MM:SS,mmm`, CRLF-free, blank line between cues. */
export function formatSrt(cues: readonly SubtitleCue[]): string {
  return cues
    .map(
      (cue, i) =>
        `${i + 1}\n${timestamp(cue.startMs, ',')} --> ${timestamp(cue.endMs, ',')}\n${cue.lines.join('\n')}\n`,
    )
    .join('\n')
}

/** Writes cues as WebVTT (`WEBVTT` header, `HH:MM:SS.mmm`, `-->` escaped out of the text). */
export function formatVtt(cues: readonly SubtitleCue[]): string {
  const escape = (line: string): string =>
    line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return `WEBVTT\n\n${cues
    .map(
      (cue) =>
        `${timestamp(cue.startMs, '.')} --> ${timestamp(cue.endMs, '.')}\n${cue.lines.map(escape).join('\n')}\n`,
    )
    .join('\n')}`
}
