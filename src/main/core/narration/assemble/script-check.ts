import type { BlockCheck, WordIssue } from '../../../../shared/domain/narration'
import type { TimedWord } from './spoken-words'
import { wordsOf } from './spoken-words'

/** Lower case, typographic apostrophes folded, so "Don’t" and "don't" compare equal. */
export function normalizeWord(word: string): string {
  return word.toLocaleLowerCase('en-US').replace(/[’‘]/g, "'")
}

/** Longest common subsequence of two word lists: the matched index pairs, in order. */
export function alignWords(
  script: readonly string[],
  spoken: readonly string[],
): [number, number][] {
  const n = script.length
  const m = spoken.length
  const table = new Uint32Array((n + 1) * (m + 1))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] =
        script[i] === spoken[j]
          ? table[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!)
    }
  }
  const pairs: [number, number][] = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (script[i] === spoken[j]) {
      pairs.push([i, j])
      i += 1
      j += 1
    } else if (table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!) i += 1
    else j += 1
  }
  return pairs
}

/**
 * Compares what a stretch of script says with what was spoken (words from the speech marks) and
 * classifies the differences: a script word not spoken is `skipped`, one spoken elsewhere is
 * `out-of-order`, a spoken word that repeats its neighbour is `repeated`, anything else spoken is
 * `unexpected`. Works per request (a few hundred words), so the quadratic alignment stays small.
 */
export function compareWords(
  script: readonly { word: string; offset: number }[],
  spoken: readonly { word: string; offset: number | null }[],
): WordIssue[] {
  const a = script.map((w) => normalizeWord(w.word))
  const b = spoken.map((w) => normalizeWord(w.word))
  const pairs = alignWords(a, b)
  const matchedA = new Set(pairs.map(([i]) => i))
  const matchedB = new Set(pairs.map(([, j]) => j))
  const unmatchedSpoken = new Map<string, number>()
  b.forEach((w, j) => {
    if (!matchedB.has(j)) unmatchedSpoken.set(w, (unmatchedSpoken.get(w) ?? 0) + 1)
  })
  const issues: WordIssue[] = []
  a.forEach((w, i) => {
    if (matchedA.has(i)) return
    const elsewhere = unmatchedSpoken.get(w) ?? 0
    if (elsewhere > 0) {
      unmatchedSpoken.set(w, elsewhere - 1)
      issues.push({ kind: 'out-of-order', word: script[i]!.word, offset: script[i]!.offset })
    } else {
      issues.push({ kind: 'skipped', word: script[i]!.word, offset: script[i]!.offset })
    }
  })
  b.forEach((w, j) => {
    if (matchedB.has(j)) return
    const left = unmatchedSpoken.get(w) ?? 0
    if (left <= 0) return
    unmatchedSpoken.set(w, left - 1)
    const repeated = b[j - 1] === w || a.includes(w)
    issues.push({
      kind: repeated ? 'repeated' : 'unexpected',
      word: spoken[j]!.word,
      offset: spoken[j]!.offset,
    })
  })
  return issues
}

/** One request of a block, as the check needs it: its source range and its spoken words. */
export interface CheckedPiece {
  blockIndex: number
  srcStart: number
  srcEnd: number
  words: readonly TimedWord[]
}

/**
 * The script-vs-audio check of a whole render, per block. Numbers spoken as words with text
 * normalization are not errors: they are counted in `normalizedWords` (the spoken words map back
 * to the digits through their offsets). Returns every block, issues or not.
 */
export function checkScript(
  blocks: readonly { id: string; text: string }[],
  pieces: readonly CheckedPiece[],
): BlockCheck[] {
  const checks: BlockCheck[] = blocks.map((block, blockIndex) => ({
    blockId: block.id,
    blockIndex,
    scriptWords: wordsOf(block.text).length,
    spokenWords: 0,
    normalizedWords: 0,
    issues: [],
  }))
  for (const piece of pieces) {
    const check = checks[piece.blockIndex]
    const block = blocks[piece.blockIndex]
    if (!check || !block) continue
    const script = wordsOf(block.text, piece.srcStart, piece.srcEnd)
    // A timed word may cover several script words (a lexicon phrase): expand it.
    const spoken = piece.words.flatMap((w) => wordsOf(block.text, w.srcStart, w.srcEnd))
    check.spokenWords += spoken.length
    check.normalizedWords += piece.words.filter(
      (w) => /\p{N}/u.test(w.text) && normalizeWord(w.spoken) !== normalizeWord(w.text),
    ).length
    check.issues.push(...compareWords(script, spoken))
  }
  return checks
}
