import { secondsInWords } from '../../../lib/format'

/** How far a manuscript's reading is: `done` of `total` parts, counted in `unit`. */
export interface ReadingProgress {
  done: number
  total: number
  unit: 'page' | 'section' | 'contents'
}

/** "Reading section 3 of 40", or the table of contents before the sections are counted. */
export function readingWords(progress: ReadingProgress): string {
  if (progress.unit === 'contents') return 'Reading the book’s table of contents…'
  return `Reading ${progress.unit} ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}`
}

/** Where the counting started: the part reached and when (ms), to measure the pace from. */
export interface ReadingStart {
  done: number
  atMs: number
}

/**
 * "about 2 minutes left", once the pace can be judged: at least 2% of the parts (and two parts)
 * read since `start` and a second gone; null before then, and for the table of contents.
 */
export function readingTimeLeft(
  progress: ReadingProgress,
  start: ReadingStart | null,
  nowMs: number,
): string | null {
  if (start === null || progress.unit === 'contents' || progress.total <= 0) return null
  const read = progress.done - start.done
  const elapsedMs = nowMs - start.atMs
  if (read < Math.max(2, progress.total * 0.02) || elapsedMs < 1000) return null
  const leftSeconds = ((progress.total - progress.done) * elapsedMs) / read / 1000
  // Rounded up to a whole second so the last moments say "about 1 second", never "less than".
  return `about ${secondsInWords(Math.max(1, Math.ceil(leftSeconds)))} left`
}
