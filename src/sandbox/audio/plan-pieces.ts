import type { PlanItem } from './speech-plan.js'

const SENTENCE_END = /[.!?…]\s*$/

/**
 * Splits a plan into pieces for streaming: a short first piece (fast first byte), then pieces of
 * about `wordsPerPiece` words, cut after a sentence end where one is near.
 */
export function splitPlan(
  items: readonly PlanItem[],
  firstPieceWords = 12,
  wordsPerPiece = 60,
): PlanItem[][] {
  const pieces: PlanItem[][] = []
  let current: PlanItem[] = []
  let words = 0
  const target = (): number => (pieces.length === 0 ? firstPieceWords : wordsPerPiece)
  const close = (): void => {
    if (current.length > 0) pieces.push(current)
    current = []
    words = 0
  }
  for (const item of items) {
    if (item.kind === 'break') {
      current.push(item)
      continue
    }
    let group: typeof item.words = []
    for (const word of item.words) {
      group.push(word)
      words += 1
      const atSentenceEnd = SENTENCE_END.test(word.trail)
      if ((atSentenceEnd && words >= target() / 2) || words >= target() * 1.5) {
        current.push({ kind: 'words', prosody: item.prosody, words: group })
        group = []
        close()
      }
    }
    if (group.length > 0) current.push({ kind: 'words', prosody: item.prosody, words: group })
  }
  close()
  return pieces
}
