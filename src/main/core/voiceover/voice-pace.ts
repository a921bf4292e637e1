import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from '../files/atomic-write'
import { LINE_GAP_MS } from './line-fit'

/** A pace assumed for a voice never measured: about 15 characters a second (an even reading). */
export const DEFAULT_PACE_CPS = 15

/** Headroom on a predicted rate, so a line slightly longer than predicted still fits. */
export const RATE_MARGIN = 0.04

/** A line whose predicted length is at least this share of its slot may need a second request. */
export const REPEAT_RISK = 0.9

const paceFileSchema = z.object({
  version: z.literal(1),
  voices: z.record(
    z.string(),
    z.object({ characters: z.number().nonnegative(), seconds: z.number().positive() }),
  ),
})

/**
 * Each voice's measured speaking rate (characters per second at 100%), learned from the lines
 * it has spoken and kept in a small file beside the piece cache, so the next voice-over predicts
 * each line's pace from what this voice really does.
 */
export class VoicePaces {
  private constructor(
    private readonly path: string | null,
    private readonly voices: Record<string, { characters: number; seconds: number }>,
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

  /** Characters a second this voice speaks at 100%. */
  pace(voiceId: string): number {
    const known = this.voices[voiceId]
    return known && known.seconds > 0 ? known.characters / known.seconds : DEFAULT_PACE_CPS
  }

  /** Whether this voice has been measured. */
  measured(voiceId: string): boolean {
    return this.voices[voiceId] !== undefined
  }

  /** Adds a line spoken at `rate` in `seconds` to the voice's measure. */
  record(voiceId: string, characters: number, seconds: number, rate: number): void {
    if (characters <= 0 || seconds <= 0) return
    const known = this.voices[voiceId] ?? { characters: 0, seconds: 0 }
    known.characters += characters
    known.seconds += seconds * rate
    this.voices[voiceId] = known
  }

  /** Writes the measures back (replace-by-rename). */
  async save(): Promise<void> {
    if (this.path === null) return
    await writeFileAtomic(this.path, JSON.stringify({ version: 1, voices: this.voices }))
  }
}

/** Rounds a rate up to a whole percent. */
const upToPercent = (rate: number): number => Math.ceil(rate * 100 - 1e-9) / 100

/**
 * The `<prosody rate>` to ask for a line of `characters` in a slot of `slotMs`, from the voice's
 * pace: 1 when it fits at its natural pace, else the rate that fits it (with a margin), at most
 * `maxRate`.
 */
export function predictRate(
  characters: number,
  pace: number,
  slotMs: number,
  maxRate: number,
): number {
  const naturalMs = (characters / pace) * 1000
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
