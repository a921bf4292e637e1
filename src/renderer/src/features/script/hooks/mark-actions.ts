import { marksOfSsml } from '../../../../../shared/domain/ssml-marks'
import type { MarkKind } from '../../../../../shared/domain/text-marks'
import { removeMarks } from '../../../../../shared/domain/text-marks'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useMarksUiStore } from '../stores/marks-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { caretTarget } from './apply-markup'

const ALL_KINDS: readonly MarkKind[] = [
  'emphasis',
  'emotion',
  'rate',
  'pitch',
  'volume',
  'alias',
  'pause',
]

/** Takes every mark off the selection (one undo step). */
export function clearSelectionMarks(): void {
  const target = caretTarget()
  if (target === null || target.end <= target.start) return
  const { id, block, start, end } = target
  let marks = block.marks ?? []
  for (const kind of ALL_KINDS) marks = removeMarks(marks, kind, start, end, block.text.length)
  useScriptDocumentStore.getState().setMarks(id, marks)
  useEditorUiStore.getState().revealBlock(id, start, end)
}

/** Speaks the selection with its marks at once, through the editor's preview. */
export function previewSelection(): void {
  const target = caretTarget()
  if (target === null) return
  useMarksUiStore.getState().preview?.(target.id, { start: target.start, end: target.end })
}

/**
 * Turns an SSML block into plain text with marks, as one undo step; null when done, else why it
 * stays SSML (in words).
 */
export function turnIntoMarks(id: string): string | null {
  const block = useScriptDocumentStore.getState().blocks.get(id)
  if (block === undefined || !block.ssml) return null
  const marked = marksOfSsml(block.text)
  if (marked === null) {
    return 'Some of its SSML has no mark (another tag, or a value such as a percentage). It stays SSML; edit the tags by hand.'
  }
  useScriptDocumentStore
    .getState()
    .updateBlock(id, { text: marked.text, ssml: false, marks: marked.marks })
  useEditorUiStore.getState().revealBlock(id, 0, 0)
  return null
}

/** Opens the marks popover on the block under the caret (Ctrl+E, the marks bar). */
export function openMarksPopover(): boolean {
  const target = caretTarget()
  if (target === null) return false
  useMarksUiStore.getState().openPopover(target.id)
  return true
}
