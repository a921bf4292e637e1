import { AppError } from '../../../../shared/errors'
import type { CompiledLexicon } from '../../../../shared/domain/lexicon'

/** Maps a range of a request's input back to the block text it came from (UTF-16 offsets). */
export interface SourceSpan {
  outStart: number
  outEnd: number
  srcStart: number
  srcEnd: number
}

/** Adds `added` to `spans`, each moved by `by` in the output (where its text lands there). */
export function appendSpans(spans: SourceSpan[], added: readonly SourceSpan[], by: number): void {
  for (const span of added) {
    spans.push({ ...span, outStart: span.outStart + by, outEnd: span.outEnd + by })
  }
}

/**
 * The smallest unit a request can be cut around: a word with its trailing space (or a lexicon
 * phrase, or a whole `<sub>` element), or one SSML tag. Never cut inside.
 */
export interface Atom {
  kind: 'text' | 'open' | 'close' | 'empty'
  /** What goes into the request input. */
  out: string
  /** Tag name for open/close atoms. */
  name?: string
  /** Mapping of `out` (offsets relative to the atom) back to the block text. */
  spans: SourceSpan[]
  /** Code points the service bills for this atom (spoken text; aliases for `<sub>`). */
  billable: number
  /** Whether a request may end right after this atom: at a sentence end or a word end. */
  breakAfter: 'sentence' | 'word' | 'none'
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** Escapes text for an SSML document (`& < > " '`, as the service requires). */
export function escapeSsml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
}

function codePoints(text: string): number {
  let n = 0
  for (const _ of text) n += 1
  return n
}

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g

function decodedLength(ssmlText: string): number {
  return codePoints(ssmlText.replace(ENTITY, '_'))
}

/** Builds `out` and its spans for a slice of source text, escaping when the request is SSML. */
function textPiece(
  source: string,
  start: number,
  end: number,
  escape: boolean,
): { out: string; spans: SourceSpan[] } {
  const raw = source.slice(start, end)
  if (!escape || !/[&<>"']/.test(raw)) {
    return { out: raw, spans: [{ outStart: 0, outEnd: raw.length, srcStart: start, srcEnd: end }] }
  }
  const spans: SourceSpan[] = []
  let out = ''
  let runStart = 0
  const flush = (upTo: number): void => {
    if (upTo > runStart) {
      const chunk = raw.slice(runStart, upTo)
      spans.push({
        outStart: out.length,
        outEnd: out.length + chunk.length,
        srcStart: start + runStart,
        srcEnd: start + upTo,
      })
      out += chunk
    }
  }
  for (let i = 0; i < raw.length; i++) {
    const escaped = ESCAPES[raw[i] ?? '']
    if (escaped === undefined) continue
    flush(i)
    spans.push({
      outStart: out.length,
      outEnd: out.length + escaped.length,
      srcStart: start + i,
      srcEnd: start + i + 1,
    })
    out += escaped
    runStart = i + 1
  }
  flush(raw.length)
  return { out, spans }
}

/** How {@link sentenceEnds} hands text to the segmenter (tests shrink the windows). */
export interface SegmentWindows {
  /** Longest stretch segmented at once, in UTF-16 units. */
  window: number
  /** Ends this close to a window's end are found again by the next window (they may need context). */
  margin: number
}

// Why windows: V8's Intl.Segmenter gets slower per sentence as the text grows (about 0.2 s for
// 100 KB but 12 s for 200 KB of short sentences), so one long block would hold main for minutes.
// A sentence break depends only on the characters around it (the terminator, closing marks and
// spaces before it, the first letter after it), so segmenting windows that each start at a known
// end (or inside a word) and trusting only the ends at least `margin` before the window's end
// gives the same ends in linear time; a test holds it to a single pass on varied text.
const DEFAULT_WINDOWS: SegmentWindows = { window: 16_384, margin: 1_024 }

const LETTER = /\p{L}/u

/**
 * Where to start the next window when a window holds no trusted sentence end (one very long
 * sentence): inside a word, so no sentence end after it needs text before it. Looks back from
 * `limit` at most `span` units (so every window moves on by a good part of its length); falls
 * back to `limit` in a stretch without words, where an end may then be missed.
 */
function restartPoint(text: string, limit: number, span: number): number {
  for (let i = limit; i > limit - span; i--) {
    if (LETTER.test(text[i] ?? '') && LETTER.test(text[i - 1] ?? '')) return i
  }
  return limit
}

/**
 * Sentence ends of a text, as offsets just after each sentence (and its trailing space), via
 * `Intl.Segmenter`, in linear time (see DEFAULT_WINDOWS). `toSource` maps an index of `text` to
 * its offset in the block.
 */
export function sentenceEnds(
  text: string,
  locale: string,
  toSource: (index: number) => number = (i) => i,
  windows: SegmentWindows = DEFAULT_WINDOWS,
): Set<number> {
  const ends = new Set<number>()
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' })
  let pos = 0
  while (pos < text.length) {
    const stop = Math.min(text.length, pos + windows.window)
    const final = stop === text.length
    const trusted = final ? stop : stop - windows.margin
    let next = pos
    for (const s of segmenter.segment(text.slice(pos, stop))) {
      const end = pos + s.index + s.segment.length
      if (!final && end >= trusted) break
      if (end > 0) ends.add(toSource(end - 1) + 1)
      next = end
    }
    if (final) break
    pos = next > pos ? next : restartPoint(text, trusted, (windows.window - windows.margin) / 2)
  }
  return ends
}

/**
 * Cuts a run of text (`source[start, end)`) into word atoms, replacing lexicon hits with `<sub>`
 * when `ssml` is true. `ssml` false means the request is plain text: no escaping, no lexicon.
 */
export function textRunAtoms(
  source: string,
  start: number,
  end: number,
  options: {
    ssml: boolean
    lexicon: CompiledLexicon | null
    rawSsml: boolean
    /** Source offsets where a sentence ends (after its trailing space), block-wide. */
    sentenceEnds: ReadonlySet<number>
  },
): Atom[] {
  const text = source.slice(start, end)
  if (text.length === 0) return []
  const found = options.ssml && options.lexicon ? options.lexicon.find(text) : []
  // In author-written SSML an entity like `&amp;` is markup, not a word a lexicon may replace.
  const matches = options.rawSsml
    ? found.filter((m) => !/[&#]/.test(text[m.start - 1] ?? '') && text[m.end] !== ';')
    : found
  // Every scan below moves forward only (matches are sorted and never overlap): linear in the
  // text, whatever its length and number of lexicon hits.
  const cuts: number[] = []
  let hit = 0
  for (let i = 1; i < text.length; i++) {
    while (hit < matches.length && (matches[hit]?.end ?? 0) <= i) hit += 1
    const match = matches[hit]
    const inMatch = match !== undefined && i > match.start && i < match.end
    if (/\s/u.test(text[i - 1] ?? '') && !/\s/u.test(text[i] ?? '') && !inMatch) cuts.push(i)
  }
  cuts.push(text.length)
  const atoms: Atom[] = []
  let from = 0
  let firstMatch = 0
  for (const cut of cuts) {
    let out = ''
    const spans: SourceSpan[] = []
    let billable = 0
    let cursor = from
    const pushText = (a: number, b: number): void => {
      if (b <= a) return
      // Text of an SSML block is already escaped by its author: copy it as written.
      const piece = textPiece(source, start + a, start + b, options.ssml && !options.rawSsml)
      appendSpans(spans, piece.spans, out.length)
      out += piece.out
      billable += options.rawSsml ? decodedLength(text.slice(a, b)) : codePoints(text.slice(a, b))
    }
    while (firstMatch < matches.length && (matches[firstMatch]?.start ?? 0) < from) firstMatch += 1
    for (let m = firstMatch; m < matches.length; m++) {
      const match = matches[m]
      if (match === undefined || match.start >= cut) break
      pushText(cursor, match.start)
      const word = textPiece(source, start + match.start, start + match.end, !options.rawSsml).out
      const sub = `<sub alias="${escapeSsml(match.alias)}">${word}</sub>`
      spans.push({
        outStart: out.length,
        outEnd: out.length + sub.length,
        srcStart: start + match.start,
        srcEnd: start + match.end,
      })
      out += sub
      billable += codePoints(match.alias)
      cursor = match.end
    }
    pushText(cursor, cut)
    atoms.push({
      kind: 'text',
      out,
      spans,
      billable,
      breakAfter: options.sentenceEnds.has(start + cut)
        ? 'sentence'
        : /\s/u.test(text[cut - 1] ?? '')
          ? 'word'
          : 'none',
    })
    from = cut
  }
  return atoms
}

/** Raised for an SSML block that cannot be read; says where and what to fix. */
export function ssmlError(blockId: string, message: string): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `Block ${blockId}: ${message}. Fix the SSML and try again.`,
    {
      details: { fields: { [blockId]: message } },
    },
  )
}
