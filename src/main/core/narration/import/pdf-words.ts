import type { PdfLine } from './pdf-lines'

const WORD = /\p{L}+(?:-\p{L}+)*/gu

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
      const endsInHyphen = /\p{L}-$/u.test(line.text)
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
  const head = /(\p{L}+(?:-\p{L}+)*)-$/u.exec(before)?.[1]
  const tail = /^(\p{L}+)/u.exec(after)?.[1]
  return head !== undefined && tail !== undefined ? { head, tail } : null
}
