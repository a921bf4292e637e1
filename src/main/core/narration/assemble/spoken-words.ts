import type { SpeechMarks } from '../../../../shared/domain/speech'
import type { SourceSpan } from '../plan/text-atoms'

/** A spoken word placed on the finished program's timeline and mapped back to its block. */
export interface TimedWord {
  blockIndex: number
  /** The word as written in the block (tags removed), not the alias the service spoke. */
  text: string
  /** What the service said it spoke (mark values joined), e.g. "fifty five" for "55". */
  spoken: string
  /** UTF-16 range in the block text. */
  srcStart: number
  srcEnd: number
  startMs: number
  endMs: number
}

/** Words of a stretch of block text (SSML tags blanked out), with their offsets. */
export function wordsOf(
  text: string,
  from = 0,
  to = text.length,
): { word: string; offset: number }[] {
  const slice = text.slice(from, to).replace(/<[^>]*>/g, (tag) => ' '.repeat(tag.length))
  const out: { word: string; offset: number }[] = []
  for (const m of slice.matchAll(/[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}'’-]*[\p{L}\p{N}\p{M}])?/gu)) {
    out.push({ word: m[0], offset: from + m.index })
  }
  return out
}

function sameWord(a: string, b: string): boolean {
  const fold = (w: string): string => w.toLocaleLowerCase('en-US').replace(/[^\p{L}\p{N}]/gu, '')
  return fold(a) === fold(b)
}

/** Maps `[start, end)` of a request input to the block text through the piece's spans. */
export function mapToSource(
  spans: readonly SourceSpan[],
  start: number,
  end: number,
): { srcStart: number; srcEnd: number } | null {
  let srcStart = Number.POSITIVE_INFINITY
  let srcEnd = Number.NEGATIVE_INFINITY
  for (const span of spans) {
    if (span.outEnd <= start || span.outStart >= end) continue
    const oneToOne = span.outEnd - span.outStart === span.srcEnd - span.srcStart
    if (oneToOne) {
      srcStart = Math.min(srcStart, span.srcStart + Math.max(0, start - span.outStart))
      srcEnd = Math.max(srcEnd, span.srcStart + Math.min(span.outEnd, end) - span.outStart)
    } else {
      // An escaped character or a `<sub>`: the mark covers the whole source unit.
      srcStart = Math.min(srcStart, span.srcStart)
      srcEnd = Math.max(srcEnd, span.srcEnd)
    }
  }
  return Number.isFinite(srcStart) ? { srcStart, srcEnd } : null
}

/**
 * Turns one piece's word marks into timeline words: times shifted by the piece's start in the
 * program, offsets mapped back to the block. Consecutive marks of the same source word (a number
 * read as several words with text normalization, a `<sub>` alias) become one word.
 */
export function timedWordsOfPiece(
  marks: SpeechMarks,
  piece: { blockIndex: number; spans: readonly SourceSpan[]; blockText: string },
  offsetMs: number,
): TimedWord[] {
  const out: TimedWord[] = []
  for (const mark of marks.words) {
    const source = mapToSource(piece.spans, mark.start, mark.end)
    if (!source) continue
    const previous = out.at(-1)
    // Why merge only expansions: a number or an alias spoken as several words is one script word,
    // but a plain word spoken twice is a repetition the script check must see.
    if (previous && source.srcStart < previous.srcEnd && !sameWord(previous.text, mark.value)) {
      previous.endMs = Math.max(previous.endMs, offsetMs + mark.endMs)
      previous.srcEnd = Math.max(previous.srcEnd, source.srcEnd)
      previous.spoken += ` ${mark.value}`
      continue
    }
    const words = wordsOf(piece.blockText, source.srcStart, source.srcEnd)
    if (words.length === 0) continue
    const first = words[0]!
    const last = words.at(-1)!
    out.push({
      blockIndex: piece.blockIndex,
      text: piece.blockText.slice(first.offset, last.offset + last.word.length),
      spoken: mark.value,
      srcStart: first.offset,
      srcEnd: last.offset + last.word.length,
      startMs: offsetMs + mark.startMs,
      endMs: offsetMs + mark.endMs,
    })
  }
  return out
}
