import { AppError } from '../../../../shared/errors'
import type { CompiledLexicon } from '../../../../shared/domain/lexicon'
import type { TextMark } from '../../../../shared/domain/text-marks'
import { markedAtoms } from './mark-atoms'
import { tokenizeSsml } from './ssml-tokens'
import type { Atom, SourceSpan } from './text-atoms'
import { appendSpans, sentenceEnds, textRunAtoms } from './text-atoms'

/** One request's worth of a block: the exact `input` and how it maps back to the block text. */
export interface PieceText {
  input: string
  /** Ranges of `input` (absolute offsets) that came from the block text, in order. */
  spans: SourceSpan[]
  /** Code points the service will bill (spoken text; `<sub>` counts its alias). */
  billableCharacters: number
}

/** What {@link splitBlock} needs besides the block. */
export interface SplitOptions {
  lexicon: CompiledLexicon | null
  /** BCP 47 locale for sentence segmentation. */
  locale: string
  /** Longest request input in code points, SSML tags included. */
  maxCodePoints: number
}

const SPEAK_OPEN = '<speak>'
const SPEAK_CLOSE = '</speak>'

function codePoints(text: string): number {
  let n = 0
  for (const _ of text) n += 1
  return n
}

function ssmlAtoms(block: { id: string; text: string }, options: SplitOptions): Atom[] {
  const tokens = tokenizeSsml(block.id, block.text)
  // Sentence ends are found on the text content of the whole block, so a sentence that runs
  // across an element (`<emphasis>`) is still one sentence.
  let plain = ''
  const plainToSource: number[] = []
  for (const token of tokens) {
    if (token.kind !== 'text' && token.kind !== 'sub') continue
    for (let i = token.start; i < token.end; i++) {
      plain += token.kind === 'sub' ? '_' : (block.text[i] ?? '')
      plainToSource.push(i)
    }
  }
  const ends = sentenceEnds(plain, options.locale, (i) => plainToSource[i] ?? 0)
  const atoms: Atom[] = []
  for (const token of tokens) {
    if (token.kind === 'text') {
      // A loop, not push(...atoms): a long run has more words than a call may take arguments.
      const words = textRunAtoms(block.text, token.start, token.end, {
        ssml: true,
        rawSsml: true,
        lexicon: options.lexicon,
        sentenceEnds: ends,
      })
      for (const word of words) atoms.push(word)
    } else if (token.kind === 'sub') {
      const out = block.text.slice(token.start, token.end)
      atoms.push({
        kind: 'text',
        out,
        spans: [{ outStart: 0, outEnd: out.length, srcStart: token.start, srcEnd: token.end }],
        billable: codePoints(token.alias),
        breakAfter: ends.has(token.end) ? 'sentence' : 'none',
      })
    } else {
      const previous = atoms.at(-1)?.breakAfter ?? 'none'
      atoms.push({
        kind: token.kind,
        name: token.name,
        out: block.text.slice(token.start, token.end),
        spans: [],
        billable: 0,
        // A cut may follow a closing or empty tag when it could precede it; never an opening tag.
        breakAfter: token.kind === 'open' ? 'none' : previous,
      })
    }
  }
  return atoms
}

function plainAtoms(
  block: { id: string; text: string },
  options: SplitOptions,
  ssml: boolean,
): Atom[] {
  const start = block.text.search(/\S/u)
  if (start < 0) return []
  const end = block.text.trimEnd().length
  return textRunAtoms(block.text, start, end, {
    ssml,
    rawSsml: false,
    lexicon: options.lexicon,
    sentenceEnds: sentenceEnds(block.text.slice(start, end), options.locale, (i) => i + start),
  })
}

function assemble(
  atoms: Atom[],
  from: number,
  to: number,
  stack: Atom[],
  ssml: boolean,
): PieceText {
  let input = ssml ? SPEAK_OPEN + stack.map((a) => a.out).join('') : ''
  const spans: SourceSpan[] = []
  let billable = 0
  const open = [...stack]
  for (let i = from; i < to; i++) {
    const atom = atoms[i]
    if (!atom) continue
    appendSpans(spans, atom.spans, input.length)
    input += atom.out
    billable += atom.billable
    if (atom.kind === 'open') open.push(atom)
    if (atom.kind === 'close') open.pop()
  }
  if (ssml) {
    input += open
      .reverse()
      .map((a) => `</${a.name ?? ''}>`)
      .join('')
    input += SPEAK_CLOSE
  }
  return { input, spans, billableCharacters: billable }
}

/**
 * Splits one block into request inputs of at most `maxCodePoints` code points (SSML included):
 * at sentence ends when possible, else between words, never inside a word or a tag. Elements open
 * at a cut are closed at the end of one request and reopened at the start of the next, so every
 * request is well-formed SSML with the same prosody. Lexicon hits become `<sub alias>`, which
 * turns a plain block into SSML (escaped), as marks do (compiled here, see mark-atoms.ts). Empty
 * blocks give no requests.
 */
export function splitBlock(
  block: { id: string; text: string; ssml: boolean; marks?: readonly TextMark[] },
  options: SplitOptions,
): PieceText[] {
  let atoms: Atom[]
  let ssml = block.ssml
  if (block.ssml) {
    atoms = ssmlAtoms(block, options)
  } else if (block.marks !== undefined && block.marks.length > 0) {
    ssml = true
    atoms = markedAtoms({ text: block.text, marks: block.marks }, options)
  } else {
    const needsSsml = options.lexicon !== null && options.lexicon.find(block.text).length > 0
    ssml = needsSsml
    atoms = plainAtoms(block, options, needsSsml)
  }
  if (!atoms.some((a) => a.kind === 'text' && a.out.trim().length > 0)) return []

  const wrapper = ssml ? SPEAK_OPEN.length + SPEAK_CLOSE.length : 0
  const pieces: PieceText[] = []
  let from = 0
  let stack: Atom[] = []
  while (from < atoms.length) {
    let size =
      wrapper + stack.reduce((n, a) => n + codePoints(a.out) + (a.name?.length ?? 0) + 3, 0)
    const open = [...stack]
    let lastSentence = -1
    let lastWord = -1
    let cut = atoms.length
    const stacks = new Map<number, Atom[]>()
    for (let i = from; i < atoms.length; i++) {
      const atom = atoms[i]
      if (!atom) break
      // `size` is always the length of the request if it were cut right after this atom: the
      // closing tags of every open element are reserved when the element opens.
      size += codePoints(atom.out)
      if (atom.kind === 'open') {
        open.push(atom)
        size += (atom.name?.length ?? 0) + 3
      } else if (atom.kind === 'close') {
        const closed = open.pop()
        size -= (closed?.name?.length ?? 0) + 3
      }
      if (size > options.maxCodePoints) {
        cut = lastSentence > from ? lastSentence : lastWord
        if (cut <= from) {
          throw new AppError(
            'VALIDATION_FAILED',
            `Block ${block.id} has a word or an element longer than one request allows (${options.maxCodePoints} characters, SSML included). Shorten it or split it.`,
            { details: { fields: { [block.id]: 'word or element too long for one request' } } },
          )
        }
        break
      }
      if (atom.breakAfter === 'sentence') lastSentence = i + 1
      if (atom.breakAfter !== 'none') lastWord = i + 1
      if (atom.breakAfter !== 'none') stacks.set(i + 1, [...open])
    }
    const piece = assemble(atoms, from, cut, stack, ssml)
    if (piece.spans.some((s) => block.text.slice(s.srcStart, s.srcEnd).trim().length > 0)) {
      pieces.push(piece)
    }
    stack = stacks.get(cut) ?? []
    from = cut
  }
  return pieces
}
