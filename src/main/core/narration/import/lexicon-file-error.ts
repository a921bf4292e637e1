import { AppError } from '../../../../shared/errors'

/** Line numbers of a text: the offset each line starts at, for a position's line in O(log n). */
export function lineFinder(text: string): (offset: number) => number {
  const starts = [0]
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1)
  return (offset) => {
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((starts[mid] ?? 0) <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
}

/** " (line 2)", " (entry 3)" or nothing: where in a refused file the problem is. */
function placeIn(where: { line?: number; entry?: number }): string {
  return where.line !== undefined
    ? ` (line ${where.line.toLocaleString('en-US')})`
    : where.entry !== undefined
      ? ` (entry ${where.entry.toLocaleString('en-US')})`
      : ''
}

/**
 * A pronunciation file refused: the sentence names the file and, where one is to blame, its line
 * or entry, and says what to do; nothing was changed when it is thrown.
 */
export function lexiconFileError(
  fileName: string,
  problem: string,
  where: { line?: number; entry?: number } = {},
): AppError {
  const at = placeIn(where)
  return new AppError(
    'VALIDATION_FAILED',
    `“${fileName}” was not used${at}: ${problem} Nothing was changed. Choose another file, or fix this one and try again.`,
    { details: { lexiconFile: where } },
  )
}

/**
 * A pronunciation file refused as unsafe to read (a part that could hide a huge amount of text):
 * the sentence says so in plain words with what to do; the technical reason is in the details.
 */
export function lexiconFileUnsafe(
  fileName: string,
  reason: string,
  where: { line?: number } = {},
): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `“${fileName}” can't be used safely${placeIn(where)}. Nothing was changed. Export it again from the tool that made it, or add its words one by one.`,
    { details: { lexiconFile: { ...where, reason } } },
  )
}
