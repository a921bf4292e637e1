import type { Project, ScriptBlock } from '../../../../shared/domain/script'
import { markdownOfMarked } from '../../../../shared/domain/marks-markdown'
import { replaceMarked } from '../../../../shared/domain/text-mark-edits'
import { tokenizeSsml } from '../plan/ssml-tokens'

/** The text formats a script is exported to (File > Export Script…). */
export type ScriptExportKind = 'markdown' | 'text'

/** The export kind a file name asks for: Markdown for `.md`/`.markdown`, plain text otherwise. */
export function exportKindOf(fileName: string): ScriptExportKind {
  return /\.(md|markdown)$/i.test(fileName) ? 'markdown' : 'text'
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
    }
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10))
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/**
 * The words an SSML block shows a reader: its text without the markup, a `<sub>` as the written
 * word it stands for (not its spoken alias), entities decoded. A block whose markup does not parse
 * (the render refuses it with its own message) loses its tags by a plain cut instead.
 */
export function writtenTextOfSsml(blockId: string, text: string): string {
  let parts: string[]
  try {
    parts = tokenizeSsml(blockId, text).map((token) => {
      if (token.kind === 'text') return text.slice(token.start, token.end)
      if (token.kind === 'sub') {
        return text.slice(text.indexOf('>', token.start) + 1, token.end - '</sub>'.length)
      }
      // A break reads as a space, so the words on either side stay apart.
      return token.kind === 'empty' ? ' ' : ''
    })
  } catch {
    parts = [text.replace(/<[^>]*>/g, ' ')]
  }
  return decodeEntities(parts.join('')).replace(/\s+/g, ' ').trim()
}

/** A plain block's words on one line; in Markdown with its marks (docs/marks.md). */
function plainWords(block: ScriptBlock, kind: ScriptExportKind): string {
  const oneLine = replaceMarked(
    { text: block.text, marks: block.marks ?? [] },
    /\s*\n\s*/g,
    () => ' ',
  )
  const trimmed = replaceMarked(oneLine, /^\s+|\s+$/g, () => '')
  return kind === 'markdown' ? markdownOfMarked(trimmed) : trimmed.text
}

/** A block as one line of the export: `SPEAKER: words` for a dialogue line, else its words. */
function blockLine(block: ScriptBlock, kind: ScriptExportKind): string | null {
  const words = block.ssml ? writtenTextOfSsml(block.id, block.text) : plainWords(block, kind)
  if (words === '') return null
  return block.speaker ? `${block.speaker}: ${words}` : words
}

/**
 * A script as text a writer can take back to a manuscript: one paragraph per paragraph of the
 * script (its blocks on lines of their own, dialogue as `SPEAKER: line`), and a chapter's heading
 * where the chapter starts: a Markdown `#` heading, or the heading alone on its line in plain text.
 * Markdown written here opens again as the same chapters, speakers and paragraphs; two prose
 * blocks of one paragraph come back as one block (Markdown joins the lines of a paragraph). A
 * block's marks are written in Markdown in the syntax of docs/marks.md and read back the same.
 * Empty blocks are left out. Ends with one newline.
 */
export function exportScript(project: Project, kind: ScriptExportKind): string {
  const paragraphs: string[] = []
  let lines: string[] = []
  let chapter: string | undefined
  const endParagraph = (): void => {
    if (lines.length > 0) paragraphs.push(lines.join('\n'))
    lines = []
  }
  for (const block of project.blocks) {
    if (block.chapter !== undefined && block.chapter !== chapter) {
      endParagraph()
      chapter = block.chapter
      paragraphs.push(kind === 'markdown' ? `# ${chapter}` : chapter)
    }
    const line = blockLine(block, kind)
    if (line !== null) lines.push(line)
    if (block.endsParagraph) endParagraph()
  }
  endParagraph()
  return paragraphs.length === 0 ? '' : `${paragraphs.join('\n\n')}\n`
}
