import {
  AudioLines,
  BookA,
  FilePlus,
  FolderOpen,
  Hourglass,
  Italic,
  Pause,
  Play,
  Rabbit,
  Redo2,
  Replace,
  Save,
  Search,
  Square,
  Turtle,
  Undo2,
  Users,
  X,
  SlidersHorizontal,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import type { ReactElement } from 'react'
import { SHORTCUTS, acceleratorOf } from '../../../../../shared/domain/shortcuts'
import { IconButton } from '../../../components/ui/icon-button'
import { SplitButton } from '../../../components/ui/split-button'
import { Toolbar } from '../../../components/ui/toolbar'
import type { ToolbarGroupSpec } from '../../../components/ui/toolbar'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { ProjectSettingsDialog } from './project-settings'
import { insertBreak, wrapSelection } from '../hooks/ssml-edits'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { isDirty, useScriptDocumentStore } from '../stores/script-document-store'

/** macOS uses ⌘ where other systems use Ctrl. */
export const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

/** The keys of a Script shortcut, from the one list the menu and the shortcuts sheet share. */
function keysFor(action: string): string | undefined {
  return SHORTCUTS.find((s) => s.group === 'Script' && s.action === action)?.keys
}

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

/** The markup that wraps a selection, in toolbar order; each needs some text selected. */
const SELECTION_MARKUP: {
  kind: 'emphasis' | 'slow' | 'fast'
  label: string
  hint: string
  icon: LucideIcon
}[] = [
  { kind: 'emphasis', label: 'Emphasis', hint: 'Emphasize the selection', icon: Italic },
  { kind: 'slow', label: 'Slower', hint: 'Speak the selection slower', icon: Turtle },
  { kind: 'fast', label: 'Faster', hint: 'Speak the selection faster', icon: Rabbit },
]

/** The side panels the toolbar shows or hides. */
const PANELS: { panel: 'cast' | 'lexicon'; label: string; hint: string; icon: LucideIcon }[] = [
  { panel: 'cast', label: 'Cast', hint: 'Cast: speakers and their voices', icon: Users },
  {
    panel: 'lexicon',
    label: 'Lexicon',
    hint: 'Lexicon: words and how they are spoken',
    icon: BookA,
  },
]

function togglePanel(panel: 'cast' | 'lexicon'): void {
  const ui = useEditorUiStore.getState()
  ui.setPanel(ui.panel === panel ? null : panel)
}

/**
 * The editor toolbar in one row: file, edit, markup and find/cast/lexicon groups of icon buttons
 * (names and shortcuts in their tooltips), then playback, Preview and Render at the end. When the
 * window is narrow, the markup group and then find/cast/lexicon fold into a More menu.
 */
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
  const panel = useEditorUiStore((s) => s.panel)
  const { audio, actions } = props
  const playing = audio.status === 'playing' || audio.status === 'loading'
  const needsSelection = hasSelection ? '' : ' (select some text first)'

  const groups: ToolbarGroupSpec[] = [
    {
      id: 'file',
      label: 'File',
      actions: [],
      content: (
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
      ),
    },
    {
      id: 'edit',
      label: 'Edit',
      fold: 1,
      actions: [
        {
          id: 'undo',
          label: 'Undo',
          icon: Undo2,
          shortcut: acceleratorOf('edit:undo'),
          disabled: !canUndo,
          onSelect: () => useScriptDocumentStore.getState().undo(),
        },
        {
          id: 'redo',
          label: 'Redo',
          icon: Redo2,
          shortcut: acceleratorOf('edit:redo'),
          disabled: !canRedo,
          onSelect: () => useScriptDocumentStore.getState().redo(),
        },
      ],
    },
    {
      id: 'markup',
      label: 'Spoken markup',
      fold: 3,
      actions: [
        {
          id: 'break',
          label: 'Insert a pause',
          hint: 'Insert a 500 ms pause at the caret',
          icon: Hourglass,
          shortcut: keysFor('Insert a 500 ms pause at the caret'),
          keepFocus: true,
          onSelect: () => applyMarkup('break'),
        },
        ...SELECTION_MARKUP.map((markup) => ({
          id: markup.kind,
          label: `${markup.label}${needsSelection}`,
          hint: `${markup.hint}${needsSelection}`,
          icon: markup.icon,
          disabled: !hasSelection,
          keepFocus: true,
          onSelect: () => applyMarkup(markup.kind),
        })),
      ],
    },
    {
      id: 'find',
      label: 'Find and cast',
      fold: 2,
      actions: [
        {
          id: 'find',
          label: 'Find',
          icon: Search,
          shortcut: keysFor('Find'),
          onSelect: () => useEditorUiStore.getState().openFind(false),
        },
        {
          id: 'replace',
          label: 'Replace',
          hint: 'Find and replace',
          icon: Replace,
          shortcut: keysFor('Find and replace'),
          onSelect: () => useEditorUiStore.getState().openFind(true),
        },
        ...PANELS.map((toggle) => ({
          id: toggle.panel,
          label: toggle.label,
          hint: toggle.hint,
          icon: toggle.icon,
          pressed: panel === toggle.panel,
          onSelect: () => togglePanel(toggle.panel),
        })),
        {
          id: 'settings',
          label: 'Project settings…',
          hint: 'Project settings: pauses, language, model and loudness',
          icon: SlidersHorizontal,
          onSelect: () => useEditorUiStore.getState().setProjectSettingsOpen(true),
        },
      ],
    },
  ]

  return (
    <>
      <ProjectSettingsDialog />
      <Toolbar
        label="Script editor"
        className="script-toolbar"
        groups={groups}
        end={
          <>
            {playing && !audio.paused && (
              <IconButton label="Pause playback" icon={Pause} onClick={audio.pause} />
            )}
            {playing && audio.paused && (
              <IconButton label="Resume playback" icon={Play} onClick={audio.resume} />
            )}
            {audio.status !== 'idle' && (
              <IconButton label="Stop" hint="Stop playback" icon={Square} onClick={audio.stop} />
            )}
            <IconButton
              label="Preview"
              hint="Preview the block or selection at the caret"
              icon={Play}
              showLabel
              shortcut={keysFor('Preview the block or selection at the caret')}
              keepFocus
              onClick={props.onPreview}
            />
            <IconButton
              label="Render…"
              hint="Render the script to audio files"
              icon={AudioLines}
              showLabel
              tone="primary"
              shortcut={acceleratorOf('script:render')}
              onClick={() => useEditorUiStore.getState().setRenderDialogOpen(true)}
            />
          </>
        }
      />
    </>
  )
}
