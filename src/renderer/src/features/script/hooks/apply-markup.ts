import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { insertBreak, wrapSelection } from './ssml-edits'

/** Spoken markup the toolbar and the keyboard apply: a pause, or a wrap of the selection. */
export type MarkupKind = 'break' | 'emphasis' | 'slow' | 'fast'

/** Applies markup to the block under the caret (break at the caret, or a wrap of the selection). */
export function applyMarkup(kind: MarkupKind): void {
  const caret = useEditorUiStore.getState().caret
  const store = useScriptDocumentStore.getState()
  const block = caret ? store.blocks.get(caret.blockId) : undefined
  if (caret === null || block === undefined) return
  const edit =
    kind === 'break'
      ? insertBreak(block, caret.start)
      : kind === 'emphasis'
        ? wrapSelection(block, caret.start, caret.end, '<emphasis level="strong">', '</emphasis>')
        : wrapSelection(block, caret.start, caret.end, `<prosody rate="${kind}">`, '</prosody>')
  if (edit === null) return
  store.updateBlock(caret.blockId, { text: edit.text, ssml: true })
  useEditorUiStore.getState().revealBlock(caret.blockId, edit.caret, edit.caret)
}
