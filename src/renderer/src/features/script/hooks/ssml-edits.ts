import type { ScriptBlock } from '../../../../../shared/domain/script'

/** Escapes text for SSML. */
export function escapeSsml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * The block as SSML, with a caret range mapped into it: a plain block is escaped (and its offsets
 * moved past the escapes) so markup can be inserted; an SSML block is returned as it is.
 */
function asSsml(
  block: Pick<ScriptBlock, 'text' | 'ssml'>,
  start: number,
  end: number,
): { text: string; start: number; end: number } {
  if (block.ssml) return { text: block.text, start, end }
  const before = escapeSsml(block.text.slice(0, start))
  const middle = escapeSsml(block.text.slice(start, end))
  const after = escapeSsml(block.text.slice(end))
  return { text: before + middle + after, start: before.length, end: before.length + middle.length }
}

/** An edit to a block's text: the new text, SSML flag and caret. */
export interface MarkupEdit {
  text: string
  ssml: true
  caret: number
}

/** Inserts an exact pause (`<break time="…ms"/>`) at the caret. */
export function insertBreak(
  block: Pick<ScriptBlock, 'text' | 'ssml'>,
  at: number,
  ms = 500,
): MarkupEdit {
  const { text, start } = asSsml(block, at, at)
  const tag = `<break time="${ms}ms"/>`
  return {
    text: text.slice(0, start) + tag + text.slice(start),
    ssml: true,
    caret: start + tag.length,
  }
}

/** Wraps the selection in an element (emphasis, prosody rate); an empty selection is refused. */
export function wrapSelection(
  block: Pick<ScriptBlock, 'text' | 'ssml'>,
  start: number,
  end: number,
  open: string,
  close: string,
): MarkupEdit | null {
  if (end <= start) return null
  const mapped = asSsml(block, start, end)
  const text =
    mapped.text.slice(0, mapped.start) +
    open +
    mapped.text.slice(mapped.start, mapped.end) +
    close +
    mapped.text.slice(mapped.end)
  return { text, ssml: true, caret: mapped.end + open.length + close.length }
}
