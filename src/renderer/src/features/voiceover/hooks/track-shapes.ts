import type { VoiceoverLine } from '../../../../../shared/domain/voiceover'
import { laneParts } from '../components/line-lane'

/** Where the blocks sit in the track's drawing, in pixels from its top. */
export const TRACK_BLOCK_TOP = 14
export const TRACK_BLOCK_HEIGHT = 16

/** The narrowest block drawn, in pixels: a short line at a long voice-over's scale stays seen. */
const MIN_BLOCK_PX = 2

/** The track's drawing as one path per state, so a thousand lines cost four elements. */
export interface TrackShapes {
  /** Spoken parts of lines measured on their rendered audio. */
  spoken: string
  /** Spoken parts of lines whose length is estimated (not rendered yet). */
  estimated: string
  /** The parts by which a line is too long for its slot (the rows' "runs over"). */
  over: string
  /** From a line's cue to where it is spoken, for a line pushed late. */
  late: string
}

const rect = (x: number, y: number, w: number, h: number): string =>
  `M${x.toFixed(1)} ${y}h${w.toFixed(1)}v${h}h${(-w).toFixed(1)}z`

/** The time the track's drawing spans: the track, or further when a line runs past its end. */
export function trackSpanMs(lines: readonly VoiceoverLine[], trackEndMs: number): number {
  let end = Math.max(trackEndMs, 1)
  for (const line of lines) end = Math.max(end, line.placedMs + line.spokenMs)
  return end
}

/**
 * The paths drawing every line as a block at the time it is spoken (its cue, or later when pushed),
 * as long as it is spoken or estimated, with its overrun apart, on a strip `width` pixels wide.
 */
export function trackShapes(
  lines: readonly VoiceoverLine[],
  spanMs: number,
  width: number,
): TrackShapes {
  const px = (ms: number): number => (ms / spanMs) * width
  const spoken: string[] = []
  const estimated: string[] = []
  const over: string[] = []
  const late: string[] = []
  for (const line of lines) {
    const parts = laneParts(line)
    const x = px(line.placedMs)
    const fitting = Math.max(px(parts.fitting), parts.over > 0 ? 0 : MIN_BLOCK_PX)
    const block = rect(x, TRACK_BLOCK_TOP, fitting, TRACK_BLOCK_HEIGHT)
    ;(line.measured ? spoken : estimated).push(block)
    if (parts.over > 0) {
      const w = Math.max(px(parts.over), MIN_BLOCK_PX)
      over.push(rect(x + fitting, TRACK_BLOCK_TOP, w, TRACK_BLOCK_HEIGHT))
    }
    if (parts.drift > 0) {
      late.push(
        rect(px(line.startMs), TRACK_BLOCK_TOP + TRACK_BLOCK_HEIGHT / 2 - 1, px(parts.drift), 2),
      )
    }
  }
  return {
    spoken: spoken.join(''),
    estimated: estimated.join(''),
    over: over.join(''),
    late: late.join(''),
  }
}

/**
 * The line drawn at a time (the last one, when blocks touch), allowing `slackMs` either side so a
 * block a pixel wide can still be clicked; null over a gap.
 */
export function lineAtTime(
  lines: readonly VoiceoverLine[],
  ms: number,
  slackMs = 0,
): VoiceoverLine | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]
    if (line === undefined) continue
    if (ms >= line.placedMs - slackMs && ms <= line.placedMs + line.spokenMs + slackMs) return line
  }
  return null
}

/** The line heard at a time, or else the last one that starts before it (Enter on the track). */
export function lineNear(lines: readonly VoiceoverLine[], ms: number): VoiceoverLine | null {
  const at = lineAtTime(lines, ms)
  if (at !== null) return at
  let before: VoiceoverLine | null = null
  for (const line of lines) if (line.placedMs <= ms) before = line
  return before ?? lines[0] ?? null
}

/** A time as a person says it: "0:12", "1:02:03" past an hour (whole seconds). */
export function clockTime(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

const TICK_STEPS_S = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600]

/** The ruler's marks: a round step that leaves at least `minGapPx` between labels. */
export function rulerTicks(spanMs: number, width: number, minGapPx = 64): number[] {
  if (width <= 0) return []
  const fits = (stepS: number): boolean => (stepS * 1000 * width) / spanMs >= minGapPx
  const stepS = TICK_STEPS_S.find(fits) ?? 3600
  const ticks: number[] = []
  for (let ms = 0; ms <= spanMs; ms += stepS * 1000) ticks.push(ms)
  return ticks
}
