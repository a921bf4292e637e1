import { AudioLines, FilePlus, FolderOpen, Pause, Play, Save, CircleStop, X } from 'lucide-react'
import type { ReactElement } from 'react'
import { acceleratorOf } from '../../../../../shared/domain/shortcuts'
import { IconButton } from '../../../components/ui/icon-button'
import { SplitButton } from '../../../components/ui/split-button'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { useBlockMarksStore } from '../stores/block-marks-store'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { isDirty, useScriptDocumentStore } from '../stores/script-document-store'
import { PlayingNow } from './script-status'
import { keysFor } from './toolbar-groups'

/** What the File group runs: the document's own actions. */
export interface FileActions {
  newScript: () => void
  open: () => void
  save: () => void
  saveAs: () => void
  close: () => void
}

/** The File group: New, Open…, Save with Save as… beside it, and Close. */
export function FileButtons(props: { actions: FileActions }): ReactElement {
  const dirty = useScriptDocumentStore((s) => isDirty(s))
  const { actions } = props
  return (
    <>
      <IconButton
        label="New script"
        icon={FilePlus}
        shortcut={acceleratorOf('script:new')}
        onClick={actions.newScript}
      />
      <IconButton
        label="Open…"
        hint="Open a project, or import text, Markdown, Word or EPUB"
        icon={FolderOpen}
        shortcut={acceleratorOf('script:open')}
        onClick={actions.open}
      />
      <SplitButton
        label={dirty ? 'Save (unsaved changes)' : 'Save'}
        icon={Save}
        shortcut={acceleratorOf('script:save')}
        badge={dirty}
        onClick={actions.save}
        menuLabel="More ways to save"
        items={[
          {
            id: 'save-as',
            label: 'Save as…',
            icon: Save,
            shortcut: acceleratorOf('script:saveAs'),
            onSelect: actions.saveAs,
          },
        ]}
      />
      <IconButton
        label="Close document"
        hint="Close this script (asks first when it has unsaved changes)"
        icon={X}
        onClick={actions.close}
      />
    </>
  )
}

/** The end of the row: pause, resume and stop while something plays, then Preview and Render. */
export function PlaybackButtons(props: {
  audio: ScriptAudio
  onPreview: () => void
}): ReactElement {
  const { audio } = props
  const playing = audio.status === 'playing' || audio.status === 'loading'
  // While a render runs its progress (with Cancel) is the thing to watch: Render… steps back.
  const rendering = useBlockMarksStore((s) => s.rendering)
  return (
    <>
      <PlayingNow audio={audio} />
      {playing && !audio.paused && (
        <IconButton label="Pause playback" icon={Pause} onClick={audio.pause} />
      )}
      {playing && audio.paused && (
        <IconButton label="Resume playback" icon={Play} onClick={audio.resume} />
      )}
      {/* A stop sign in a ring: a plain square beside Preview read as an unlabelled checkbox. */}
      {audio.status !== 'idle' && (
        <IconButton label="Stop" hint="Stop playback" icon={CircleStop} onClick={audio.stop} />
      )}
      <IconButton
        label="Preview"
        hint="Preview the block or selection where you are typing"
        icon={Play}
        showLabel
        shortcut={keysFor('Preview the block or selection where you are typing')}
        keepFocus
        onClick={props.onPreview}
      />
      <IconButton
        label="Render…"
        hint={
          rendering
            ? 'A render is under way: its progress and Cancel are below the script'
            : 'Render the script to audio files'
        }
        icon={AudioLines}
        showLabel
        tone={rendering ? 'plain' : 'primary'}
        disabled={rendering}
        shortcut={acceleratorOf('script:render')}
        onClick={() => useEditorUiStore.getState().setRenderDialogOpen(true)}
      />
    </>
  )
}
