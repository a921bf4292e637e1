/** One run of text as pdf.js gives it: its baseline start (points, y up), width and font size. */
export interface PdfRun {
  text: string
  x: number
  y: number
  width: number
  size: number
}

/** One page's runs, in the order the file draws them. `number` counts from 1. */
export interface PdfPageRuns {
  number: number
  width: number
  height: number
  runs: PdfRun[]
}

/** A line of text as read: where it starts and ends, its baseline, its main font size. */
export interface PdfLine {
  text: string
  x: number
  right: number
  y: number
  size: number
  page: number
  /** 0 for the left (or only) column, 1 for the right one of a two-column page. */
  column: number
  /** Left and right edge of the column the line stands in. */
  columnLeft: number
  columnRight: number
  /** Footnote marks raised in this line, already taken out of `text`: label and where it stood. */
  marks: { label: string; at: number }[]
}

/** A raised, smaller run of digits or note symbols: a footnote mark. */
const MARK_TEXT = /^[\d*†‡§¶]{1,3}$/

/**
 * Groups a page's runs into lines, in reading order: a two-column page (a gutter near the middle
 * that no run crosses, with text on both sides) is read column by column, with text spanning
 * both columns above them first and below them last. Raised small marks are taken out of the
 * text and kept as the line's footnote marks.
 */
export function linesOfPage(page: PdfPageRuns): PdfLine[] {
  const runs = page.runs.filter((r) => r.text.trim() !== '' && r.size > 0)
  const gutter = findGutter(runs, page.width)
  if (gutter === null) return linesOfRuns(runs, page.number, 0)
  const left: PdfRun[] = []
  const right: PdfRun[] = []
  const spanning: PdfRun[] = []
  for (const run of runs) {
    if (run.x + run.width <= gutter.from) left.push(run)
    else if (run.x >= gutter.to) right.push(run)
    else spanning.push(run)
  }
  const columnTop = Math.max(...[...left, ...right].map((r) => r.y))
  const above = spanning.filter((r) => r.y > columnTop)
  const below = spanning.filter((r) => r.y <= columnTop)
  return [
    ...linesOfRuns(above, page.number, 0),
    ...linesOfRuns(left, page.number, 0),
    ...linesOfRuns(right, page.number, 1),
    ...linesOfRuns(below, page.number, 0),
  ]
}

/**
 * The empty band between two columns, or null when the page has one column: the widest x range
 * in the middle third that no run crosses, when at least a quarter of the runs lie on each side.
 */
function findGutter(runs: readonly PdfRun[], width: number): { from: number; to: number } | null {
  if (runs.length < 8) return null
  const lo = width / 3
  const hi = (width * 2) / 3
  const step = 2
  const covered = new Uint8Array(Math.ceil(width / step) + 1)
  let minX = Number.POSITIVE_INFINITY
  let maxX = 0
  for (const r of runs) {
    minX = Math.min(minX, r.x)
    maxX = Math.max(maxX, r.x + r.width)
  }
  // Runs that span the whole text width (titles, running heads) do not close the gutter.
  const textWidth = maxX - minX
  for (const r of runs) {
    if (r.width > textWidth * 0.6) continue
    const from = Math.max(0, Math.floor(r.x / step))
    const to = Math.min(covered.length - 1, Math.ceil((r.x + r.width) / step))
    for (let i = from; i <= to; i++) covered[i] = 1
  }
  let best: { from: number; to: number } | null = null
  let start = -1
  for (let i = Math.floor(lo / step); i <= Math.ceil(hi / step); i++) {
    if (covered[i] === 0 && start < 0) start = i
    if ((covered[i] !== 0 || i === Math.ceil(hi / step)) && start >= 0) {
      const band = { from: start * step, to: i * step }
      if (band.to - band.from >= 8 && (!best || band.to - band.from > best.to - best.from)) {
        best = band
      }
      start = -1
    }
  }
  if (best === null) return null
  const gap = best
  const leftCount = runs.filter((r) => r.x + r.width <= gap.from).length
  const rightCount = runs.filter((r) => r.x >= gap.to).length
  return leftCount >= runs.length / 4 && rightCount >= runs.length / 4 ? gap : null
}

/** Runs of one column grouped into lines by baseline, top to bottom, each left to right. */
function linesOfRuns(runs: readonly PdfRun[], page: number, column: number): PdfLine[] {
  if (runs.length === 0) return []
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x)
  const groups: PdfRun[][] = []
  for (const run of sorted) {
    const group = groups.at(-1)
    const head = group?.[0]
    // A raised mark sits up to half its line's size above the baseline: the same line.
    if (group && head && Math.abs(head.y - run.y) <= Math.max(head.size, run.size) * 0.5) {
      group.push(run)
    } else groups.push([run])
  }
  let columnLeft = Number.POSITIVE_INFINITY
  let columnRight = 0
  for (const r of runs) {
    columnLeft = Math.min(columnLeft, r.x)
    columnRight = Math.max(columnRight, r.x + r.width)
  }
  return groups.map((group) => lineOfRuns(group, page, column, columnLeft, columnRight))
}

function lineOfRuns(
  group: PdfRun[],
  page: number,
  column: number,
  columnLeft: number,
  columnRight: number,
): PdfLine {
  group.sort((a, b) => a.x - b.x)
  const size = mainSize(group)
  const base = group.find((r) => Math.round(r.size * 10) / 10 === size)?.y ?? group[0]!.y
  let text = ''
  let end = Number.NEGATIVE_INFINITY
  const marks: { label: string; at: number }[] = []
  for (const run of group) {
    const raised = run.y - base > size * 0.15 && run.size < size * 0.9
    if (raised && MARK_TEXT.test(run.text.trim())) {
      marks.push({ label: run.text.trim(), at: text.trimStart().length })
      end = run.x + run.width
      continue
    }
    const gap = run.x - end
    if (text !== '' && gap > size * 0.12 && !/\s$/.test(text) && !/^\s/.test(run.text)) {
      text += ' '
    }
    text += run.text
    end = run.x + run.width
  }
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    x: group[0]!.x,
    right: end,
    y: base,
    size,
    page,
    column,
    columnLeft,
    columnRight,
    marks,
  }
}

/** The font size that carries most of a line's characters. */
function mainSize(runs: readonly PdfRun[]): number {
  const bySize = new Map<number, number>()
  for (const r of runs) {
    const key = Math.round(r.size * 10) / 10
    bySize.set(key, (bySize.get(key) ?? 0) + r.text.length)
  }
  let best = 0
  let count = -1
  for (const [size, n] of bySize) {
    if (n > count) {
      best = size
      count = n
    }
  }
  return best
}
