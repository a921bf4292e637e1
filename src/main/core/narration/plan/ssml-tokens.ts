import { ssmlError } from './text-atoms'

/** A piece of an author-written SSML block, with its `[start, end)` in the block text. */
export type SsmlToken =
  | { kind: 'text'; start: number; end: number }
  | { kind: 'open' | 'close' | 'empty'; name: string; start: number; end: number }
  /** A whole `<sub alias>…</sub>` element: spoken as one unit, never cut. */
  | { kind: 'sub'; start: number; end: number; alias: string }

const TAG =
  /<(\/)?([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/)?>/y
const ALIAS = /\balias\s*=\s*(?:"([^"]*)"|'([^']*)')/

/** True when a block's text already has a `<speak>` root. */
export function hasSpeakRoot(text: string): boolean {
  return /^\s*(<\?xml[^>]*\?>\s*)?<speak[\s>/]/.test(text)
}

/**
 * Reads an SSML block into tokens, dropping the `<speak>` root, the XML declaration and comments.
 * Checks that elements nest; throws a VALIDATION_FAILED error naming the block and the offset.
 */
export function tokenizeSsml(blockId: string, text: string): SsmlToken[] {
  const tokens: SsmlToken[] = []
  const stack: string[] = []
  let textStart = 0
  let i = 0
  // Lowercased once, on the first `<sub>`: once per element would be quadratic in a long block.
  let lower: string | undefined
  const flushText = (upTo: number): void => {
    if (upTo > textStart) tokens.push({ kind: 'text', start: textStart, end: upTo })
  }
  while (i < text.length) {
    if (text[i] !== '<') {
      i += 1
      continue
    }
    flushText(i)
    if (text.startsWith('<!--', i) || text.startsWith('<?', i)) {
      const close = text.startsWith('<!--', i) ? '-->' : '?>'
      const end = text.indexOf(close, i)
      if (end < 0) throw ssmlError(blockId, `unterminated comment or declaration at offset ${i}`)
      i = end + close.length
      textStart = i
      continue
    }
    TAG.lastIndex = i
    const match = TAG.exec(text)
    if (!match) throw ssmlError(blockId, `malformed tag at offset ${i}`)
    const [whole, closing, rawName, attributes, selfClosing] = match
    const name = (rawName ?? '').toLowerCase()
    const end = i + whole.length
    if (name === 'speak') {
      // The root is added back around every request; its own attributes are not needed.
      i = end
      textStart = i
      continue
    }
    if (name === 'sub' && !closing && !selfClosing) {
      lower ??= text.toLowerCase()
      const close = lower.indexOf('</sub>', end)
      if (close < 0) throw ssmlError(blockId, `<sub> at offset ${i} is never closed`)
      const alias = ALIAS.exec(attributes ?? '')
      tokens.push({ kind: 'sub', start: i, end: close + 6, alias: alias?.[1] ?? alias?.[2] ?? '' })
      i = close + 6
      textStart = i
      continue
    }
    if (closing) {
      const open = stack.pop()
      if (open !== name) {
        throw ssmlError(blockId, `</${name}> at offset ${i} does not close <${open ?? 'nothing'}>`)
      }
      tokens.push({ kind: 'close', name, start: i, end })
    } else if (selfClosing) {
      tokens.push({ kind: 'empty', name, start: i, end })
    } else {
      stack.push(name)
      tokens.push({ kind: 'open', name, start: i, end })
    }
    i = end
    textStart = i
  }
  flushText(text.length)
  if (stack.length > 0) throw ssmlError(blockId, `<${stack.at(-1) ?? ''}> is never closed`)
  return tokens
}
