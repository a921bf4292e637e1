import type { ScriptBlockInput } from '../../../../shared/domain/script'

/** Blocks of a plain-text script: blank lines separate blocks, each block is a paragraph. */
export function importPlainText(text: string): ScriptBlockInput[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk.length > 0)
    .map((chunk, i) => ({ id: `b${i + 1}`, text: chunk, endsParagraph: true }))
}
