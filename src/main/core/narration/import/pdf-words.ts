import type { PdfLine } from './pdf-lines'

const WORD = /\p{L}+(?:-\p{L}+)*/gu
const HYPHEN_END = /\p{L}-$/u
const HEAD = /(\p{L}+(?:-\p{L}+)*)-$/u

/** How much of a paragraph's end is searched for the word broken at its hyphen at first. */
const HEAD_WINDOW = 256

/**
 * The words a document uses inside its lines (never the pieces at a line-end hyphen), to decide
 * whether a word broken at a line end is one word ("fa-" + "ther") or a compound ("well-known").
 */
export class DocumentWords {
  readonly #words = new Set<string>()
  readonly #compounds = new Set<string>()

  /** Counts the words of lines in reading order; `lines` may be fed page by page. */
  add(lines: readonly PdfLine[], previousEndsInHyphen: boolean): boolean {
    let broken = previousEndsInHyphen
    for (const line of lines) {
      const tokens = line.text.match(WORD) ?? []
      const endsInHyphen = HYPHEN_END.test(line.text.slice(-3))
      const from = broken ? 1 : 0
      const to = endsInHyphen ? tokens.length - 1 : tokens.length
      for (let i = from; i < to; i++) {
        const token = tokens[i]!.toLowerCase()
        if (token.includes('-')) this.#compounds.add(token)
        else this.#words.add(token)
      }
      broken = endsInHyphen
    }
    return broken
  }

  /**
   * Joins a line ending in "<head>-" with the next line starting with `tail`: true to drop the
   * hyphen. The document decides first: the hyphenated form used inside a line keeps it, the
   * joined form used elsewhere drops it. Else a hyphen between two words the document uses on
   * their own is kept ("well" and "known"), and one inside a word is dropped ("fa", "ther"). A
   * capital or a digit after the hyphen ("Jean-Paul", "1914-1918") always keeps it.
   */
  dropsHyphen(head: string, tail: string): boolean {
    if (!/^\p{Ll}/u.test(tail)) return false
    const a = head.toLowerCase()
    const b = tail.toLowerCase()
    if (this.#compounds.has(`${a}-${b}`)) return false
    if (this.#words.has(a + b)) return true
    const lastPart = a.split('-').at(-1) ?? a
    return !(this.#words.has(lastPart) && this.#words.has(b))
  }
}

/** The last word of a line before its end hyphen and the first word of the next line. */
export function brokenWord(before: string, after: string): { head: string; tail: string } | null {
  if (!before.endsWith('-')) return null
  const head = headBeforeHyphen(before)
  const tail = /^(\p{L}+)/u.exec(after)?.[1]
  return head !== undefined && tail !== undefined ? { head, tail } : null
}

/**
 * The word before a text's end hyphen. Why a window: `before` is the paragraph so far, and
 * searching all of it at each line made a long paragraph cost its length squared. A match that
 * starts three or more characters into the window cannot reach further back (the pattern looks
 * at nothing before where it starts), so only a word as long as the window needs the whole text.
 */
function headBeforeHyphen(before: string): string | undefined {
  const window = before.length > HEAD_WINDOW ? before.slice(-HEAD_WINDOW) : before
  const found = HEAD.exec(window)
  if (found === null) return undefined
  if (found.index <= 2 && window !== before) return HEAD.exec(before)?.[1]
  return found[1]
}
