import { z } from 'zod'
import { atMost } from '../limits'

/**
 * Marks: how a span of a block is spoken (emphasis, emotion, pace, pitch, volume, a spoken alias)
 * or a pause at a point, kept beside the block's plain text as UTF-16 ranges `[start, end)`. The
 * text never holds markup; main's planning compiles marks to SSML (plan/mark-atoms.ts).
 */

/** The styles a voice may be asked to speak in (the service's style tag, `emotion` attribute). */
export const EMOTIONS = [
  'angry',
  'cheerful',
  'sad',
  'terrified',
  'relaxed',
  'fearful',
  'surprised',
  'calm',
  'assertive',
  'energetic',
  'warm',
  'direct',
  'bright',
] as const
export type Emotion = (typeof EMOTIONS)[number]

export const EMPHASIS_LEVELS = ['reduced', 'moderate', 'strong'] as const
export const RATE_LEVELS = ['x-slow', 'slow', 'fast', 'x-fast'] as const
export const PITCH_LEVELS = ['x-low', 'low', 'high', 'x-high'] as const
export const VOLUME_LEVELS = ['x-soft', 'soft', 'loud', 'x-loud'] as const

/** Most marks on one block: every word of a long paragraph marked, with room to spare. */
export const MAX_BLOCK_MARKS = 10_000
/** Longest "say it as" alias, the same bound as a lexicon alias. */
export const MAX_MARK_ALIAS = 400
/** Longest pause a mark may ask for (the service caps a break at 10 s). */
export const MAX_MARK_PAUSE_MS = 10_000

const position = z.number().int().min(0).max(1_000_000)

const rangeMark = <K extends string, V extends z.ZodType<string>>(kind: K, value: V) =>
  z.object({ kind: z.literal(kind), start: position, end: position, value })

/** One mark as stored in a project and sent over IPC; every value is one the service accepts. */
export const textMarkSchema = z.discriminatedUnion('kind', [
  rangeMark('emphasis', z.enum(EMPHASIS_LEVELS)),
  rangeMark('emotion', z.enum(EMOTIONS)),
  rangeMark('rate', z.enum(RATE_LEVELS)),
  rangeMark('pitch', z.enum(PITCH_LEVELS)),
  rangeMark('volume', z.enum(VOLUME_LEVELS)),
  rangeMark(
    'alias',
    z
      .string()
      .trim()
      .min(1)
      .max(MAX_MARK_ALIAS, atMost('A "say it as" alias', MAX_MARK_ALIAS, 'characters')),
  ),
  z.object({
    kind: z.literal('pause'),
    start: position,
    end: position,
    ms: z.number().int().min(1).max(MAX_MARK_PAUSE_MS),
  }),
])
export type TextMark = z.infer<typeof textMarkSchema>
export type MarkKind = TextMark['kind']
export type RangeMark = Exclude<TextMark, { kind: 'pause' }>
export type RangeKind = RangeMark['kind']

/** A block's marks: bounded in number; each is checked against its block's text length too. */
export const textMarksSchema = z
  .array(textMarkSchema)
  .max(MAX_BLOCK_MARKS, atMost('A block', MAX_BLOCK_MARKS, 'marks'))

/** The order marks nest in when they cover the same text (outermost first). */
export const MARK_NESTING: readonly MarkKind[] = [
  'emotion',
  'volume',
  'pitch',
  'rate',
  'emphasis',
  'alias',
  'pause',
]

/** Why a mark does not fit its text (out of range, a pause with a length), or null. */
export function markProblem(mark: TextMark, textLength: number): string | null {
  if (mark.end > textLength) return 'ends after the text'
  if (mark.kind === 'pause') return mark.start === mark.end ? null : 'a pause covers no text'
  return mark.start < mark.end ? null : 'covers no text'
}

function valueOf(mark: TextMark): string {
  return mark.kind === 'pause' ? String(mark.ms) : mark.value
}

/** True when two marks say the same thing (kind and value), wherever they are. */
export function sameMarkValue(a: TextMark, b: TextMark): boolean {
  return a.kind === b.kind && valueOf(a) === valueOf(b)
}

function byPosition(a: TextMark, b: TextMark): number {
  return (
    a.start - b.start ||
    MARK_NESTING.indexOf(a.kind) - MARK_NESTING.indexOf(b.kind) ||
    b.end - a.end
  )
}

/**
 * Marks in one canonical shape: clipped to the text, empty ranges dropped, at most one mark of a
 * kind on any character (a later mark wins where two overlap, as applying bold over italic does),
 * touching marks of one kind and value joined (not aliases: two aliased words are two words), one
 * pause per point, sorted. Equal marks always give equal lists, so a round trip compares equal.
 */
export function normalizeMarks(marks: readonly TextMark[], textLength: number): TextMark[] {
  const byKind = new Map<MarkKind, TextMark[]>()
  for (const raw of marks) {
    const start = Math.min(Math.max(0, raw.start), textLength)
    const end = raw.kind === 'pause' ? start : Math.min(Math.max(start, raw.end), textLength)
    if (raw.kind !== 'pause' && end <= start) continue
    const mark: TextMark = { ...raw, start, end }
    const laid = byKind.get(mark.kind) ?? []
    byKind.set(mark.kind, layOver(laid, mark))
  }
  const out: TextMark[] = []
  for (const [kind, laid] of byKind) {
    laid.sort(byPosition)
    for (const mark of laid) {
      const last = out.at(-1)
      if (
        kind !== 'alias' &&
        kind !== 'pause' &&
        last !== undefined &&
        last.kind === kind &&
        last.end === mark.start &&
        sameMarkValue(last, mark)
      ) {
        last.end = mark.end
      } else out.push({ ...mark })
    }
  }
  return out.sort(byPosition)
}

/** `laid` (disjoint marks of one kind) with `mark` laid over it: what it covers is cut away. */
function layOver(laid: TextMark[], mark: TextMark): TextMark[] {
  const out: TextMark[] = []
  for (const old of laid) {
    if (mark.kind === 'pause') {
      if (old.start !== mark.start) out.push(old)
      continue
    }
    if (old.end <= mark.start || old.start >= mark.end) {
      out.push(old)
      continue
    }
    // An alias speaks its whole text: one cut in two would say the alias twice.
    if (old.kind === 'alias') continue
    if (old.start < mark.start) out.push({ ...old, end: mark.start })
    if (old.end > mark.end) out.push({ ...old, start: mark.end })
  }
  out.push(mark)
  return out
}

/** Sets a range mark over `[start, end)`: what marks of its kind said there is replaced. */
export function addMark(
  marks: readonly TextMark[],
  mark: TextMark,
  textLength: number,
): TextMark[] {
  return normalizeMarks([...marks, mark], textLength)
}

/** Takes marks of `kind` off `[start, end)` (a pause: the pauses inside, edges included). */
export function removeMarks(
  marks: readonly TextMark[],
  kind: MarkKind,
  start: number,
  end: number,
  textLength: number,
): TextMark[] {
  const out: TextMark[] = []
  for (const mark of marks) {
    if (mark.kind !== kind) out.push(mark)
    else if (mark.kind === 'pause') {
      if (mark.start < start || mark.start > end) out.push(mark)
    } else if (mark.end <= start || mark.start >= end) out.push(mark)
    else if (mark.kind !== 'alias') {
      if (mark.start < start) out.push({ ...mark, end: start })
      if (mark.end > end) out.push({ ...mark, start: end })
    }
  }
  return normalizeMarks(out, textLength)
}

/** The marks touching `[start, end)` (a caret: the marks around it, edges included). */
export function marksAt(marks: readonly TextMark[], start: number, end: number): TextMark[] {
  return marks.filter((m) =>
    m.kind === 'pause'
      ? m.start >= start && m.start <= end
      : start === end
        ? m.start <= start && m.end >= end
        : m.start < end && m.end > start,
  )
}

/**
 * The service's style element, whose `emotion` attribute asks a voice for a style. One name for
 * the planner that writes it and the sandbox that reads it.
 */
export const STYLE_ELEMENT = 'speechify:style'
