import type { ReactElement } from 'react'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { insertBreak, wrapSelection } from '../hooks/ssml-edits'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { isDirty, useScriptDocumentStore } from '../stores/script-document-store'
import { ProjectSettingsButton } from './project-settings'

/** macOS uses ⌘ where other systems use Ctrl. */
export const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
const mod = isMac ? '⌘' : 'Ctrl+'

/** Applies markup to the block under the caret (break at the caret, or a wrap of the selection). */
export function applyMarkup(kind: 'break' | 'emphasis' | 'slow' | 'fast'): void {
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

/** The editor toolbar: file actions, undo/redo, markup, find, preview and render, with shortcuts in tooltips. */
/** A toolbar button that marks up the selection (or the caret) in the focused block. */
function MarkupButton(props: {
  kind: Parameters<typeof applyMarkup>[0]
  label: string
  title: string
  disabled?: boolean
}): ReactElement {
  return (
    <button
      type="button"
      className="button button--small"
      title={props.title}
      disabled={props.disabled ?? false}
      // Keep the focus (and the selection) in the block's text while clicking.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => applyMarkup(props.kind)}
    >
      {props.label}
    </button>
  )
}

export function ScriptToolbar(props: {
  audio: ScriptAudio
  actions: {
    newScript: () => void
    open: () => void
    save: () => void
    saveAs: () => void
    close: () => void
  }
  onPreview: () => void
}): ReactElement {
  const canUndo = useScriptDocumentStore((s) => s.undoStack.length > 0)
  const canRedo = useScriptDocumentStore((s) => s.redoStack.length > 0)
  const dirty = useScriptDocumentStore((s) => isDirty(s))
  const hasSelection = useEditorUiStore((s) => s.caret !== null && s.caret.end > s.caret.start)
  const { audio } = props
  const playing = audio.status === 'playing' || audio.status === 'loading'

  return (
    <div className="script-toolbar" role="toolbar" aria-label="Script editor">
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          title="New script"
          onClick={props.actions.newScript}
        >
          New
        </button>
        <button
          type="button"
          className="button button--small"
          title={`Open a project or import .txt, Markdown, Word or EPUB (${mod}O)`}
          onClick={props.actions.open}
        >
          Open…
        </button>
        <button
          type="button"
          className="button button--small"
          title={`Save (${mod}S)`}
          onClick={props.actions.save}
        >
          Save{dirty ? ' •' : ''}
        </button>
        <button
          type="button"
          className="button button--small"
          title={`Save as (Shift+${mod}S)`}
          onClick={props.actions.saveAs}
        >
          Save as…
        </button>
        <button
          type="button"
          className="button button--small"
          title="Close this script (asks first when it has unsaved changes)"
          aria-label="Close document"
          onClick={props.actions.close}
        >
          Close
        </button>
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          title={`Undo (${mod}Z)`}
          disabled={!canUndo}
          onClick={() => useScriptDocumentStore.getState().undo()}
        >
          Undo
        </button>
        <button
          type="button"
          className="button button--small"
          title={`Redo (Shift+${mod}Z)`}
          disabled={!canRedo}
          onClick={() => useScriptDocumentStore.getState().redo()}
        >
          Redo
        </button>
      </div>
      <div className="button-row">
        <MarkupButton
          kind="break"
          label="Pause"
          title={`Insert a 500 ms pause at the caret (${mod}B)`}
        />
        <MarkupButton
          kind="emphasis"
          label="Emphasis"
          title="Emphasize the selection"
          disabled={!hasSelection}
        />
        <MarkupButton
          kind="slow"
          label="Slower"
          title="Speak the selection slower"
          disabled={!hasSelection}
        />
        <MarkupButton
          kind="fast"
          label="Faster"
          title="Speak the selection faster"
          disabled={!hasSelection}
        />
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          title={`Find (${mod}F)`}
          onClick={() => useEditorUiStore.getState().openFind(false)}
        >
          Find
        </button>
        <button
          type="button"
          className="button button--small"
          title={`Replace (${mod}H)`}
          onClick={() => useEditorUiStore.getState().openFind(true)}
        >
          Replace
        </button>
        <button
          type="button"
          className="button button--small"
          title="Speakers and their voices"
          onClick={() =>
            useEditorUiStore
              .getState()
              .setPanel(useEditorUiStore.getState().panel === 'cast' ? null : 'cast')
          }
        >
          Cast
        </button>
        <button
          type="button"
          className="button button--small"
          title="Words and how they are spoken"
          onClick={() =>
            useEditorUiStore
              .getState()
              .setPanel(useEditorUiStore.getState().panel === 'lexicon' ? null : 'lexicon')
          }
        >
          Lexicon
        </button>
        <ProjectSettingsButton />
      </div>
      <div className="button-row script-toolbar__end">
        <button
          type="button"
          className="button button--small"
          title={`Preview the block or selection at the caret (${mod}Enter)`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={props.onPreview}
        >
          Preview
        </button>
        {playing && !audio.paused && (
          <button type="button" className="button button--small" onClick={audio.pause}>
            Pause
          </button>
        )}
        {playing && audio.paused && (
          <button type="button" className="button button--small" onClick={audio.resume}>
            Play
          </button>
        )}
        {audio.status !== 'idle' && (
          <button type="button" className="button button--small" onClick={audio.stop}>
            Stop
          </button>
        )}
        <button
          type="button"
          className="button button--small button--primary"
          title="Render the script to audio files"
          onClick={() => useEditorUiStore.getState().setRenderDialogOpen(true)}
        >
          Render…
        </button>
      </div>
    </div>
  )
}
