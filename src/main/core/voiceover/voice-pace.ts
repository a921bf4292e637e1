import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from '../files/atomic-write'
import { LINE_GAP_MS } from './line-fit'
import { spokenCharacters } from './spoken-length'

/** A pace assumed for a voice never measured: about 15 characters a second (an even reading). */
export const DEFAULT_PACE_CPS = 15

/** Headroom on a predicted rate, so a line slightly longer than predicted still fits. */
export const RATE_MARGIN = 0.04

/** A line whose predicted length is at least this share of its slot may need a second request. */
export const REPEAT_RISK = 0.9

/** Fewest lines a voice's fixed part per line is fitted from; with fewer, one rate is used. */
export const MIN_FIT_LINES = 5

/**
 * Least spread of the lines' lengths (standard deviation, in characters) to fit from. Why: lines
 * all of about one length say nothing about what a shorter or longer one takes.
 */
export const MIN_FIT_SPREAD = 5

/**
 * A voice's speaking time as a fixed part per line plus a part per character said, at 100%.
 * Why two parts: a voice takes a while to start and end any line, so one characters-a-second
 * figure, fitted on long lines, says a short line is shorter than it is.
 */
export interface PaceModel {
  fixedMs: number
  msPerCharacter: number
}

/** The sums a straight line through a voice's (characters, seconds) points is fitted from. */
const pointSumsSchema = z.object({
  lines: z.number().int().nonnegative(),
  characters: z.number().nonnegative(),
  seconds: z.number().nonnegative(),
  squares: z.number().nonnegative(),
  products: z.number().nonnegative(),
})
export type PointSums = z.infer<typeof pointSumsSchema>

/** What is kept per voice: its totals, and the sums of its points (files before them lack them). */
const voiceMeasureSchema = z.object({
  characters: z.number().nonnegative(),
  seconds: z.number().positive(),
  points: pointSumsSchema.optional(),
})
type VoiceMeasure = z.infer<typeof voiceMeasureSchema>

const paceFileSchema = z.object({
  version: z.literal(1),
  voices: z.record(z.string(), voiceMeasureSchema),
})

/** The single-rate model: every character takes the same time, no fixed part. */
const singleRate = (cps: number): PaceModel => ({ fixedMs: 0, msPerCharacter: 1000 / cps })

/**
 * The least-squares line through a voice's (characters, seconds) points, or null when there are
 * too few points, too little spread, or the line makes no sense (a negative part).
 */
export function fitPace(points: PointSums): PaceModel | null {
  const n = points.lines
  if (n < MIN_FIT_LINES) return null
  const meanX = points.characters / n
  const meanY = points.seconds / n
  const varianceX = points.squares / n - meanX * meanX
  if (!(varianceX >= MIN_FIT_SPREAD * MIN_FIT_SPREAD)) return null
  const slope = (points.products / n - meanX * meanY) / varianceX
  const intercept = meanY - slope * meanX
  if (!(slope > 0) || !(intercept >= 0)) return null
  return { fixedMs: intercept * 1000, msPerCharacter: slope * 1000 }
}

/**
 * Each voice's measured speaking time, learned from the lines it has spoken and kept in a small
 * file beside the piece cache, so the next voice-over predicts each line's length from what this
 * voice really does: a fixed part per line and a part per character ({@link PaceModel}), or one
 * characters-a-second figure until enough lines of different lengths are measured.
 */
export class VoicePaces {
  private constructor(
    private readonly path: string | null,
    private readonly voices: Record<string, VoiceMeasure>,
  ) {}

  /** The paces kept at `path` (none when it is missing or unreadable); null path: memory only. */
  static async open(path: string | null): Promise<VoicePaces> {
    if (path === null) return new VoicePaces(null, {})
    try {
      const parsed = paceFileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
      return new VoicePaces(path, parsed.success ? parsed.data.voices : {})
    } catch {
      return new VoicePaces(path, {})
    }
  }

  /** Characters a second this voice speaks at 100%, all lines taken together. */
  pace(voiceId: string): number {
    const known = this.voices[voiceId]
    return known && known.seconds > 0 ? known.characters / known.seconds : DEFAULT_PACE_CPS
  }

  /** How this voice's speaking time is predicted now: fitted, else its single rate. */
  model(voiceId: string): PaceModel {
    const known = this.voices[voiceId]
    return (known?.points && fitPace(known.points)) ?? singleRate(this.pace(voiceId))
  }

  /** How long this voice takes to say `text` at 100%, in ms. */
  naturalMs(voiceId: string, text: string): number {
    return predictedMs(this.model(voiceId), spokenCharacters(text))
  }

  /** Whether this voice has been measured. */
  measured(voiceId: string): boolean {
    return this.voices[voiceId] !== undefined
  }

  /**
   * Adds a line of `characters` (counted by {@link spokenCharacters}) spoken at `rate` in
   * `seconds` to the voice's measure.
   */
  record(voiceId: string, characters: number, seconds: number, rate: number): void {
    if (characters <= 0 || seconds <= 0) return
    const known = this.voices[voiceId] ?? { characters: 0, seconds: 0 }
    const natural = seconds * rate
    known.characters += characters
    known.seconds += natural
    const points = known.points ?? { lines: 0, characters: 0, seconds: 0, squares: 0, products: 0 }
    points.lines += 1
    points.characters += characters
    points.seconds += natural
    points.squares += characters * characters
    points.products += characters * natural
    known.points = points
    this.voices[voiceId] = known
  }

  /** Writes the measures back (replace-by-rename). */
  async save(): Promise<void> {
    if (this.path === null) return
    await writeFileAtomic(this.path, JSON.stringify({ version: 1, voices: this.voices }))
  }
}

/** A line's length in ms at 100% by `model`, for `characters` said. */
export const predictedMs = (model: PaceModel, characters: number): number =>
  model.fixedMs + model.msPerCharacter * characters

/** Rounds a rate up to a whole percent. */
const upToPercent = (rate: number): number => Math.ceil(rate * 100 - 1e-9) / 100

/**
 * The `<prosody rate>` to ask for a line predicted to take `naturalMs` at 100% in a slot of
 * `slotMs`: 1 when it fits at its natural pace, else the rate that fits it (with a margin), at
 * most `maxRate`.
 */
export function predictRate(naturalMs: number, slotMs: number, maxRate: number): number {
  const room = slotMs - LINE_GAP_MS
  if (room <= 0) return maxRate
  const need = naturalMs / room
  if (need <= 1) return 1
  return Math.min(maxRate, upToPercent(need * (1 + RATE_MARGIN)))
}

/** The rate of a second request for a line spoken in `spokenMs` at `rate`; null when none helps. */
export function secondRate(
  rate: number,
  spokenMs: number,
  slotMs: number,
  maxRate: number,
): number | null {
  const room = slotMs - LINE_GAP_MS
  if (spokenMs <= room || rate >= maxRate || room <= 0) return null
  const next = Math.min(maxRate, upToPercent(((rate * spokenMs) / room) * (1 + RATE_MARGIN)))
  return next > rate ? next : null
}

/** Whether a line predicted to speak `naturalMs` in `slotMs` at `rate` may need a second request. */
export function mayRepeat(
  naturalMs: number,
  slotMs: number,
  rate: number,
  maxRate: number,
): boolean {
  return rate < maxRate && naturalMs >= slotMs * REPEAT_RISK
}
