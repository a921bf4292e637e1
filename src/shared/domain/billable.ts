import type { CompiledLexicon } from './lexicon'

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/giu

function codePoints(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** Code points of `text` with each lexicon hit counted as its alias (what is spoken). */
function spokenLength(text: string, lexicon: CompiledLexicon | null): number {
  let n = codePoints(text)
  for (const hit of lexicon?.find(text) ?? []) {
    n += codePoints(hit.alias) - codePoints(text.slice(hit.start, hit.end))
  }
  return n
}

/**
 * The characters the service bills for a block, as the editor shows them while typing: the
 * spoken text in code points, a lexicon hit counted as its alias, SSML tags left out, an author's
 * `<sub alias>` counted as its alias and an entity as one character. The render plan counts the
 * same way piece by piece (and is what the cost estimate uses); a test holds the two together.
 */
export function billableCharacters(
  block: { text: string; ssml: boolean },
  lexicon: CompiledLexicon | null,
): number {
  // Plain text is sent trimmed; an SSML block is sent as written, its spaces included.
  if (!block.ssml) return spokenLength(block.text.trim(), lexicon)
  const text = block.text
  let total = 0
  // Text between tags is spoken (the lexicon applies there); inside <sub>, only the alias is.
  // Element names are case-sensitive in SSML, as in the render plan.
  const tag = /<sub\b[^>]*\balias=(?:"([^"]*)"|'([^']*)')[^>]*>[^<]*<\/sub>|<[^>]*>/gu
  let cursor = 0
  const run = (from: number, to: number): void => {
    const words = text.slice(from, to)
    const entities = [...words.matchAll(ENTITY)]
    if (entities.length === 0) total += spokenLength(words, lexicon)
    else {
      let at = 0
      for (const entity of entities) {
        total += spokenLength(words.slice(at, entity.index), lexicon) + 1
        at = entity.index + entity[0].length
      }
      total += spokenLength(words.slice(at), lexicon)
    }
  }
  for (const match of text.matchAll(tag)) {
    run(cursor, match.index)
    const alias = match[1] ?? match[2]
    if (alias !== undefined) total += codePoints(alias.replace(ENTITY, '_'))
    cursor = match.index + match[0].length
  }
  run(cursor, text.length)
  return total
}
