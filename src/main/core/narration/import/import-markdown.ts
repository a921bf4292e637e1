import type { ScriptBlockInput } from '../../../../shared/domain/script'

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
    let prose: string[] = []
    const flushProse = (): void => {
      const joined = prose.join(' ').trim()
      if (joined) pushBlock({ text: joined, endsParagraph: false })
      prose = []
    }
    for (const line of paragraph) {
      const match = DIALOGUE.exec(line)
      const speaker = match?.[1] ? known.get(match[1].trim().toLocaleLowerCase('en-US')) : undefined
      if (match?.[2] && speaker) {
        flushProse()
        pushBlock({ text: stripInlineMarkdown(match[2]).trim(), speaker, endsParagraph: false })
      } else {
        prose.push(stripInlineMarkdown(line).trim())
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
