import type { TextMark } from './text-marks'
import { normalizeMarks } from './text-marks'

/** One change of a text: `[start, start + removed)` replaced by `inserted` characters. */
export interface TextEdit {
  start: number
  removed: number
  inserted: number
}

/** A range after an edit, or null when the edit removed all of it. */
function moveRange(s: number, e: number, edit: TextEdit): [number, number] | null {
  const a = edit.start
  const b = a + edit.removed
  const n = edit.inserted
  const d = n - edit.removed
  if (edit.removed === 0) {
    // Typing at either edge of a range stays outside it; typing inside grows it.
    if (a <= s) return [s + n, e + n]
    return a < e ? [s, e + n] : [s, e]
  }
  if (a >= e) return [s, e]
  if (b <= s) return [s + d, e + d]
  // Text typed over part of a range (or all of it, exactly) takes the range's marks.
  if (s <= a && b <= e) return e + d > s ? [s, e + d] : null
  if (a < s && b < e) return [a + n, e + d]
  if (s < a && e < b) return [s, a]
  return null
}

/**
 * The marks after one edit of their text: ranges before it stay, those after it move, one the edit
 * falls inside grows or shrinks with it, one it removes entirely is dropped, and a pause whose
 * place was removed goes with it (a pause at an insertion stays before the new text). `newLength`
 * is the text's length after the edit.
 */
export function shiftMarks(
  marks: readonly TextMark[],
  edit: TextEdit,
  newLength: number,
): TextMark[] {
  if (marks.length === 0) return []
  const out: TextMark[] = []
  const removedEnd = edit.start + edit.removed
  const delta = edit.inserted - edit.removed
  for (const mark of marks) {
    if (mark.kind === 'pause') {
      const p = mark.start
      if (p > edit.start && p < removedEnd) continue
      const at = p <= edit.start ? p : p + delta
      out.push({ ...mark, start: at, end: at })
      continue
    }
    const moved = moveRange(mark.start, mark.end, edit)
    if (moved !== null) out.push({ ...mark, start: moved[0], end: moved[1] })
  }
  return normalizeMarks(out, newLength)
}

/**
 * The edit that turns `before` into `after` (one textarea change): the common head and tail kept,
 * the middle replaced. `caret`, where the caret is after the change, settles the ambiguous case
 * (typing "a" after "a": the new one is the one before the caret).
 */
export function diffTexts(before: string, after: string, caret?: number): TextEdit {
  const shortest = Math.min(before.length, after.length)
  let head = 0
  while (head < shortest && before.charCodeAt(head) === after.charCodeAt(head)) head += 1
  if (caret !== undefined && after.length >= before.length) {
    head = Math.min(head, Math.max(0, caret - (after.length - before.length)))
  }
  let tail = 0
  while (
    tail < shortest - head &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  ) {
    tail += 1
  }
  return {
    start: head,
    removed: before.length - head - tail,
    inserted: after.length - head - tail,
  }
}

/** A text with its marks: what the editor keeps, copies and pastes. */
export interface MarkedText {
  text: string
  marks: TextMark[]
}

/** The marks of `[start, end)` of a text, moved to start at 0 (a copy, a preview of a selection). */
export function sliceMarks(marks: readonly TextMark[], start: number, end: number): TextMark[] {
  const out: TextMark[] = []
  for (const mark of marks) {
    if (mark.kind === 'pause') {
      if (mark.start > start && mark.start < end) {
        out.push({ ...mark, start: mark.start - start, end: mark.start - start })
      }
      continue
    }
    const from = Math.max(mark.start, start)
    const to = Math.min(mark.end, end)
    if (to > from) out.push({ ...mark, start: from - start, end: to - start })
  }
  return normalizeMarks(out, end - start)
}

/**
 * `[start, end)` of `target` replaced by `piece` (a paste, a replacement), the piece's own marks
 * added where it lands and the rest shifted.
 */
export function spliceMarked(
  target: MarkedText,
  start: number,
  end: number,
  piece: MarkedText,
): MarkedText {
  const text = target.text.slice(0, start) + piece.text + target.text.slice(end)
  const shifted = shiftMarks(
    target.marks,
    { start, removed: end - start, inserted: piece.text.length },
    text.length,
  )
  const moved = piece.marks.map((m) => ({ ...m, start: m.start + start, end: m.end + start }))
  return { text, marks: normalizeMarks([...shifted, ...moved], text.length) }
}

/**
 * Every match of `pattern` replaced (find and replace, an export's clean-up), marks shifted with
 * each replacement. `replace` gives the replacement of one match.
 */
export function replaceMarked(
  source: MarkedText,
  pattern: RegExp,
  replace: (match: RegExpExecArray) => string,
): MarkedText {
  let text = ''
  let marks = source.marks
  let last = 0
  let delta = 0
  pattern.lastIndex = 0
  const global = pattern.global
  for (
    let m = pattern.exec(source.text);
    m !== null;
    m = global ? pattern.exec(source.text) : null
  ) {
    if (m[0].length === 0) {
      pattern.lastIndex += 1
      continue
    }
    const replacement = replace(m)
    text += source.text.slice(last, m.index) + replacement
    const newLength = source.text.length + delta - m[0].length + replacement.length
    marks = shiftMarks(
      marks,
      { start: m.index + delta, removed: m[0].length, inserted: replacement.length },
      newLength,
    )
    delta += replacement.length - m[0].length
    last = m.index + m[0].length
  }
  text += source.text.slice(last)
  return { text, marks }
}
