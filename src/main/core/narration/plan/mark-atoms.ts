import type { CompiledLexicon } from '../../../../shared/domain/lexicon'
import type { RangeMark, TextMark } from '../../../../shared/domain/text-marks'
import { MARK_NESTING, STYLE_ELEMENT } from '../../../../shared/domain/text-marks'
import type { Atom } from './text-atoms'
import { escapeSsml, sentenceEnds, textRunAtoms } from './text-atoms'

/** What {@link markedAtoms} needs besides the block. */
export interface MarkAtomOptions {
  lexicon: CompiledLexicon | null
  locale: string
}

/** The element a range mark becomes: its name (for closing it) and its opening tag. */
function elementOf(mark: Exclude<RangeMark, { kind: 'alias' }>): { name: string; open: string } {
  const value = escapeSsml(mark.value)
  switch (mark.kind) {
    case 'emphasis':
      return { name: 'emphasis', open: `<emphasis level="${value}">` }
    case 'emotion':
      return { name: STYLE_ELEMENT, open: `<${STYLE_ELEMENT} emotion="${value}">` }
    default:
      return { name: 'prosody', open: `<prosody ${mark.kind}="${value}">` }
  }
}

function codePoints(text: string): number {
  let n = 0
  for (const _ of text) n += 1
  return n
}

type Wrapping = Exclude<RangeMark, { kind: 'alias' }>

/** Outer marks first: the one that starts earlier, then the one that ends later, then by kind. */
function outerFirst(a: Wrapping, b: Wrapping): number {
  return (
    a.start - b.start ||
    b.end - a.end ||
    MARK_NESTING.indexOf(a.kind) - MARK_NESTING.indexOf(b.kind)
  )
}

/** A block's marks clipped to its spoken text, and the points where some mark starts or ends. */
interface Layout {
  wrapping: Wrapping[]
  aliases: Extract<TextMark, { kind: 'alias' }>[]
  pauses: Map<number, number>
  points: number[]
}

function layoutOf(marks: readonly TextMark[], lo: number, hi: number): Layout {
  const clip = (at: number): number => Math.min(hi, Math.max(lo, at))
  const layout: Layout = { wrapping: [], aliases: [], pauses: new Map(), points: [] }
  const cuts = new Set<number>([lo, hi])
  for (const mark of marks) {
    if (mark.kind === 'pause') {
      const at = clip(mark.start)
      layout.pauses.set(at, Math.max(layout.pauses.get(at) ?? 0, mark.ms))
      cuts.add(at)
      continue
    }
    const start = clip(mark.start)
    const end = clip(mark.end)
    if (end <= start) continue
    if (mark.kind === 'alias') layout.aliases.push({ ...mark, start, end })
    else layout.wrapping.push({ ...mark, start, end })
    cuts.add(start)
    cuts.add(end)
  }
  // Nothing may start or end inside an alias: its words are spoken as one.
  layout.points = [...cuts]
    .filter((p) => !layout.aliases.some((a) => p > a.start && p < a.end))
    .sort((a, b) => a - b)
  return layout
}

/** An alias as one atom: `<sub alias>` over its written words, billed as the alias. */
function aliasAtom(
  text: string,
  alias: { start: number; end: number; value: string },
  ends: ReadonlySet<number>,
): Atom {
  const written = escapeSsml(text.slice(alias.start, alias.end))
  const out = `<sub alias="${escapeSsml(alias.value)}">${written}</sub>`
  return {
    kind: 'text',
    out,
    spans: [{ outStart: 0, outEnd: out.length, srcStart: alias.start, srcEnd: alias.end }],
    billable: codePoints(alias.value),
    breakAfter: ends.has(alias.end)
      ? 'sentence'
      : /\s/u.test(text[alias.end] ?? ' ')
        ? 'word'
        : 'none',
  }
}

function tagAtom(
  kind: 'open' | 'close' | 'empty',
  name: string,
  out: string,
  after: Atom['breakAfter'],
): Atom {
  return { kind, name, out, spans: [], billable: 0, breakAfter: kind === 'open' ? 'none' : after }
}

/**
 * A plain block with marks as atoms of SSML: its words escaped (lexicon hits as `<sub>`), each
 * mark's element opened where the mark starts and closed where it ends. Marks that overlap without
 * nesting are closed and opened again around the inner one, so the markup always nests; an alias
 * is one atom (`<sub alias>` over its whole text, never cut). The splitter closes and reopens open
 * elements at a cut, as it does for SSML written by hand.
 */
export function markedAtoms(
  block: { text: string; marks: readonly TextMark[] },
  options: MarkAtomOptions,
): Atom[] {
  const { text } = block
  const lo = text.search(/\S/u)
  if (lo < 0) return []
  const hi = text.trimEnd().length
  const ends = sentenceEnds(text.slice(lo, hi), options.locale, (i) => i + lo)
  const { wrapping, aliases, pauses, points } = layoutOf(block.marks, lo, hi)
  const atoms: Atom[] = []
  const stack: Wrapping[] = []
  const previousBreak = (): Atom['breakAfter'] => atoms.at(-1)?.breakAfter ?? 'none'
  for (let i = 0; i < points.length; i++) {
    const at = points[i]!
    const next = points[i + 1]
    const active = next === undefined ? [] : wrapping.filter((m) => m.start <= at && m.end >= next)
    active.sort(outerFirst)
    let keep = 0
    while (keep < stack.length && keep < active.length && stack[keep] === active[keep]) keep += 1
    while (stack.length > keep) {
      const { name } = elementOf(stack.pop()!)
      atoms.push(tagAtom('close', name, `</${name}>`, previousBreak()))
    }
    const pause = pauses.get(at)
    if (pause !== undefined) {
      atoms.push(tagAtom('empty', 'break', `<break time="${pause}ms"/>`, previousBreak()))
    }
    if (next === undefined) break
    for (const mark of active.slice(keep)) {
      const { name, open } = elementOf(mark)
      atoms.push(tagAtom('open', name, open, 'none'))
      stack.push(mark)
    }
    const alias = aliases.find((a) => a.start === at)
    if (alias !== undefined) {
      atoms.push(aliasAtom(text, alias, ends))
      continue
    }
    const words = textRunAtoms(text, at, next, {
      ssml: true,
      rawSsml: false,
      lexicon: options.lexicon,
      sentenceEnds: ends,
    })
    for (const word of words) atoms.push(word)
  }
  return atoms
}
