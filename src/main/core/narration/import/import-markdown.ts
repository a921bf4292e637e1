import type { ScriptBlockInput } from '../../../../shared/domain/script'
import { markedOfMarkdown } from '../../../../shared/domain/marks-markdown'
import type { MarkedText } from '../../../../shared/domain/text-mark-edits'
import { replaceMarked, spliceMarked } from '../../../../shared/domain/text-mark-edits'

/** A line's words and marks (docs/marks.md), list and quote markers left out, ends trimmed. */
export function markedLine(line: string): MarkedText {
  const bare = line.replace(/^\s{0,3}(?:[-*+]|\d+[.)])\s+/, '').replace(/^\s{0,3}>\s?/, '')
  return replaceMarked(markedOfMarkdown(bare), /^\s+|\s+$/g, () => '')
}

/** Lines of one paragraph joined by a space, as Markdown joins them, marks kept. */
function joinLines(lines: readonly MarkedText[]): MarkedText {
  let out: MarkedText = { text: '', marks: [] }
  for (const line of lines) {
    if (line.text === '') continue
    const at = out.text.length
    out = spliceMarked(
      out,
      at,
      at,
      at === 0
        ? line
        : {
            text: ` ${line.text}`,
            marks: line.marks.map((m) => ({ ...m, start: m.start + 1, end: m.end + 1 })),
          },
    )
  }
  return out
}

/** A block's text and, when it has any, its marks. */
function blockText(marked: MarkedText): Pick<ScriptBlockInput, 'text' | 'marks'> {
  return marked.marks.length === 0
    ? { text: marked.text }
    : { text: marked.text, marks: marked.marks }
}

/** Markdown inline syntax reduced to the words a listener hears. */
export function stripInlineMarkdown(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/^\s{0,3}(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/^\s{0,3}>\s?/, '')
}

const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/
const RULE = /^\s{0,3}(?:[-*_]\s*){3,}$/
const FENCE = /^\s{0,3}(```|~~~)/
const DIALOGUE = /^\s*(?:\*\*)?([\p{L}][\p{L}\p{N} .'’-]{0,48}?)(?:\*\*)?\s*:\s+(.+)$/u

/**
 * Blocks of a Markdown script. Headings start chapters (the heading names the chapter and is not
 * spoken); paragraphs become blocks; a line `NAME: words` whose NAME is in `speakers` (case
 * insensitive) becomes its own block spoken by that cast member, so a dialogue paragraph gives one
 * block per line with the shorter block pause between lines. Code fences and rules are skipped.
 * Emphasis and the marks syntax of docs/marks.md become marks on the block's plain text.
 */
export function importMarkdown(text: string, speakers: readonly string[] = []): ScriptBlockInput[] {
  const known = new Map(speakers.map((s) => [s.toLocaleLowerCase('en-US'), s]))
  const blocks: ScriptBlockInput[] = []
  let chapter: string | undefined
  let paragraph: string[] = []
  let inFence = false

  const pushBlock = (block: Omit<ScriptBlockInput, 'id'>): void => {
    blocks.push({ id: `b${blocks.length + 1}`, ...block, ...(chapter ? { chapter } : {}) })
  }
  const flush = (): void => {
    const start = blocks.length
    let prose: MarkedText[] = []
    const flushProse = (): void => {
      const joined = joinLines(prose)
      if (joined.text.trim() !== '') pushBlock({ ...blockText(joined), endsParagraph: false })
      prose = []
    }
    for (const line of paragraph) {
      const match = DIALOGUE.exec(line)
      const speaker = match?.[1] ? known.get(match[1].trim().toLocaleLowerCase('en-US')) : undefined
      if (match?.[2] && speaker) {
        flushProse()
        pushBlock({ ...blockText(markedLine(match[2])), speaker, endsParagraph: false })
      } else {
        prose.push(markedLine(line))
      }
    }
    flushProse()
    const last = blocks.at(-1)
    if (blocks.length > start && last) last.endsParagraph = true
    paragraph = []
  }

  for (const raw of text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')) {
    if (FENCE.test(raw)) {
      flush()
      inFence = !inFence
      continue
    }
    if (inFence) continue
    const heading = HEADING.exec(raw)
    if (heading) {
      flush()
      chapter = stripInlineMarkdown(heading[2] ?? '').trim() || chapter
      continue
    }
    if (raw.trim() === '' || RULE.test(raw)) {
      flush()
      continue
    }
    paragraph.push(raw)
  }
  flush()
  return blocks
}
