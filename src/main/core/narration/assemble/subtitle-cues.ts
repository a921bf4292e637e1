import type { TimedWord } from './spoken-words'

/** One subtitle cue: up to two lines, times in milliseconds on the program timeline. */
export interface SubtitleCue {
  startMs: number
  endMs: number
  lines: string[]
}

/** Cue layout rules (the defaults follow common broadcast guidelines). */
export interface CueRules {
  maxCharsPerLine: number
  maxLines: number
  maxDurationMs: number
  minDurationMs: number
}

export const DEFAULT_CUE_RULES: CueRules = {
  maxCharsPerLine: 42,
  maxLines: 2,
  maxDurationMs: 7000,
  minDurationMs: 1000,
}

/** A word with what follows it in the script, so cues can end at sentences and punctuation. */
export interface CueWord extends TimedWord {
  /** The word ends a sentence (followed by . ! ? …). */
  sentenceEnd: boolean
  /** The word is followed by a comma, semicolon, colon or dash. */
  clauseEnd: boolean
}

/** Adds the punctuation that follows each word in its block (from the block text). */
export function withPunctuation(
  words: readonly TimedWord[],
  blockText: (i: number) => string,
): CueWord[] {
  return words.map((word, i) => {
    const next = words[i + 1]
    const text = blockText(word.blockIndex)
    const until =
      next && next.blockIndex === word.blockIndex
        ? next.srcStart
        : Math.min(text.length, word.srcEnd + 8)
    const after = text.slice(word.srcEnd, Math.max(word.srcEnd, until)).replace(/<[^>]*>/g, '')
    return {
      ...word,
      text: word.text + (after.match(/^[^\s\p{L}\p{N}]*/u)?.[0] ?? '').trim(),
      sentenceEnd: /[.!?…]/u.test(after) || !next || next.blockIndex !== word.blockIndex,
      clauseEnd: /[,;:—–-]/u.test(after),
    }
  })
}

/** Splits a cue's text into at most `maxLines` lines of balanced length at spaces. */
export function layoutLines(text: string, rules: CueRules): string[] {
  if (text.length <= rules.maxCharsPerLine || rules.maxLines < 2) return [text]
  let best = -1
  let bestScore = Number.POSITIVE_INFINITY
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== ' ') continue
    const a = i
    const b = text.length - i - 1
    if (a > rules.maxCharsPerLine || b > rules.maxCharsPerLine) continue
    const score = Math.abs(a - b)
    if (score < bestScore) {
      bestScore = score
      best = i
    }
  }
  if (best < 0) return [text]
  return [text.slice(0, best), text.slice(best + 1)]
}

/**
 * Groups timed words into cues: a cue ends at a sentence end, at a block change (a new speaker),
 * or before it would exceed two lines or the longest duration, preferring the last punctuation
 * inside it. Short cues are stretched to the minimum duration when the next cue leaves room.
 */
export function buildCues(
  words: readonly CueWord[],
  rules: CueRules = DEFAULT_CUE_RULES,
): SubtitleCue[] {
  const groups: CueWord[][] = []
  let current: CueWord[] = []
  const fits = (group: CueWord[]): boolean =>
    layoutLines(group.map((w) => w.text).join(' '), rules).every(
      (line) => line.length <= rules.maxCharsPerLine,
    )
  for (const word of words) {
    const first = current[0]
    const candidate = [...current, word]
    const tooLong =
      first !== undefined && (!fits(candidate) || word.endMs - first.startMs > rules.maxDurationMs)
    const newBlock = first !== undefined && word.blockIndex !== first.blockIndex
    if (newBlock) {
      groups.push(current)
      current = [word]
    } else if (tooLong) {
      // Prefer ending at the last clause punctuation in the first part of the cue.
      let cut = current.length
      for (let i = current.length - 1; i >= Math.ceil(current.length / 2); i--) {
        if (current[i]?.clauseEnd) {
          cut = i + 1
          break
        }
      }
      groups.push(current.slice(0, cut))
      current = [...current.slice(cut), word]
    } else {
      current = candidate
    }
    if (current.at(-1)?.sentenceEnd) {
      groups.push(current)
      current = []
    }
  }
  if (current.length > 0) groups.push(current)

  const cues: SubtitleCue[] = groups
    .filter((g) => g.length > 0)
    .map((g) => ({
      startMs: g[0]!.startMs,
      endMs: g.at(-1)!.endMs,
      lines: layoutLines(g.map((w) => w.text).join(' '), rules),
    }))
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!
    const nextStart = cues[i + 1]?.startMs ?? Number.POSITIVE_INFINITY
    if (cue.endMs - cue.startMs < rules.minDurationMs) {
      cue.endMs = Math.min(cue.startMs + rules.minDurationMs, nextStart)
    }
    cue.endMs = Math.min(cue.endMs, nextStart)
  }
  return cues
}
