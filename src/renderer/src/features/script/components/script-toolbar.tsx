import type { ReactElement } from 'react'
import { Toolbar } from '../../../components/ui/toolbar'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { ProjectSettingsDialog } from './project-settings'
import { CleanupDialog } from './cleanup-dialog'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { FileButtons, PlaybackButtons } from './toolbar-buttons'
import type { FileActions } from './toolbar-buttons'
import { editingGroups } from './toolbar-groups'

/**
 * The editor toolbar in one row: file, edit, markup and find/chapters/cast/lexicon groups (the
 * main actions with their words while the row has room; names and shortcuts in the tooltips),
 * then playback, Preview and Render at the end. When the window is narrow the words go first,
 * then the markup group and then find/cast/lexicon fold into a More menu. Another feature's group
 * (a `ToolbarGroupSpec` with its own `content` and a `fold`) goes into `groups` in one line.
 */
export function ScriptToolbar(props: {
  audio: ScriptAudio
  actions: FileActions
  onPreview: () => void
}): ReactElement {
  const canUndo = useScriptDocumentStore((s) => s.undoStack.length > 0)
  const canRedo = useScriptDocumentStore((s) => s.redoStack.length > 0)
  const hasSelection = useEditorUiStore((s) => s.caret !== null && s.caret.end > s.caret.start)
  const panel = useEditorUiStore((s) => s.panel)
  const outlineOpen = useEditorUiStore((s) => s.outlineOpen)
  const groups = [
    {
      id: 'file',
      label: 'File',
      actions: [],
      content: <FileButtons actions={props.actions} />,
    },
    ...editingGroups({ canUndo, canRedo, hasSelection, panel, outlineOpen }),
  ]
  return (
    <>
      <ProjectSettingsDialog audio={props.audio} />
      <CleanupDialog />
      <Toolbar
        label="Script editor"
        className="script-toolbar"
        groups={groups}
        end={<PlaybackButtons audio={props.audio} onPreview={props.onPreview} />}
      />
    </>
  )
}
