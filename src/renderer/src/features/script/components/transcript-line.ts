import type { PlaybackWord } from '../../../../../shared/domain/render-playback'

/** Words of the line being heard shown before the heard one, and at most in all. */
const WORDS_BEFORE = 12
const WORDS_SHOWN = 40

/**
 * The line being heard: the words of the heard one's block around it (a long paragraph a stretch
 * of it), so the strip reads as that line, whole where it fits in two lines, never the tail of one
 * and the head of the next cut mid-word.
 */
export function lineAround(words: readonly PlaybackWord[], current: number): PlaybackWord[] {
  const heard = words[current]
  if (heard === undefined) return []
  let first = current
  while (first > 0 && current - first < WORDS_BEFORE && words[first - 1]?.blockId === heard.blockId)
    first -= 1
  let end = current + 1
  while (end < words.length && end - first < WORDS_SHOWN && words[end]?.blockId === heard.blockId)
    end += 1
  return words.slice(first, end)
}
