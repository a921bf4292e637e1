import type { PdfLine } from './pdf-lines'

/** A footnote found at a page's foot: its label ("1", "*") and its text. */
export interface PdfNote {
  label: string
  text: string
  page: number
}

/** A note's text starting with its label as written: "1 ", "1. ", "* ", "†". */
const LEADING_LABEL = /^([\d]{1,3}|[*†‡§¶]{1,3})[.)]?\s+/

/** Smaller than this share of the body size is note-sized text. */
const NOTE_SIZE_SHARE = 0.92

function labelOf(line: PdfLine): { label: string; rest: string } | null {
  const raised = line.marks.find((m) => m.at === 0)
  if (raised) return { label: raised.label, rest: line.text }
  const written = LEADING_LABEL.exec(line.text)
  if (written?.[1] === undefined) return null
  return { label: written[1], rest: line.text.slice(written[0].length) }
}

/**
 * Takes the footnotes off the foot of one page: the last lines in reading order that are set
 * smaller than the body text, when the first of them starts with a label (raised or written).
 * Each label starts a note; lines without one continue it. When the small lines start without a
 * label and `continues` is given, they are the rest of the previous page's last note. Returns the
 * page's remaining lines and its notes.
 */
export function takeFootnotes(
  lines: readonly PdfLine[],
  bodySize: number,
  page: number,
  continues: PdfNote | null,
): { lines: PdfLine[]; notes: PdfNote[] } {
  let start = lines.length
  while (start > 0 && lines[start - 1]!.size < bodySize * NOTE_SIZE_SHARE) start--
  // Notes sit below the body text: a page of nothing but small text is no foot of notes.
  if (start === lines.length || start === 0) return { lines: [...lines], notes: [] }
  const foot = lines.slice(start)
  const first = labelOf(foot[0]!)
  if (first === null && continues === null) return { lines: [...lines], notes: [] }
  const notes: PdfNote[] = []
  let current: PdfNote | null = null
  for (const line of foot) {
    const labelled = labelOf(line)
    if (labelled !== null) {
      current = { label: labelled.label, text: labelled.rest, page }
      notes.push(current)
    } else if (current !== null) {
      current.text = joinNoteLine(current.text, line.text)
    } else if (continues !== null) {
      continues.text = joinNoteLine(continues.text, line.text)
    }
  }
  return { lines: lines.slice(0, start), notes }
}

function joinNoteLine(before: string, line: string): string {
  if (/\p{L}-$/u.test(before) && /^\p{Ll}/u.test(line)) return before.slice(0, -1) + line
  return `${before} ${line}`
}
