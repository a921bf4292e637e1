import type { ScriptBlock } from '../../../../../shared/domain/script'
import type { MarkKind, TextMark } from '../../../../../shared/domain/text-marks'
import { addMark, removeMarks } from '../../../../../shared/domain/text-marks'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { insertBreak, wrapSelection } from './ssml-edits'

/** Spoken markup the toolbar and the keyboard apply: a pause, or a mark on the selection. */
export type MarkupKind = 'break' | 'emphasis' | 'slow' | 'fast'

/** The block under the caret and the selection in it, or null when no block has the caret. */
export function caretTarget(): {
  id: string
  block: ScriptBlock
  start: number
  end: number
} | null {
  const caret = useEditorUiStore.getState().caret
  const block = caret ? useScriptDocumentStore.getState().blocks.get(caret.blockId) : undefined
  if (caret === null || block === undefined) return null
  return { id: caret.blockId, block, start: caret.start, end: caret.end }
}

/** Gives a block new marks as one undo step and puts the caret back where it was. */
function commitMarks(id: string, marks: TextMark[], start: number, end: number): void {
  useScriptDocumentStore.getState().setMarks(id, marks)
  useEditorUiStore.getState().revealBlock(id, start, end)
}

/** Sets a mark over the selection (`value` null takes that kind of mark off it). */
export function markSelection(kind: Exclude<MarkKind, 'pause'>, value: string | null): void {
  const target = caretTarget()
  if (target === null || target.block.ssml || target.end <= target.start) return
  const { id, block, start, end } = target
  const length = block.text.length
  const marks =
    value === null
      ? removeMarks(block.marks ?? [], kind, start, end, length)
      : addMark(block.marks ?? [], { kind, start, end, value } as TextMark, length)
  commitMarks(id, marks, start, end)
}

/** A pause of `ms` at the caret (at the selection's end); null takes the pause there off. */
export function pauseAtCaret(ms: number | null): void {
  const target = caretTarget()
  if (target === null || target.block.ssml) return
  const { id, block, end } = target
  const marks =
    ms === null
      ? removeMarks(block.marks ?? [], 'pause', end, end, block.text.length)
      : addMark(block.marks ?? [], { kind: 'pause', start: end, end, ms }, block.text.length)
  commitMarks(id, marks, target.start, end)
}

/** Emphasis on the selection, or off it when all of it is emphasized already (Ctrl+B). */
export function toggleEmphasis(): void {
  const target = caretTarget()
  if (target === null || target.end <= target.start) return
  const covered = (target.block.marks ?? []).some(
    (m) => m.kind === 'emphasis' && m.start <= target.start && m.end >= target.end,
  )
  markSelection('emphasis', covered ? null : 'strong')
}

/**
 * Applies markup to the block under the caret: a mark on a plain block (a pause at the caret, or
 * the selection emphasized, slower or faster); on a block written in SSML, the tags themselves.
 */
export function applyMarkup(kind: MarkupKind): void {
  const target = caretTarget()
  if (target === null) return
  if (!target.block.ssml) {
    if (kind === 'break') pauseAtCaret(500)
    else if (kind === 'emphasis') toggleEmphasis()
    else markSelection('rate', kind)
    return
  }
  const { id, block, start, end } = target
  const edit =
    kind === 'break'
      ? insertBreak(block, start)
      : kind === 'emphasis'
        ? wrapSelection(block, start, end, '<emphasis level="strong">', '</emphasis>')
        : wrapSelection(block, start, end, `<prosody rate="${kind}">`, '</prosody>')
  if (edit === null) return
  useScriptDocumentStore.getState().updateBlock(id, { text: edit.text, ssml: true })
  useEditorUiStore.getState().revealBlock(id, edit.caret, edit.caret)
}
