import type { MarkedText } from './text-mark-edits'
import type { RangeMark, TextMark } from './text-marks'
import {
  EMOTIONS,
  EMPHASIS_LEVELS,
  MARK_NESTING,
  MAX_MARK_PAUSE_MS,
  normalizeMarks,
  PITCH_LEVELS,
  RATE_LEVELS,
  VOLUME_LEVELS,
} from './text-marks'

/*
 * Marks as readable Markdown (docs/marks.md): `*moderate*` and `**strong**` emphasis, a bracketed
 * span with attributes for the rest (`[words]{emotion=cheerful rate=slow}`, `[NASA]{say="N. A. S.
 * A."}`, `[words]{emphasis=reduced}`), and `{pause=500ms}` at a point. A literal `\ * _ [ ] { } ` ~`
 * is written with a backslash before it.
 */

const ESCAPED = /[\\*_[\]{}`~]/g
const ATTRIBUTE_KEYS: Record<string, Exclude<RangeMark['kind'], 'alias'> | 'alias'> = {
  emphasis: 'emphasis',
  emotion: 'emotion',
  rate: 'rate',
  pitch: 'pitch',
  volume: 'volume',
  say: 'alias',
}
const VALUES: Record<string, readonly string[]> = {
  emphasis: EMPHASIS_LEVELS,
  emotion: EMOTIONS,
  rate: RATE_LEVELS,
  pitch: PITCH_LEVELS,
  volume: VOLUME_LEVELS,
}

function escapeText(text: string, lineStart: boolean): string {
  let out = text.replace(ESCAPED, '\\$&')
  // What would read as a heading, a quote or a list item at the start of a line.
  if (lineStart) out = out.replace(/^(#|>|[-+](?=\s)|\d+(?=[.)]\s))/, (m) => `\\${m}`)
  return out
}

function attributeOf(mark: RangeMark): string {
  if (mark.kind === 'alias') return `say="${mark.value.replace(/["\\]/g, '\\$&')}"`
  return `${mark.kind}=${mark.value}`
}

/** True for emphasis written with asterisks (moderate `*`, strong `**`). */
function starred(mark: RangeMark): boolean {
  return mark.kind === 'emphasis' && mark.value !== 'reduced'
}

/** One element of the written nesting: a starred emphasis, or a span of marks with one range. */
interface Element {
  marks: RangeMark[]
}

function opening(element: Element): string {
  const [first] = element.marks
  if (first !== undefined && starred(first)) return first.value === 'strong' ? '**' : '*'
  return '['
}

function closing(element: Element): string {
  const [first] = element.marks
  if (first !== undefined && starred(first)) return first.value === 'strong' ? '**' : '*'
  return `]{${element.marks.map(attributeOf).join(' ')}}`
}

/** The active marks of a stretch as elements, outer first, marks of one range in one span. */
function elementsOf(active: RangeMark[]): Element[] {
  active.sort(
    (a, b) =>
      a.start - b.start ||
      b.end - a.end ||
      Number(starred(b)) - Number(starred(a)) ||
      MARK_NESTING.indexOf(a.kind) - MARK_NESTING.indexOf(b.kind),
  )
  const out: Element[] = []
  for (const mark of active) {
    const last = out.at(-1)?.marks[0]
    const joins =
      last !== undefined &&
      !starred(last) &&
      !starred(mark) &&
      last.start === mark.start &&
      last.end === mark.end
    if (joins) out.at(-1)!.marks.push(mark)
    else out.push({ marks: [mark] })
  }
  return out
}

const sameElement = (a: Element, b: Element): boolean =>
  a.marks.length === b.marks.length && a.marks.every((m, i) => m === b.marks[i])

/**
 * A text with marks as one line of Markdown in the syntax above; marks that overlap without
 * nesting are written as nested pieces, which read back as the same marks.
 */
export function markdownOfMarked(source: MarkedText): string {
  const { text } = source
  const ranges = source.marks.filter((m): m is RangeMark => m.kind !== 'pause')
  const points = new Set<number>([0, text.length])
  for (const mark of source.marks) {
    points.add(mark.start)
    points.add(mark.end)
  }
  const sorted = [...points].sort((a, b) => a - b)
  let out = ''
  const stack: Element[] = []
  for (let i = 0; i < sorted.length; i++) {
    const at = sorted[i]!
    const next = sorted[i + 1]
    const wanted =
      next === undefined ? [] : elementsOf(ranges.filter((m) => m.start <= at && m.end >= next))
    let keep = 0
    while (keep < stack.length && keep < wanted.length && sameElement(stack[keep]!, wanted[keep]!))
      keep += 1
    while (stack.length > keep) out += closing(stack.pop()!)
    for (const mark of source.marks) {
      if (mark.kind === 'pause' && mark.start === at) out += `{pause=${mark.ms}ms}`
    }
    if (next === undefined) break
    for (const element of wanted.slice(keep)) {
      out += opening(element)
      stack.push(element)
    }
    out += escapeText(text.slice(at, next), out === '')
  }
  return out
}

/** Where the `]` that closes the `[` at `open` is (escapes and nested brackets skipped), or -1. */
function closingBracket(src: string, open: number): number {
  let depth = 0
  for (let i = open; i < src.length; i++) {
    const c = src[i]
    if (c === '\\') i += 1
    else if (c === '[') depth += 1
    else if (c === ']' && --depth === 0) return i
  }
  return -1
}

const ATTRIBUTE = /\s*([a-z]+)=(?:"((?:[^"\\]|\\.)*)"|([^\s}"]+))/y

/** The marks a `{…}` at `at` asks for (over `[start, end)`), and where it ends; null if not one. */
function readAttributes(
  src: string,
  at: number,
  start: number,
  end: number,
): { marks: TextMark[]; next: number } | null {
  if (src[at] !== '{') return null
  const marks: TextMark[] = []
  let i = at + 1
  while (src[i] !== '}') {
    ATTRIBUTE.lastIndex = i
    const m = ATTRIBUTE.exec(src)
    if (!m) return null
    i = ATTRIBUTE.lastIndex
    const kind = ATTRIBUTE_KEYS[m[1] ?? '']
    const value = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '')
    if (kind === undefined) continue
    if (kind === 'alias') {
      if (value.trim() !== '') marks.push({ kind, start, end, value: value.trim() })
    } else if (VALUES[kind]?.includes(value)) {
      marks.push({ kind, start, end, value } as TextMark)
    }
    while (src[i] === ' ') i += 1
  }
  return { marks, next: i + 1 }
}

const PAUSE = /\{pause=(\d+(?:\.\d+)?)(ms|s)\}/y

/** A `{pause=…}` at `at` added to `out`; where it ends, or `at` when there is none. */
function readPause(src: string, at: number, out: MarkedText): number {
  PAUSE.lastIndex = at
  const m = PAUSE.exec(src)
  if (!m) return at
  const ms = Math.round(Number(m[1]) * (m[2] === 's' ? 1000 : 1))
  if (ms >= 1 && ms <= MAX_MARK_PAUSE_MS) {
    out.marks.push({ kind: 'pause', start: out.text.length, end: out.text.length, ms })
  }
  return PAUSE.lastIndex
}

/** Reads Markdown inline syntax: the words a listener hears, and the marks written around them. */
export function markedOfMarkdown(src: string): MarkedText {
  const out = { text: '', marks: [] as TextMark[] }
  readInto(src, 0, src.length, out)
  return { text: out.text, marks: normalizeMarks(out.marks, out.text.length) }
}

function readInto(src: string, from: number, to: number, out: MarkedText): void {
  const open: { level: 'moderate' | 'strong'; start: number }[] = []
  let i = from
  while (i < to) {
    const c = src[i]!
    if (c === '\\' && i + 1 < to && /[!-/:-@[-`{-~]/.test(src[i + 1]!)) {
      out.text += src[i + 1]
      i += 2
      continue
    }
    if (c === '*' || c === '_') {
      let n = 0
      while (src[i + n] === c && n < 3) n += 1
      let used = 0
      while (used < n) {
        const left = n - used
        const top = open.at(-1)
        if (top?.level === 'strong' && left >= 2) {
          open.pop()
          out.marks.push({
            kind: 'emphasis',
            start: top.start,
            end: out.text.length,
            value: 'strong',
          })
          used += 2
        } else if (top?.level === 'moderate') {
          open.pop()
          out.marks.push({
            kind: 'emphasis',
            start: top.start,
            end: out.text.length,
            value: 'moderate',
          })
          used += 1
        } else {
          const level = left >= 2 ? 'strong' : 'moderate'
          open.push({ level, start: out.text.length })
          used += level === 'strong' ? 2 : 1
        }
      }
      i += n
      continue
    }
    if (c === '{') {
      const next = readPause(src, i, out)
      if (next > i) {
        i = next
        continue
      }
    }
    const bracket = c === '[' ? i : c === '!' && src[i + 1] === '[' ? i + 1 : -1
    const after = bracket >= 0 ? readBracketed(src, bracket, to, out) : null
    if (after !== null) {
      i = after
      continue
    }
    if (c === '`' || (c === '~' && src[i + 1] === '~')) {
      i += c === '`' ? 1 : 2
      continue
    }
    out.text += c
    i += 1
  }
  // An asterisk never closed marks nothing (a stray one in hand-written Markdown).
}

/**
 * "[words]{…}" (marks) or "[words](…)" (a link or an image: its words are read, where it points
 * is not) at `bracket`, read into `out`; where it ends, or null (nothing read) when the bracket
 * is not one of them. Any other bracket, a citation "[12]" or an editor's "[sic]", is text.
 */
function readBracketed(src: string, bracket: number, to: number, out: MarkedText): number | null {
  const close = closingBracket(src, bracket)
  const follows = close > 0 && close < to ? src[close + 1] : undefined
  if (follows !== '{' && follows !== '(') return null
  const kept = { text: out.text, marks: out.marks.length }
  const start = out.text.length
  readInto(src, bracket + 1, close, out)
  if (follows === '{') {
    const attributes = readAttributes(src, close + 1, start, out.text.length)
    if (attributes !== null) {
      out.marks.push(...attributes.marks)
      return attributes.next
    }
  } else {
    const link = src.indexOf(')', close + 1)
    if (link > 0) return link + 1
  }
  out.text = kept.text
  out.marks.length = kept.marks
  return null
}
